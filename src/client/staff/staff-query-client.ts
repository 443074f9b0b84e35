import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { UnauthorizedError } from '../api/errors';

/** The signed-in member (GET /me): the console's one source for who is signed in. */
export const memberQueryKey = ['staff', 'me'] as const;

/**
 * The console's own query client, apart from the applicant's: a 401 here means the staff
 * session ended (15 minutes idle, 8 hours, or the member removed), which leads to /staff/login,
 * not to the applicant's /login. Failures show beside what failed (the screens read `error`), so
 * one failed table never replaces the whole console. Nothing refetches by itself, as on the
 * applicant side (SPEC §9); each screen refetches after its own changes.
 */
export function createStaffQueryClient(
  onUnauthorized: (wasSignedIn: boolean, client: QueryClient) => void,
): QueryClient {
  const handle = (error: unknown) => {
    if (!(error instanceof UnauthorizedError)) return;
    onUnauthorized(queryClient.getQueryData(memberQueryKey) !== undefined, queryClient);
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        throwOnError: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
