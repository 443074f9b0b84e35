import type { ReactNode } from 'react';
import { Modal } from '../components/modal';
import { t } from '../i18n/i18n';

interface ErrorDialogProps {
  title: string;
  /** Close, Escape and a click outside all call this. */
  onClose: () => void;
  children: ReactNode;
}

/** A dialog that reports an error (SPEC §8): its texts and one Close button. */
export function ErrorDialog({ title, onClose, children }: ErrorDialogProps) {
  return (
    <Modal
      isOpen
      title={title}
      onDismiss={onClose}
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('app.close')}
        </button>
      }
    >
      {children}
    </Modal>
  );
}
