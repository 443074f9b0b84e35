import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { toastSwipeThreshold, type Toast } from './toast-context';
import { CloseButton } from './close-button';
import { ToastText } from './toast-text';

interface ToastItemProps {
  toast: Toast;
  onDismiss: (id: number) => void;
}

/**
 * One toast. It closes itself after its duration, except while the pointer or focus is on it
 * (so nobody loses a message they are reading), and always has a Close button. A success toast
 * can also be swiped away: dragged sideways at least 50 px.
 */
export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const [paused, setPaused] = useState({ hover: false, focus: false });
  const { id, duration } = toast;
  const isPaused = paused.hover || paused.focus;
  const swipe = useSwipe(toast.kind === 'success', () => onDismiss(id));

  useEffect(() => {
    if (isPaused) return;
    const timer = window.setTimeout(() => onDismiss(id), duration);
    return () => window.clearTimeout(timer);
  }, [id, duration, isPaused, onDismiss]);

  const titleId = `toast-${id}-title`;
  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-labelledby={toast.title ? titleId : undefined}
      onMouseEnter={() => setPaused((p) => ({ ...p, hover: true }))}
      onMouseLeave={() => setPaused((p) => ({ ...p, hover: false }))}
      onFocus={() => setPaused((p) => ({ ...p, focus: true }))}
      onBlur={() => setPaused((p) => ({ ...p, focus: false }))}
      {...swipe.handlers}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.kind === 'error' ? '!' : '✓'}
      </span>
      <div className="toast__body">
        <ToastText toast={toast} titleId={titleId} />
      </div>
      <CloseButton className="toast__close" onClick={() => onDismiss(id)} />
    </div>
  );
}

/** Horizontal dragging with the pointer; a drag of the threshold or more calls `onSwipe`. */
function useSwipe(enabled: boolean, onSwipe: () => void) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const end = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const distance = event.clientX - start.current;
    start.current = null;
    setOffset(0);
    if (Math.abs(distance) >= toastSwipeThreshold) onSwipe();
  };
  const handlers = enabled
    ? {
        onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
          // The Close button keeps its click.
          if ((event.target as HTMLElement).closest('button')) return;
          start.current = event.clientX;
        },
        onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
          if (start.current !== null) setOffset(event.clientX - start.current);
        },
        onPointerUp: end,
        onPointerLeave: end,
        onPointerCancel: () => {
          start.current = null;
          setOffset(0);
        },
      }
    : {};
  return { offset, handlers };
}
