import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from '../routing/router-hooks';
import type { Answers } from '../../engine/definitions';
import { webStatusOf } from '../../engine/web-status';
import { loadAllPages } from '../../forms/page-definitions';
import { applicationApi } from '../api/application-api';
import { UnauthorizedError } from '../api/errors';
import { QueryBoundary } from '../api/query-boundary';
import { profileQueryKey, useProfile } from '../api/use-profile';
import { LoadBoundary } from '../components/load-boundary';
import { LoadingSpinner } from '../components/loading-spinner';
import { loadPageValidators } from '../form/page-validators';
import { loadErrorSummary } from '../layout/form-layout';
import { ProfileLoadFailure } from '../layout/profile-load-failure';
import { SignedInSessionProvider } from './signed-in-session';
import { useSignedInBackend } from './signed-in-backend';
import { useVisitorAnswersFailure, type VisitorAnswers } from './use-visitor-answers';
import { withoutVisitorToken } from './visitor-token';

// Shown only after a sign-in whose typed answers differ from the saved ones: loaded then.
const SignInAnswersChoice = lazy(() =>
  import('./sign-in-answers-choice').then((module) => ({ default: module.SignInAnswersChoice })),
);
// The header's Log Out, fetched with the signed-in form rather than when the menu first opens.
void import('../layout/account-signed-in').catch(() => undefined);

/**
 * Every page's definition and validator, for a signed-in applicant, with the error summary's
 * code: the error summary and Submit check every page, so they load with the profile (a visitor
 * never validates: form/page-validators.ts, and loads the page on screen's definition alone:
 * app-routes.tsx).
 */
function usePageValidators() {
  return useQuery({
    queryKey: ['page-validators'],
    queryFn: () =>
      Promise.all([loadAllPages().then(loadPageValidators), loadErrorSummary()]).then(() => true),
    throwOnError: false,
  });
}

/**
 * A visitor token in the address of a signed-in applicant (SPEC §2): its answers are claimed
 * into the account, which spends the token, before the profile is read.
 */
function useClaimedAnswers(token: string | null): VisitorAnswers {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['visitor-answers', 'claim', token],
    queryFn: async () => {
      const { answer } = await applicationApi.claimVisitorAnswers(token ?? '');
      // The profile must be read again: it now holds the claimed answers.
      queryClient.removeQueries({ queryKey: profileQueryKey });
      return answer;
    },
    enabled: token !== null && token !== '',
    throwOnError: false,
    gcTime: Infinity,
  });
  // A 401 is on its way to /login (api/query-client.ts).
  useVisitorAnswersFailure(query.error instanceof UnauthorizedError ? null : query.error);
  return { settled: !token || query.isSuccess || query.isError, answers: query.data };
}

/** A signed-in applicant's form: the profile, every page's validator, and the session's calls. */
function SignedInSession({ token }: { token: string | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const visitor = useClaimedAnswers(token);
  const profile = useProfile(visitor.settled);
  const validators = usePageValidators();
  const backend = useSignedInBackend();

  // A claimed token is spent: it leaves the address, so a reload does not claim it again. What
  // it held stays here, for the applicant to choose between it and the saved answers.
  const claimed = token !== null && visitor.settled;
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
  if (!visitor.settled || claimed || !profile.data || !(validators.data || submitted))
    return <LoadingSpinner />;

  return (
    <SignedInSessionProvider key={profile.data.username} profile={profile.data} backend={backend}>
      <Outlet />
      {typed && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <SignInAnswersChoice typed={typed} onDone={forgetTyped} />
          </Suspense>
        </LoadBoundary>
      )}
    </SignedInSessionProvider>
  );
}

/**
 * The form routes' loader for a signed-in applicant (form-loader.tsx loads it): a full-screen
 * spinner while the profile loads, after claiming a visitor token if the address has one, with
 * every page's validator; under the application's query client, which a visitor's form never
 * loads.
 */
export function SignedInLoader({ token }: { token: string | null }) {
  return (
    <QueryBoundary>
      <SignedInSession token={token} />
    </QueryBoundary>
  );
}
