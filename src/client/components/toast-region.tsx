import { lazy, Suspense, useEffect, useRef } from 'react';
import { afterFirstLoad } from './after-first-load';
import { CloseButton } from './close-button';
import { LoadBoundary } from './load-boundary';
import type { Toast } from './toast-context';
import { ToastText } from './toast-text';
import '../styles/toast.css';
import { t } from '../i18n/i18n';

const hotkey = 'F8';

// A toast's behaviour (its timer, pausing, swiping) is not part of a page's first load: it is
// fetched after it (afterFirstLoad), long before any save or failure has something to say.
const loadItem = () => import('./toast-item');
const lazyItem = () => lazy(() => loadItem().then((module) => ({ default: module.ToastItem })));
// React.lazy keeps a failed load for good; after a failure the next toast starts a new one.
let LazyItem = lazyItem();
const retryNextTime = () => {
  LazyItem = lazyItem();
};

interface ToastProps {
  toast: Toast;
  onDismiss: (id: number) => void;
}

/**
 * A toast whose code could not be fetched (offline, say, which is when a save fails): its title,
 * message and details, announced as the toast would be, and its Close button; it stays until
 * closed.
 */
function PlainToast({ toast, onDismiss }: ToastProps) {
  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
    >
      <div className="toast__body">
        <ToastText toast={toast} />
      </div>
      <CloseButton className="toast__close" onClick={() => onDismiss(toast.id)} />
    </div>
  );
}

/** The notifications landmark; F8 moves focus into it (SPEC §9). */
export function ToastRegion({
  toasts,
  onDismiss,
}: { toasts: Toast[] } & Pick<ToastProps, 'onDismiss'>) {
  const region = useRef<HTMLElement>(null);

  useEffect(() => afterFirstLoad(() => void loadItem().catch(() => undefined)), []);
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
          <LoadBoundary
            key={toast.id}
            fallback={<PlainToast toast={toast} onDismiss={onDismiss} />}
            onError={retryNextTime}
          >
            <Suspense fallback={null}>
              <LazyItem toast={toast} onDismiss={onDismiss} />
            </Suspense>
          </LoadBoundary>
        ))}
      </div>
    </section>
  );
}
