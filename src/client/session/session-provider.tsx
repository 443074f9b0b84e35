import { lazy, Suspense, use, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '../routing/router-hooks';
import type { Answers } from '../../engine/definitions';
import { loadedPage, loadedPageAt, loadPage } from '../../forms/page-definitions';
import { defaultRoute, indexById, indexByRoute, pageIndex } from '../../forms/page-index';
import { pageValidator } from '../form/page-validators';
import { webStatusOf } from '../../engine/web-status';
import type { Profile } from '../api/use-profile';
import { LoadBoundary } from '../components/load-boundary';
import { LoadingSpinner } from '../components/loading-spinner';
import { usePreloadModal } from '../components/modal';
import { completionRoute } from '../app-paths';
import { ApplicationSessionContext, type ApplicationSession } from './application-session';
import { snapshotOf, visitorSnapshot } from './client-snapshot';
import { createFormStore, FormProvider, type FormEnvironment } from './form-bridge';
import { LocationMessages } from './location-messages';
import type { SessionBackend } from './session-backend';
import { useProgressRecorder } from './use-progress-recorder';
import { useSessionActions } from './use-session-actions';
import { useShownErrors } from './use-shown-errors';

// The idle timer matters only to a signed-in applicant: a visitor's first load goes without it.
const InactivityGuard = lazy(() =>
  import('../idle/inactivity-guard').then((module) => ({ default: module.InactivityGuard })),
);

/** A signed-in applicant: the profile as the query holds it, and the session's calls. */
interface SignedInAccount {
  profile: Profile;
  backend: SessionBackend;
}

interface SessionProviderProps {
  /** The signed-in applicant; undefined for a visitor. */
  account: SignedInAccount | undefined;
  /** The answers the form starts with (the profile's, or a visitor's restored ones). */
  initialAnswers: Answers;
  children: ReactNode;
}

/** A saved last_page as a route: the server stores routes; a bare page id is read too. */
function lastPageRoute(lastPage: string | undefined): string {
  if (!lastPage) return '';
  if (indexByRoute(lastPage)) return lastPage;
  return indexById(lastPage)?.route ?? '';
}

/**
 * The state of the form routes (SPEC §2, §4): the answer store, the client snapshot, the errors
 * and the actions, and the routing rules that depend on them: a submitted applicant always sees
 * /completion, nobody else does, and a returning applicant lands on last_page.
 */
export function SessionProvider({ account, initialAnswers, children }: SessionProviderProps) {
  const { profile, backend } = account ?? {};
  const { pathname, search } = useLocation();
  const loggedIn = profile !== undefined;
  // The store starts on the page on screen, whose definition loaded with its route; elsewhere
  // (/completion) on the first page, loaded here if it has not been.
  const first = pageIndex[0]!.id;
  const startPage = loadedPageAt(pathname) ?? loadedPage(first) ?? use(loadPage(first));
  const [store] = useState(() =>
    createFormStore({
      page: startPage,
      initial: { answers: initialAnswers },
      // An applicant's answers came from the server; a visitor's are not stored there.
      saved: loggedIn ? initialAnswers : {},
      validatorOf: pageValidator,
    }),
  );
  // Progress is the server's: read from the profile query as it renders (a visitor has none).
  const webStatus = webStatusOf(profile?.web_status);
  const lastPage = lastPageRoute(profile?.last_page);
  const { actions, hasChangedPage, serverErrors, completionMessage } = useSessionActions(
    store,
    backend,
  );
  // SPEC §2: when the profile loads, has_changed_page is false, and last_page is elsewhere. An
  // unknown path or /completion lands there too: a redirect never costs the resume point.
  const [landing, setLanding] = useState(() =>
    loggedIn && webStatus !== 'submitted' && lastPage !== '' && lastPage !== pathname
      ? lastPage
      : null,
  );

  // The session never reads the answers as they change: a keystroke re-renders nothing here.
  // While errors show, the application is validated again after the keystroke's frame, and the
  // session changes only when the errors do (use-shown-errors.ts).
  const errors = useShownErrors(store, webStatus, serverErrors);
  const snapshot = useMemo(
    () =>
      profile
        ? snapshotOf(profile, { webStatus, hasChangedPage, lastPage })
        : { ...visitorSnapshot, has_changed_page: hasChangedPage },
    [profile, webStatus, hasChangedPage, lastPage],
  );

  useProgressRecorder({ backend, webStatus, lastPage, pathname });
  // Every page under the session may open a modal (the form pages, /completion, inactivity).
  usePreloadModal();

  const changedPages = profile?.definition_changes?.pages;
  const definitionChanges = useMemo(
    () => new Map((changedPages ?? []).map((page) => [page.page, page])),
    [changedPages],
  );
  const session = useMemo<ApplicationSession>(
    () => ({ snapshot, definitionChanges, store, errors, ...actions }),
    [snapshot, definitionChanges, store, errors, actions],
  );
  const environment = useMemo<FormEnvironment>(
    () => ({ status: webStatus, loggedIn }),
    [webStatus, loggedIn],
  );

  let redirect: ReactNode = null;
  if (loggedIn && webStatus === 'submitted' && pathname !== completionRoute) {
    const message = completionMessage ? { successMessage: completionMessage } : null;
    redirect = <Navigate to={completionRoute} replace state={message} />;
  } else if (landing !== null) {
    if (landing === pathname) setLanding(null);
    else redirect = <Navigate to={{ pathname: landing, search }} replace />;
  } else if (pathname === completionRoute && webStatus !== 'submitted') {
    redirect = <Navigate to={{ pathname: defaultRoute, search }} replace />;
  }

  return (
    <ApplicationSessionContext.Provider value={session}>
      <FormProvider store={store} environment={environment}>
        <LocationMessages />
        {loggedIn && (
          // Should its code fail to load, the form stays; the server still ends an idle session.
          <LoadBoundary fallback={null}>
            <Suspense fallback={null}>
              <InactivityGuard loggedIn={loggedIn} />
            </Suspense>
          </LoadBoundary>
        )}
        <Suspense fallback={<LoadingSpinner />}>{redirect ?? children}</Suspense>
      </FormProvider>
    </ApplicationSessionContext.Provider>
  );
}
