import { useEffect, useRef } from 'react';
import type { Toast } from './toast-context';
import { ToastItem } from './toast-item';
import '../styles/toast.css';
import { t } from '../i18n/i18n';

const hotkey = 'F8';

interface ToastRegionProps {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}

/** The notifications landmark; F8 moves focus into it (SPEC §9). */
export function ToastRegion({ toasts, onDismiss }: ToastRegionProps) {
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== hotkey) return;
      event.preventDefault();
      const target = region.current?.querySelector<HTMLElement>('button') ?? region.current;
      target?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={region}
      className="toast-region"
      aria-label={t('toasts.label', { hotkey })}
      tabIndex={-1}
    >
      <div className="toast-region__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </section>
  );
}
