import { useRef } from 'react';
import { Modal } from '../components/modal';

interface DeleteFileDialogProps {
  isOpen: boolean;
  /** The deletion is under way: both buttons wait. */
  busy: boolean;
  onCancel: () => void;
  onDelete: () => void;
}

/**
 * The confirmation before an attached file is deleted (SPEC §4 "File upload"). Cancel takes
 * focus first, so Enter on opening never deletes.
 */
export function DeleteFileDialog({ isOpen, busy, onCancel, onDelete }: DeleteFileDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      isOpen={isOpen}
      title="Delete File"
      onDismiss={busy ? undefined : onCancel}
      initialFocusRef={cancel}
      actions={
        <>
          <button
            ref={cancel}
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onCancel}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onDelete}
          >
            Delete
          </button>
        </>
      }
    >
      <p>Are you sure you want to delete your file?</p>
    </Modal>
  );
}
