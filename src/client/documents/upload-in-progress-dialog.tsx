import { Modal } from '../components/modal';
import { t } from '../i18n/documents-texts';

/** SPEC §4 "Tabs": a tab that owns a file cannot be left while its upload is under way. */
export function UploadInProgressDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      title={t('upload.inProgressTitle')}
      onDismiss={onClose}
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('upload.inProgressOk')}
        </button>
      }
    >
      <p>{t('upload.inProgressBody')}</p>
    </Modal>
  );
}
