import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { Answers } from '../../engine/definitions';
import { webStatusOf } from '../../engine/web-status';
import { loadAllPages } from '../../forms/page-definitions';
import { UnauthorizedError } from '../api/errors';
import { useProfile } from '../api/use-profile';
import { LoadingSpinner } from '../components/loading-spinner';
import { loadPageValidators } from '../form/page-validators';
import { isLoggedIn } from '../identity/is-logged-in';
import { readFormLocationState } from './location-state';
import { ProfileLoadFailure } from '../layout/profile-load-failure';
import { SessionProvider } from './session-provider';
import { useVisitorAnswers } from './use-visitor-answers';
import { visitorTokenParam, withoutVisitorToken } from './visitor-token';
import { LoadBoundary } from '../components/load-boundary';

// Shown only after a sign-in whose typed answers differ from the saved ones: loaded then.
const SignInAnswersChoice = lazy(() =>
  import('./sign-in-answers-choice').then((module) => ({ default: module.SignInAnswersChoice })),
);

/**
 * The staff view's module. Staff links are rare: its code loads only for one. The staff console
 * loads it through here too (staff/use-form-view.ts): imported from anywhere else, the bundler
 * would regroup the chunks an applicant's first load of /about fetches.
 */
export const loadServiceView = () =>
  Promise.all([import('../staff-view/service-view'), loadAllPages()]).then(([module]) => module);
const ServiceView = lazy(() =>
  loadServiceView().then((module) => ({ default: module.ServiceView })),
);

/**
 * Every page's definition and validator, for a signed-in applicant: the error summary and Submit
 * check every page, so they load with the profile (a visitor never validates:
 * form/page-validators.ts, and loads the page on screen's definition alone: app-routes.tsx).
 */
function usePageValidators(enabled: boolean) {
  return useQuery({
    queryKey: ['page-validators'],
    queryFn: () =>
      loadAllPages()
        .then(loadPageValidators)
        .then(() => true),
    enabled,
    throwOnError: false,
  });
}

/**
 * The loader around the form routes (SPEC §2): a full-screen spinner while the profile of a
 * signed-in applicant loads (after claiming a visitor token, if the URL has one), with every
 * page's validator, or a visitor's saved answers are read back; `service_token` opens the staff
 * view instead.
 */
export function FormLoader() {
  const [loggedIn] = useState(isLoggedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const serviceToken = params.get('service_token');
  const token = serviceToken === null ? params.get(visitorTokenParam) : null;
  const [carried] = useState(() => readFormLocationState(location.state).answers);

  const visitor = useVisitorAnswers(token, loggedIn);
  const profile = useProfile(loggedIn && serviceToken === null && visitor.settled);
  const validators = usePageValidators(loggedIn && serviceToken === null);

  // A claimed token is spent: it leaves the address, so a reload does not claim it again. What
  // it held stays here, for the applicant to choose between it and the saved answers.
  const claimed = loggedIn && token !== null && visitor.settled;
  const [typed, setTyped] = useState<Answers | undefined>(undefined);
  if (claimed && visitor.answers && typed !== visitor.answers) setTyped(visitor.answers);
  const forgetTyped = useCallback(() => setTyped(undefined), []);
  useEffect(() => {
    if (!claimed) return;
    void navigate(
      {
        pathname: location.pathname,
        search: withoutVisitorToken(location.search),
        hash: location.hash,
      },
      { replace: true, state: location.state },
    );
  }, [claimed, navigate, location]);

  if (serviceToken !== null) {
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <ServiceView token={serviceToken} />
      </Suspense>
    );
  }
  // A 401 is on its way to /login (query-client.ts); any other failure can be tried again.
  if (profile.error && !profile.data && !(profile.error instanceof UnauthorizedError)) {
    return (
      <ProfileLoadFailure
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  // A submitted application is read, never validated again: it does not wait for them.
  const submitted = webStatusOf(profile.data?.web_status) === 'submitted';
  if (validators.error && !submitted) {
    return (
      <ProfileLoadFailure
        error={validators.error}
        onRetry={() => void validators.refetch()}
        retrying={validators.isFetching}
      />
    );
  }
  const ready = !loggedIn || (profile.data && (validators.data || submitted));
  if (!visitor.settled || claimed || !ready) return <LoadingSpinner />;

  const initialAnswers = profile.data ? profile.data.answer : { ...visitor.answers, ...carried };
  return (
    <SessionProvider
      key={profile.data?.username ?? 'visitor'}
      profile={profile.data}
      initialAnswers={initialAnswers}
    >
      <Outlet />
      {profile.data && typed && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <SignInAnswersChoice typed={typed} onDone={forgetTyped} />
          </Suspense>
        </LoadBoundary>
      )}
    </SessionProvider>
  );
}
