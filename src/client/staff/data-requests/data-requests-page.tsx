import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { findApplicant } from '../find-applicant';
import { QueryError } from '../query-error';
import { downloadApplicantData, staffApi } from '../staff-api';
import { StaffPage } from '../staff-page';
import { StatusMessage, useAnnouncement } from '../ui/status-message';
import type { ApplicationRow } from '../../../contract/staff-applications';
import { ConfirmRequestDialog } from './confirm-request-dialog';
import { EmailField, SubmitButton } from '../ui/form-controls';
import { useEmailInput } from '../ui/use-email-input';

type Request = 'export' | 'erase';

const requests: Record<
  Request,
  { title: string; description: string; confirmLabel: string; danger: boolean }
> = {
  export: {
    title: 'Export everything held about this applicant',
    description:
      'A zip file with their account, answers and every document as JSON and PDF. The export is recorded in the audit log.',
    confirmLabel: 'Export',
    danger: false,
  },
  erase: {
    title: 'Erase this applicant',
    description:
      'Their answers, documents and files, sessions and account are deleted for good. This cannot be undone; the audit log keeps a record that it was done.',
    confirmLabel: 'Erase for good',
    danger: true,
  },
};

/**
 * /staff/data-requests: answer an applicant's request to see or delete what is held (FERPA/GDPR).
 * The address is looked up first, so an unknown one is said at once, and the confirmation shows
 * who will be exported or erased.
 */
export function DataRequestsPage() {
  const email = useEmailInput('request-email', "Applicant's e-mail address");
  const [open, setOpen] = useState<{ request: Request; applicant: ApplicationRow }>();
  const find = useMutation({
    mutationFn: (input: { request: Request; email: string }) =>
      findApplicant(input.email).then((applicant) => ({ request: input.request, applicant })),
    onSuccess: setOpen,
  });
  const { announcement, announce } = useAnnouncement();
  const exportData = useMutation({
    mutationFn: (confirm: string) => downloadApplicantData(email.value, confirm),
    onSuccess: () => {
      setOpen(undefined);
      announce('success', `The export of ${email.value} has been downloaded.`);
    },
  });
  const erase = useMutation({
    mutationFn: (confirm: string) => staffApi.eraseApplicant({ email: email.value, confirm }),
    onSuccess: ({ erased }) => {
      setOpen(undefined);
      announce(
        'success',
        `${erased.email} has been erased: ${erased.answers} answers, ${erased.documents} documents, ${erased.blobs} stored files and ${erased.sessions} sessions.`,
      );
    },
  });
  const ask = (request: Request) => (event?: FormEvent) => {
    event?.preventDefault();
    exportData.reset();
    erase.reset();
    find.reset();
    const address = email.check();
    if (address) find.mutate({ request, email: address });
  };

  return (
    <StaffPage
      title="Data requests"
      hasErrors={
        email.field.errors.length > 0 || find.isError || exportData.isError || erase.isError
      }
    >
      <p>
        When an applicant asks for a copy of what the university holds about them, or for it to be
        deleted, enter their e-mail address and choose what to do. You will be asked to type the
        address again.
      </p>
      <form className="staff-form" noValidate onSubmit={ask('export')}>
        <EmailField {...email.field} />
        <div className="staff-form__buttons">
          <SubmitButton busy={find.isPending}>Export their data</SubmitButton>
          <button
            type="button"
            className="button button--secondary"
            disabled={find.isPending}
            onClick={ask('erase')}
          >
            Erase the applicant
          </button>
        </div>
      </form>
      <QueryError error={find.error} />
      <StatusMessage announcement={announcement} />
      {open && (
        <ConfirmRequestDialog
          isOpen
          {...requests[open.request]}
          applicant={open.applicant}
          busy={exportData.isPending || erase.isPending}
          error={exportData.error ?? erase.error}
          onConfirm={(confirm) => (open.request === 'export' ? exportData : erase).mutate(confirm)}
          onCancel={() => setOpen(undefined)}
        />
      )}
    </StaffPage>
  );
}
