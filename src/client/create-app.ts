import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { sessionInvalidMessage } from './messages';
import { createQueryClient } from './api/query-client';
import { trackRouteForReports } from './api/report-client-error';
import { loginRoute } from './app-paths';
import { appRoutes } from './app-routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppInstance {
  router: AppRouter;
  queryClient: QueryClient;
}

/**
 * Builds the router and the query client together, because a 401 from any call needs both:
 * the page leaves for /login with the session-invalid message, then the cache is cleared.
 * Tests pass createMemoryRouter.
 */
export function createApp(
  createRouter: (routes: RouteObject[]) => AppRouter = (routes) => createBrowserRouter(routes),
): AppInstance {
  const router = createRouter(appRoutes);
  trackRouteForReports(() => router.state.location.pathname);
  const queryClient = createQueryClient(() => {
    // flushSync unmounts the signed-in page at once, so it cannot refetch what we clear next.
    void router
      .navigate(loginRoute, {
        replace: true,
        state: { errorMessage: sessionInvalidMessage },
        flushSync: true,
      })
      .finally(() => queryClient.clear());
  });
  return { router, queryClient };
}
