import { ConfirmDialog } from '../components/confirm-dialog';

interface DeleteFileDialogProps {
  isOpen: boolean;
  /** The deletion is under way: both buttons wait. */
  busy: boolean;
  onCancel: () => void;
  onDelete: () => void;
}

/** The confirmation before an attached file is deleted (SPEC §4 "File upload"). */
export function DeleteFileDialog({ isOpen, busy, onCancel, onDelete }: DeleteFileDialogProps) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title="Delete File"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onDelete}
    >
      <p>Are you sure you want to delete your file?</p>
    </ConfirmDialog>
  );
}
