import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { UnauthorizedError } from '../api/errors';
import { useProfile } from '../api/use-profile';
import { LoadingSpinner } from '../components/loading-spinner';
import { isLoggedIn } from '../identity/is-logged-in';
import { readFormLocationState } from './location-state';
import { ProfileLoadFailure } from '../layout/profile-load-failure';
import { SessionProvider } from './session-provider';
import { useVisitorAnswers } from './use-visitor-answers';
import { visitorTokenParam, withoutVisitorToken } from './visitor-token';

/**
 * The staff view's module. Staff links are rare: its code loads only for one. The staff console
 * loads it through here too (staff/use-form-view.ts): imported from anywhere else, the bundler
 * would regroup the chunks an applicant's first load of /about fetches.
 */
export const loadServiceView = () => import('../staff-view/service-view');
const ServiceView = lazy(() =>
  loadServiceView().then((module) => ({ default: module.ServiceView })),
);

/**
 * The loader around the form routes (SPEC §2): a full-screen spinner while the profile of a
 * signed-in applicant loads (after claiming a visitor token, if the URL has one) or a visitor's
 * saved answers are read back; `service_token` opens the staff view instead.
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

  // A claimed token is spent: it leaves the address, so a reload does not claim it again.
  const claimed = loggedIn && token !== null && visitor.settled;
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
  if (!visitor.settled || claimed || (loggedIn && !profile.data)) return <LoadingSpinner />;

  const initialAnswers = profile.data ? profile.data.answer : { ...visitor.answers, ...carried };
  return (
    <SessionProvider
      key={profile.data?.username ?? 'visitor'}
      profile={profile.data}
      initialAnswers={initialAnswers}
    >
      <Outlet />
    </SessionProvider>
  );
}
