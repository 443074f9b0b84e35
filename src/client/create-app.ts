import type { AppRoute } from './routing/match-routes';
import { sessionInvalidMessage } from './messages';
import type { AppQuery } from './api/app-query';
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
  routes: AppRoute[];
  /** The query client, once a screen that uses it has rendered (api/query-boundary.tsx). */
  query: AppQuery;
}

export interface AppOptions {
  /** A memory history (tests, the server's prerender: routing/memory-history.ts); the browser's otherwise. */
  history?: History;
  /** The application's routes unless a test gives its own. */
  routes?: AppRoute[];
}

/**
 * Builds the router and ties the query client to it, because a 401 from any call needs both: the
 * page leaves for /login with the session-invalid message, then the cache is cleared. The client
 * itself is made later, by the first screen that uses it (a visitor's form page never does).
 */
export function createApp({ history, routes = appRoutes }: AppOptions = {}): AppInstance {
  const router = createAppRouter(history ?? browserHistory(), routes);
  trackRouteForReports(() => router.state.location.pathname);
  const query: AppQuery = {
    client: undefined,
    onUnauthorized: (client) => {
      // flushSync unmounts the signed-in page at once, so it cannot refetch what we clear next.
      void router
        .navigate(loginRoute, {
          replace: true,
          state: { errorMessage: sessionInvalidMessage() },
          flushSync: true,
        })
        .finally(() => client.clear());
    },
  };
  return { router, routes, query };
}
