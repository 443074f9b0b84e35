import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from '../routing/router-hooks';
import { LoadingSpinner } from '../components/loading-spinner';
import { AccountPopover } from './account-popover';
import { AlertBanner } from './alert-banner';
import { useApplicationSession } from '../session/application-session';
import { AreaErrorBoundary } from './area-error-boundary';
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

// The error summary shows only while a signed-in applicant's status is validating: a visitor's
// first load goes without its code. A signed-in applicant's form loads it with the page
// validators, before the form renders (session/signed-in-loader.tsx), so that it is drawn, and
// takes the focus, in the render that shows the errors.
type SummaryModule = typeof import('./error-summary');
let summaryModule: SummaryModule | undefined;
export const loadErrorSummary = (): Promise<SummaryModule> =>
  import('./error-summary').then((module) => (summaryModule = module));

/** The summary's code once loaded; fetched here only if it is needed before it was loaded. */
function useSummaryModule(showing: boolean): SummaryModule | undefined {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!showing || summaryModule) return;
    let live = true;
    loadErrorSummary().then(
      () => live && setLoaded((n) => n + 1),
      (error: unknown) => console.error(error), // the fields still show their own errors
    );
    return () => {
      live = false;
    };
  }, [showing]);
  return summaryModule;
}

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
  const summaryCode = useSummaryModule(errors.showing);
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
            {errors.showing && summaryCode && (
              <summaryCode.ErrorSummary
                ref={summary}
                summary={errors.summary}
                onFollow={followSummaryLink}
              />
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
