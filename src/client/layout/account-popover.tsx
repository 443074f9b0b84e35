import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { LoadBoundary } from '../components/load-boundary';
import { retryingLazy } from '../components/retrying-lazy';
import type { AccountRoute } from '../session/application-session';
import { CloseButton } from '../components/close-button';
import { t } from '../i18n/i18n';

// Log Out needs the query client (its cache is cleared): loaded with a signed-in applicant's
// form (session/signed-in-loader.tsx), never with a visitor's.
// Should its code fail to load, the menu shows the title alone; opening it again tries again.
const signedIn = retryingLazy(() =>
  import('./account-signed-in').then((module) => module.AccountSignedIn),
);

/** SPEC §2: the popover sits this many pixels from its trigger by default. */
export const popoverSideOffset = 5;

interface AccountPopoverProps {
  loggedIn: boolean;
  username: string;
  /** Sign In and Create Account carry the visitor's answers. */
  onAccountRoute: (target: AccountRoute) => void;
  sideOffset?: number;
}

/**
 * The account menu (SPEC §2): a button labelled Account opens a panel with a close button;
 * logged in, it shows the username and Log Out, otherwise Sign In and Create Account. Escape or
 * a click outside closes it; focus returns to the button.
 */
export function AccountPopover({
  loggedIn,
  username,
  onAccountRoute,
  sideOffset = popoverSideOffset,
}: AccountPopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="account-popover" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="account-popover__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <span className="account-popover__icon" aria-hidden="true">
          ●
        </span>
        {t('account.button')}
      </button>
      <div
        ref={panel}
        id={panelId}
        role="dialog"
        aria-labelledby={titleId}
        className="account-popover__panel"
        // Only while open: a closed panel's style attribute would be inline style in the page
        // the server prerenders for visitors, which the CSP refuses (style-src 'self').
        style={open ? { marginTop: sideOffset } : undefined}
        hidden={!open}
      >
        <div className="account-popover__header">
          <h2 id={titleId} className="account-popover__title">
            {t('account.button')}
          </h2>
          <CloseButton className="account-popover__close" onClick={() => close(true)} />
        </div>
        {loggedIn ? (
          <LoadBoundary fallback={null} key={String(open)}>
            <Suspense fallback={null}>
              <signedIn.component username={username} />
            </Suspense>
          </LoadBoundary>
        ) : (
          <div className="account-popover__actions">
            <button
              type="button"
              className="button button--primary"
              data-autofocus
              onClick={() => {
                close(false);
                onAccountRoute('/login');
              }}
            >
              {t('account.signIn')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                close(false);
                onAccountRoute('/signup');
              }}
            >
              {t('account.create')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
