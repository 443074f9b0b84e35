import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { UnauthorizedError } from './errors';

/** Where the applicant's and the staff console's clients differ. */
export interface QueryClientOptions {
  /**
   * Failed queries stay on their query for the screen to show beside what failed (the console),
   * instead of reaching the route's error boundary (the applicant's form, SPEC §9).
   */
  failuresInPlace?: boolean;
  /** A query invalidated by a change is read again when a screen that uses it mounts. */
  refetchInvalidatedOnMount?: boolean;
}

/**
 * The one query-client factory, for the applicant's form and the staff console alike (SPEC §9):
 * never retry, never stale, no refetch on focus or reconnect. A 401 goes to `onUnauthorized` for
 * every query and mutation alike (SPEC §7: clear the cache and go to the screen's sign-in); it
 * never reaches an error boundary.
 */
export function createQueryClient(
  onUnauthorized: (error: UnauthorizedError, client: QueryClient) => void,
  { failuresInPlace = false, refetchInvalidatedOnMount = false }: QueryClientOptions = {},
): QueryClient {
  const handle = (error: unknown) => {
    if (error instanceof UnauthorizedError) onUnauthorized(error, queryClient);
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnMount: refetchInvalidatedOnMount,
        refetchOnReconnect: false,
        throwOnError: (error) => !failuresInPlace && !(error instanceof UnauthorizedError),
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
