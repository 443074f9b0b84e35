import { ConfirmDialog } from '../components/confirm-dialog';
import { t } from '../i18n/documents-texts';

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
      title={t('upload.deleteTitle')}
      confirmLabel={t('upload.delete')}
      cancelLabel={t('upload.deleteCancel')}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onDelete}
    >
      <p>{t('upload.deleteConfirm')}</p>
    </ConfirmDialog>
  );
}
