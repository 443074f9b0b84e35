/**
 * What a modal is given: said apart from modal.tsx, which loads the dialog (modal-dialog.tsx) on
 * demand, so that the dialog reads the props without importing the module that imports it.
 */
import type { ReactNode, RefObject } from 'react';

/** SPEC §9 modal widths: xs 30rem, s 60rem, m 80vw (on tablets 30rem, 70vw, 90vw). */
type ModalSize = 'xs' | 's' | 'm';

export interface ModalProps {
  isOpen: boolean;
  title: string;
  /**
   * Escape, a click outside and the Close button call this; without it none of them close. The
   * Close button (×) shows only for a modal without its own action buttons.
   */
  onDismiss?: () => void;
  size?: ModalSize;
  /** The element that takes focus when the modal opens (default: the first focusable one). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Buttons under the content. */
  actions?: ReactNode;
  children: ReactNode;
}
