import { useId, type MouseEvent } from 'react';
import type { AccountRoute } from '../session/application-session';
import type { ClientSnapshot } from '../session/client-snapshot';
import { welcomeVariant } from './welcome-rule';
import { t } from '../i18n/i18n';
import { richText } from '../i18n/rich-text';

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
            {t('welcome.firstTitle')}
          </h2>
          <p>{t('welcome.firstBody')}</p>
        </>
      )}
      {variant === 'returning' && (
        <>
          <h2 id={titleId} className="welcome-banner__title">
            {t('welcome.returningTitle')}
          </h2>
          <p>{t('welcome.returningBody')}</p>
        </>
      )}
      {variant === 'visitor' && (
        <>
          <h2 id={titleId} className="welcome-banner__title">
            {t('welcome.visitorTitle')}
          </h2>
          <p>
            {richText(t('welcome.visitorBody'), {
              signup: (words) => (
                <a href="/signup" onClick={follow('/signup')}>
                  {words}
                </a>
              ),
              login: (words) => (
                <a href="/login" onClick={follow('/login')}>
                  {words}
                </a>
              ),
            })}
          </p>
        </>
      )}
    </section>
  );
}
