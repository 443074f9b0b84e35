import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Notice } from '../../components/notice';
import { TextField } from '../../components/text-field';
import { downloadApplicantData, staffApi } from '../staff-api';
import { StaffPage } from '../staff-page';
import { ConfirmRequestDialog } from './confirm-request-dialog';

type Request = 'export' | 'erase';

const requests: Record<Request, { title: string; description: string; confirmLabel: string }> = {
  export: {
    title: 'Export everything held about this applicant',
    description:
      'A zip file with their account, answers and every document as JSON and PDF. The export is recorded in the audit log.',
    confirmLabel: 'Export',
  },
  erase: {
    title: 'Erase this applicant',
    description:
      'Their answers, documents and files, sessions and account are deleted for good. This cannot be undone; the audit log keeps a record that it was done.',
    confirmLabel: 'Erase for good',
  },
};

/** /staff/data-requests: answer an applicant's request to see or delete what is held (FERPA/GDPR). */
export function DataRequestsPage() {
  const [email, setEmail] = useState('');
  const [open, setOpen] = useState<Request>();
  const exportData = useMutation({
    mutationFn: (confirm: string) => downloadApplicantData(email.trim(), confirm),
    onSuccess: () => setOpen(undefined),
  });
  const erase = useMutation({
    mutationFn: (confirm: string) => staffApi.eraseApplicant({ email: email.trim(), confirm }),
    onSuccess: () => setOpen(undefined),
  });
  const ask = (request: Request) => (event?: FormEvent) => {
    event?.preventDefault();
    exportData.reset();
    erase.reset();
    if (email.trim()) setOpen(request);
  };
  const erased = erase.data?.erased;

  return (
    <StaffPage title="Data requests" hasErrors={exportData.isError || erase.isError}>
      <p>
        When an applicant asks for a copy of what the university holds about them, or for it to be
        deleted, enter their e-mail address and choose what to do. You will be asked to type the
        address again.
      </p>
      <form className="staff-form" onSubmit={ask('export')}>
        <TextField
          id="request-email"
          name="email"
          type="email"
          label="Applicant's e-mail address"
          value={email}
          onChange={setEmail}
        />
        <div className="staff-form__buttons">
          <button type="submit" className="button button--primary">
            Export their data
          </button>
          <button type="button" className="button button--secondary" onClick={ask('erase')}>
            Erase the applicant
          </button>
        </div>
      </form>
      {exportData.isSuccess && (
        <Notice kind="success">The export of {email.trim()} has been downloaded.</Notice>
      )}
      {erased && (
        <Notice kind="success">
          {erased.email} has been erased: {erased.answers} answers, {erased.documents} documents,{' '}
          {erased.blobs} stored files and {erased.sessions} sessions.
        </Notice>
      )}
      {open && (
        <ConfirmRequestDialog
          isOpen
          {...requests[open]}
          email={email.trim()}
          busy={exportData.isPending || erase.isPending}
          error={exportData.error ?? erase.error}
          onConfirm={(confirm) => (open === 'export' ? exportData : erase).mutate(confirm)}
          onCancel={() => setOpen(undefined)}
        />
      )}
    </StaffPage>
  );
}
