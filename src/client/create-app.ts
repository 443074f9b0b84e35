import type { QueryClient } from '@tanstack/react-query';
import type { InitialEntry, RouteObject } from 'react-router-dom';
import { sessionInvalidMessage } from './messages';
import { createQueryClient } from './api/query-client';
import { trackRouteForReports } from './api/report-client-error';
import { loginRoute } from './app-paths';
import { appRoutes } from './app-routes';
import { createAppRouter, type AppRouter } from './routing/app-router';

export interface AppInstance {
  router: AppRouter;
  routes: RouteObject[];
  queryClient: QueryClient;
}

export interface AppOptions {
  /** A memory history starting here (tests, the server's prerender); the browser's otherwise. */
  initialEntries?: InitialEntry[];
  /** The application's routes unless a test gives its own. */
  routes?: RouteObject[];
}

/**
 * Builds the router and the query client together, because a 401 from any call needs both:
 * the page leaves for /login with the session-invalid message, then the cache is cleared.
 */
export function createApp({ initialEntries, routes = appRoutes }: AppOptions = {}): AppInstance {
  const router = createAppRouter(initialEntries, routes);
  trackRouteForReports(() => router.state.location.pathname);
  const queryClient = createQueryClient(() => {
    // flushSync unmounts the signed-in page at once, so it cannot refetch what we clear next.
    void router
      .navigate(loginRoute, {
        replace: true,
        state: { errorMessage: sessionInvalidMessage() },
        flushSync: true,
      })
      .finally(() => queryClient.clear());
  });
  return { router, routes, queryClient };
}
