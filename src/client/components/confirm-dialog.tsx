import { useRef, type ReactNode } from 'react';
import { BusyButton } from './busy-button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** The button that goes ahead. */
  confirmLabel: string;
  /** What it does cannot be undone (a file deleted): the button is red. Default true. */
  danger?: boolean;
  /** The button that leaves everything as it is; it takes focus, so Enter never destroys. */
  cancelLabel: string;
  /** The confirmed action is under way: both buttons wait and the dialog stays. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/**
 * The product's confirmation before something that cannot be undone (deleting a file, a tab
 * switch that deletes one) or that replaces what was saved: the @reach/dialog modal with the
 * button that keeps things first and focused.
 */
export function ConfirmDialog({
  isOpen,
  title,
  confirmLabel,
  cancelLabel,
  danger = true,
  busy = false,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onDismiss={busy ? undefined : onCancel}
      initialFocusRef={cancel}
      actions={
        <>
          <BusyButton
            ref={cancel}
            className="button button--secondary"
            busy={busy}
            announcesBusy={false}
            onClick={onCancel}
          >
            {cancelLabel}
          </BusyButton>
          <BusyButton
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            busy={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </BusyButton>
        </>
      }
    >
      {children}
    </Modal>
  );
}
