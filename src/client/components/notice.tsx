import type { ReactNode } from 'react';

interface NoticeProps {
  kind: 'success' | 'error';
  children: ReactNode;
}

/** An inline message on a card, e.g. one carried in navigation state to /login. */
export function Notice({ kind, children }: NoticeProps) {
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span className="notice__icon" aria-hidden="true">
        {kind === 'error' ? '!' : '✓'}
      </span>
      <div className="notice__text">{children}</div>
    </div>
  );
}
