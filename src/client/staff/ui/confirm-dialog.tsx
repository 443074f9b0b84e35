import { useRef, type ReactNode } from 'react';
import { Modal } from '../../components/modal';
import { QueryError } from '../query-error';

interface ConfirmDialogProps {
  title: string;
  confirmLabel: string;
  /** A change that cannot be undone: its button is red. */
  danger?: boolean;
  busy: boolean;
  /** The change's failure, said in the dialog where the member is. */
  error: Error | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** What will happen, and to whom. */
  children: ReactNode;
}

/**
 * Every change of state in the console is confirmed here first (revoke a link, remove a member,
 * change a role). Cancel has the focus when it opens, so Enter pressed by habit changes nothing.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  danger = false,
  busy,
  error,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      isOpen
      title={title}
      onDismiss={onCancel}
      size="xs"
      initialFocusRef={cancel}
      actions={
        <>
          <button
            type="button"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
          <button
            type="button"
            className="button button--secondary"
            ref={cancel}
            onClick={onCancel}
          >
            Cancel
          </button>
        </>
      }
    >
      {children}
      <QueryError error={error} />
    </Modal>
  );
}
