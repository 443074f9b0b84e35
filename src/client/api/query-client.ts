import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { UnauthorizedError } from './errors';

/**
 * The query client of SPEC §9: never retry, never stale, no refetch on focus, mount or reconnect.
 * Query errors go to the route's error boundary, except a 401, which `onUnauthorized` handles
 * for every query and mutation alike (SPEC §7: clear the cache and go to /login).
 */
export function createQueryClient(onUnauthorized: (error: UnauthorizedError) => void): QueryClient {
  const handle = (error: unknown) => {
    if (error instanceof UnauthorizedError) onUnauthorized(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        throwOnError: (error) => !(error instanceof UnauthorizedError),
      },
      mutations: { retry: false },
    },
  });
}
