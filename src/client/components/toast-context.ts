import { createContext, useContext } from 'react';
import { BadConfigurationError } from '../api/errors';

export type ToastKind = 'success' | 'error';

/** SPEC §9: toasts stay 5000 ms by default and 300000 ms when they report an error. */
export const toastDurations: Record<ToastKind, number> = { success: 5000, error: 300000 };

/** SPEC §9: a success toast dragged sideways this many pixels or more is dismissed. */
export const toastSwipeThreshold = 50;

interface ToastOptions {
  kind: ToastKind;
  /** Shown in bold above the message, e.g. "Sign Up Error". */
  title?: string;
  message: string;
  /** Extra lines under the message, e.g. the server's per-field errors. */
  details?: string[];
  duration?: number;
}

export interface Toast extends ToastOptions {
  id: number;
  duration: number;
}

export interface ToastApi {
  show: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
  /** Closes every toast of one kind (a refused submit closes the "saved" ones). */
  dismissKind: (kind: ToastKind) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** Shows and dismisses toasts; needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new BadConfigurationError('useToast must be used inside a ToastProvider.');
  return api;
}
