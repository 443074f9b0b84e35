import { useState, type FormEvent } from 'react';
import { Modal } from '../../components/modal';
import { QueryError } from '../query-error';
import { staffMessages } from '../staff-messages';
import { formatDateTime, statusLabels } from '../staff-format';
import type { ApplicationRow } from '../../../contract/staff-applications';
import { EmailField } from '../ui/form-controls';

interface ConfirmRequestDialogProps {
  isOpen: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  description: string;
  /** Who the request is about, as the applications list shows them. */
  applicant: ApplicationRow;
  confirmLabel: string;
  /** Cannot be undone: the button is red. */
  danger?: boolean;
  busy: boolean;
  /** The request's failure, shown in the dialog where the administrator is. */
  error: Error | null;
  onConfirm: (confirm: string) => void;
  onCancel: () => void;
}

/**
 * The confirmation step of a data request: the administrator types the applicant's e-mail again,
 * so an export or erasure never happens to the wrong person by a slip. The server checks the
 * same (confirm must equal email).
 */
export function ConfirmRequestDialog({
  isOpen,
  title,
  description,
  applicant,
  confirmLabel,
  danger = false,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmRequestDialogProps) {
  const email = applicant.email;
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();
    setMismatch(!matches);
    if (matches) onConfirm(typed.trim());
    else document.getElementById('confirm-email')?.focus();
  };
  const close = () => {
    setTyped('');
    setMismatch(false);
    onCancel();
  };
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onDismiss={close}
      size="s"
      actions={
        <>
          <button
            type="submit"
            form="confirm-request"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            disabled={busy}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
        </>
      }
    >
      <p>{description}</p>
      <QueryError error={error} />
      <form id="confirm-request" noValidate onSubmit={submit}>
        <dl className="staff-facts">
          <dt>Applicant</dt>
          <dd>{applicant.name || 'No name given'}</dd>
          <dt>E-mail</dt>
          <dd>{email}</dd>
          <dt>Status</dt>
          <dd>{statusLabels[applicant.status]}</dd>
          <dt>Submitted</dt>
          <dd>{applicant.submittedAt ? formatDateTime(applicant.submittedAt) : 'Not submitted'}</dd>
          <dt>Documents</dt>
          <dd>{applicant.documents}</dd>
        </dl>
        <EmailField
          id="confirm-email"
          label="Type the applicant's e-mail address again to confirm"
          value={typed}
          onChange={setTyped}
          errors={mismatch ? [staffMessages.confirmMismatch] : []}
        />
      </form>
    </Modal>
  );
}
