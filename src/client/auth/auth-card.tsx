import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useLocation } from '../routing/router-hooks';
import { AppLink } from '../routing/app-link';
import { defaultFormRoute } from '../app-paths';
import { useDocumentTitle } from '../components/use-document-title';
import { visitorTokenSearch } from '../session/visitor-token';
import '../styles/auth.css';
import { t } from '../i18n/account-texts';

interface CardFooter {
  question: string;
  linkText: string;
  to: string;
}

interface AuthCardProps {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A call is under way: Submit is disabled and says so to assistive technology. */
  submitting: boolean;
  /** Errors are showing: the page title starts with "Error: ". */
  hasErrors: boolean;
  footer: CardFooter;
  /** Messages above the form (e.g. carried in navigation state). */
  notices?: ReactNode;
  /** Buttons after Submit (e.g. Resend Code). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The shared frame of the five account screens (SPEC §2): title, form, Submit and footer link,
 * and a way back to the form that keeps a visitor's answers (their token travels along).
 */
export function AuthCard({
  title,
  onSubmit,
  submitting,
  hasErrors,
  footer,
  notices,
  actions,
  children,
}: AuthCardProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const carried = visitorTokenSearch(location.search);
  useDocumentTitle(title, hasErrors);
  // Each new screen (sign up, confirm, log in…) starts at its heading, as after a page load, so
  // a screen reader says where the applicant is and Tab starts from the top of the card.
  useEffect(() => {
    heading.current?.focus();
  }, [location.key]);

  return (
    <main className="auth-page" id="main-content">
      <section className="auth-card" aria-labelledby={titleId}>
        <p className="auth-card__back">
          <AppLink to={{ pathname: defaultFormRoute, search: carried }}>{t('auth.back')}</AppLink>
        </p>
        <h1 id={titleId} ref={heading} className="auth-card__title" tabIndex={-1}>
          {title}
        </h1>
        {notices}
        {/* POST: a browser submitting the card itself (no script yet) never puts the password
            into the address, its history or a Referer. */}
        <form
          className="auth-card__form"
          method="post"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby={titleId}
        >
          {children}
          <div className="auth-card__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={submitting}
              aria-busy={submitting || undefined}
            >
              {t('auth.submit')}
            </button>
            {actions}
          </div>
        </form>
        <p className="auth-card__footer">
          {footer.question}{' '}
          <AppLink to={{ pathname: footer.to, search: carried }}>{footer.linkText}</AppLink>
        </p>
      </section>
    </main>
  );
}
