import { useId, type MouseEvent } from 'react';
import type { AccountRoute } from '../session/application-session';
import type { ClientSnapshot } from '../session/client-snapshot';
import { welcomeVariant } from './welcome-rule';

interface WelcomeBannerProps {
  snapshot: ClientSnapshot;
  /** The links to /signup and /login carry a visitor's answers. */
  onAccountRoute: (target: AccountRoute) => void;
}

/** The welcome banner of SPEC §2; welcome-rule.ts decides whether and which text shows. */
export function WelcomeBanner({ snapshot, onAccountRoute }: WelcomeBannerProps) {
  const titleId = useId();
  const variant = welcomeVariant(snapshot);
  if (variant === null) return null;

  const follow = (target: AccountRoute) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onAccountRoute(target);
  };

  return (
    <section className={`welcome-banner welcome-banner--${variant}`} aria-labelledby={titleId}>
      {variant === 'first-login' && (
        <>
          <h2 id={titleId} className="welcome-banner__title">
            YOU&apos;RE IN!
          </h2>
          <p>
            Your account is ready. Let&apos;s get started: work through the three steps below and
            save as you go. You can come back and finish at any time.
          </p>
        </>
      )}
      {variant === 'returning' && (
        <>
          <h2 id={titleId} className="welcome-banner__title">
            WELCOME BACK!
          </h2>
          <p>
            You&apos;re almost there. Pick up where you left off, and submit your application once
            every step is complete.
          </p>
        </>
      )}
      {variant === 'visitor' && (
        <>
          <h2 id={titleId} className="welcome-banner__title">
            Welcome!
          </h2>
          <p>
            You can start your application right away. To save your answers,{' '}
            <a href="/signup" onClick={follow('/signup')}>
              create an account
            </a>{' '}
            or{' '}
            <a href="/login" onClick={follow('/login')}>
              log back in
            </a>
            .
          </p>
        </>
      )}
    </section>
  );
}
