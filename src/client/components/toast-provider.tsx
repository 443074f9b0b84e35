import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, toastDurations, type Toast, type ToastApi } from './toast-context';
import { ToastRegion } from './toast-region';

/** Holds the visible toasts and renders them in one region at the end of the page. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const dismissKind = useCallback((kind: Toast['kind']) => {
    setToasts((current) => current.filter((toast) => toast.kind !== kind));
  }, []);

  const show = useCallback<ToastApi['show']>((options) => {
    const id = nextId.current++;
    const toast: Toast = {
      ...options,
      id,
      duration: options.duration ?? toastDurations[options.kind],
    };
    setToasts((current) => [...current, toast]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ show, dismiss, dismissKind }),
    [show, dismiss, dismissKind],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}
