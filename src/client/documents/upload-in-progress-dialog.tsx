import { Modal } from '../components/modal';

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
      title="File Upload in Progress"
      onDismiss={onClose}
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          OK
        </button>
      }
    >
      <p>Please wait until the file upload has completed.</p>
    </Modal>
  );
}
