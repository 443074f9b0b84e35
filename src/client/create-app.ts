import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { sessionInvalidMessage } from './messages';
import { createQueryClient } from './api/query-client';
import { trackRouteForReports } from './api/report-client-error';
import { loginRoute } from './app-paths';
import { appRoutes } from './app-routes';
import {
  browserHistory,
  createAppRouter,
  type AppRouter,
  type History,
} from './routing/app-router';

export interface AppInstance {
  router: AppRouter;
  routes: RouteObject[];
  queryClient: QueryClient;
}

export interface AppOptions {
  /** A memory history (tests, the server's prerender: routing/memory-history.ts); the browser's otherwise. */
  history?: History;
  /** The application's routes unless a test gives its own. */
  routes?: RouteObject[];
}

/**
 * Builds the router and the query client together, because a 401 from any call needs both:
 * the page leaves for /login with the session-invalid message, then the cache is cleared.
 */
export function createApp({ history, routes = appRoutes }: AppOptions = {}): AppInstance {
  const router = createAppRouter(history ?? browserHistory(), routes);
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
