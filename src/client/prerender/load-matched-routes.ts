import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Resolves the `lazy` functions of the routes `pathname` matches, in place, so that a router made
 * from `routes` afterwards renders that location at once. Hydrating prerendered HTML needs this:
 * a router still loading its first location's modules would render its fallback, not the page.
 * Other routes stay lazy.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (typeof lazy !== 'function') return;
      const loaded = await lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
