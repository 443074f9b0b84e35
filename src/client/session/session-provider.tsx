import { Suspense, use, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '../routing/router-hooks';
import type { Answers } from '../../engine/definitions';
import { loadedPage, loadedPageAt, loadPage } from '../../forms/page-definitions';
import { defaultRoute, indexById, indexByRoute, pageIndex } from '../../forms/page-index';
import { pageValidator } from '../form/page-validators';
import { webStatusOf } from '../../engine/web-status';
import type { Profile } from '../api/use-profile';
import { LoadingSpinner } from '../components/loading-spinner';
import { usePreloadModal } from '../components/modal';
import { completionRoute } from '../app-paths';
import { ApplicationSessionContext, type ApplicationSession } from './application-session';
import { snapshotOf, visitorSnapshot } from './client-snapshot';
import { createFormStore, FormProvider, type FormEnvironment, type FormStore } from './form-bridge';
import { LocationMessages } from './location-messages';
import type { SessionState } from './use-session-actions';

/** A saved last_page as a route: the server stores routes; a bare page id is read too. */
export function lastPageRoute(lastPage: string | undefined): string {
  if (!lastPage) return '';
  if (indexByRoute(lastPage)) return lastPage;
  return indexById(lastPage)?.route ?? '';
}

/**
 * The session's answer store, made once. It starts on the page on screen, whose definition
 * loaded with its route; elsewhere (/completion) on the first page, loaded here if it has not
 * been. An applicant's answers came from the server; a visitor's are not stored there.
 */
export function useSessionStore(initialAnswers: Answers, loggedIn: boolean): FormStore {
  const { pathname } = useLocation();
  const first = pageIndex[0]!.id;
  const startPage = loadedPageAt(pathname) ?? loadedPage(first) ?? use(loadPage(first));
  const [store] = useState(() =>
    createFormStore({
      page: startPage,
      initial: { answers: initialAnswers },
      saved: loggedIn ? initialAnswers : {},
      validatorOf: pageValidator,
    }),
  );
  return store;
}

interface SessionProviderProps {
  /** The signed-in applicant's profile as the query holds it; undefined for a visitor. */
  profile: Profile | undefined;
  store: FormStore;
  /** The actions and errors: a visitor's (use-session-actions.ts) or an applicant's. */
  state: SessionState;
  /** Shown whatever the route, beside the pages (a signed-in applicant's inactivity timer). */
  beside?: ReactNode;
  children: ReactNode;
}

/**
 * The state of the form routes (SPEC §2, §4) shared by a visitor's form (form-loader.tsx) and a
 * signed-in applicant's (signed-in-session.tsx): the answer store, the client snapshot, the
 * errors and the actions, and the routing rules that depend on them: a submitted applicant
 * always sees /completion, nobody else does, and a returning applicant lands on last_page.
 */
export function SessionProvider({ profile, store, state, beside, children }: SessionProviderProps) {
  const { actions, hasChangedPage, completionMessage, errors } = state;
  const { pathname, search } = useLocation();
  const loggedIn = profile !== undefined;
  // Progress is the server's: read from the profile query as it renders (a visitor has none).
  const webStatus = webStatusOf(profile?.web_status);
  const lastPage = lastPageRoute(profile?.last_page);
  // SPEC §2: when the profile loads, has_changed_page is false, and last_page is elsewhere. An
  // unknown path or /completion lands there too: a redirect never costs the resume point.
  const [landing, setLanding] = useState(() =>
    loggedIn && webStatus !== 'submitted' && lastPage !== '' && lastPage !== pathname
      ? lastPage
      : null,
  );

  const snapshot = useMemo(
    () =>
      profile
        ? snapshotOf(profile, { webStatus, hasChangedPage, lastPage })
        : { ...visitorSnapshot, has_changed_page: hasChangedPage },
    [profile, webStatus, hasChangedPage, lastPage],
  );

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
        {beside}
        <Suspense fallback={<LoadingSpinner />}>{redirect ?? children}</Suspense>
      </FormProvider>
    </ApplicationSessionContext.Provider>
  );
}
