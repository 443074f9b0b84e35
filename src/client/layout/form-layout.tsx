import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from '../routing/router-hooks';
import { LoadingSpinner } from '../components/loading-spinner';
import { AccountPopover } from './account-popover';
import { AlertBanner } from './alert-banner';
import { useApplicationSession } from '../session/application-session';
import { AreaErrorBoundary } from './area-error-boundary';
import { ErrorSummary } from './error-summary';
import { focusWhenReady } from './focus-when-ready';
import { readFormLocationState } from '../session/location-state';
import { PageActions } from './page-actions';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { StepNavigation } from './step-navigation';
import { WelcomeBanner } from './welcome-banner';
import { useDefinitionChanges } from '../session/use-definition-changes';
import '../styles/shell.css';
import { t } from '../i18n/i18n';

// Only a signed-in applicant has a PDF copy: visitors never load the button's code.
const PdfDownloadButton = lazy(() =>
  import('../documents/pdf-download-button').then((module) => ({
    default: module.PdfDownloadButton,
  })),
);

/** The id of each form page's heading, where focus goes after a change of page. */
export const pageHeadingId = 'page-heading';

/**
 * The form pages' layout, top to bottom as SPEC §2 lists it: alert banner, header with the
 * account popover, welcome banner, step navigation (with a signed-in applicant's PDF copy), error
 * summary, page content with its buttons, footer. Chrome and content each have their own error
 * boundary.
 */
export function FormLayout() {
  const session = useApplicationSession();
  const { snapshot, errors } = session;
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const summary = useRef<HTMLDivElement>(null);
  const changes = useDefinitionChanges();
  useFocusOnNavigation(summary, errors.showing, location, navigationType);

  const followSummaryLink = (route: string, key: string) => {
    // On this page the anchor changes and focus follows (useFocusOnNavigation); another page
    // is a change of page, which saves first.
    if (route === location.pathname) void navigate({ pathname: route, hash: `#${key}` });
    else session.goToPage(route, key);
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        {t('app.skipLink')}
      </a>
      <AreaErrorBoundary area="chrome">
        <AlertBanner />
      </AreaErrorBoundary>
      <SiteHeader>
        <AreaErrorBoundary area="chrome">
          <AccountPopover
            loggedIn={snapshot.is_logged_in}
            username={snapshot.username}
            onAccountRoute={session.handOff}
          />
        </AreaErrorBoundary>
      </SiteHeader>
      <div className="shell-container shell__body">
        <AreaErrorBoundary area="chrome">
          <WelcomeBanner snapshot={snapshot} onAccountRoute={session.handOff} />
          <StepNavigation
            currentRoute={location.pathname}
            changedPages={new Set(changes.keys())}
            onNavigate={session.goToPage}
          />
        </AreaErrorBoundary>
        {snapshot.is_logged_in && (
          <AreaErrorBoundary area="chrome">
            <section className="pdf-download-area" aria-label={t('pdf.area')}>
              <Suspense fallback={null}>
                <PdfDownloadButton />
              </Suspense>
            </section>
          </AreaErrorBoundary>
        )}
        <main id="main-content" className="shell__main" tabIndex={-1}>
          <AreaErrorBoundary area="chrome">
            {errors.showing && (
              <ErrorSummary ref={summary} summary={errors.summary} onFollow={followSummaryLink} />
            )}
          </AreaErrorBoundary>
          <AreaErrorBoundary area="content" resetKey={location.pathname}>
            <Suspense fallback={<LoadingSpinner />}>
              <Outlet />
            </Suspense>
            <PageActions
              currentRoute={location.pathname}
              busy={session.busy}
              onBack={session.goToPage}
              onSave={session.saveAndContinue}
              onSubmit={session.submit}
            />
          </AreaErrorBoundary>
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}

/**
 * Focus after a navigation (GOV.UK): the error summary after a refused submit or when a page
 * opens with errors showing; the named field for `#fieldKey`; otherwise the new page's heading.
 * Replacements (redirects, a consumed message) move nothing.
 */
function useFocusOnNavigation(
  summary: RefObject<HTMLDivElement | null>,
  summaryShowing: boolean,
  location: ReturnType<typeof useLocation>,
  navigationType: ReturnType<typeof useNavigationType>,
) {
  // The location last handled (null before the first): each navigation moves focus once, even
  // when StrictMode runs the effect twice.
  const handled = useRef<string | null>(null);
  // A field still loading is retried for a moment; the next navigation stops that.
  const stopFocusing = useRef<() => void>(() => {});
  const showing = useRef(summaryShowing);
  useEffect(() => {
    showing.current = summaryShowing;
  });
  useEffect(() => {
    if (handled.current === location.key) return;
    const isFirst = handled.current === null;
    handled.current = location.key;
    stopFocusing.current();
    if (readFormLocationState(location.state).focus === 'summary' && summary.current) {
      summary.current.focus();
      return;
    }
    if (location.hash) {
      stopFocusing.current = focusWhenReady(decodeURIComponent(location.hash.slice(1)));
      return;
    }
    if (isFirst) {
      if (showing.current) summary.current?.focus();
      return;
    }
    if (navigationType === 'REPLACE') return;
    const heading = document.getElementById(pageHeadingId);
    heading?.focus();
    heading?.scrollIntoView?.({ block: 'start' });
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps
}
