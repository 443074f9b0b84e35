/**
 * Where the application is and how pages move, for the applicant's pages: the hooks and
 * components of React Router's declarative mode that they use (useLocation, useNavigate, Outlet,
 * Navigate…), over the application's own router (app-router.tsx) and route matching
 * (match-routes.ts). React Router's matching and `<Router>` weighed about 9 KB gzipped in every
 * first load of a form page (issue 43); it now routes the staff console only
 * (staff/staff-console.tsx), whose `<Router>` is given this location and navigator.
 */
import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import type { Location, NavigationType, To } from 'react-router-dom';
import { BadConfigurationError } from '../api/errors';
import type { AppRouter } from './app-router';
import type { Params } from './match-routes';

export type { To };

/** What the routes render at: the location shown, how it was reached, and the router. */
export interface RouterValue {
  location: Location;
  navigationType: NavigationType;
  router: AppRouter;
}

export const RouterContext = createContext<RouterValue | null>(null);

/** What a route renders inside it (its child route's element), and the match's parameters. */
export const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({
  outlet: null,
  params: {},
});

function useRouterValue(hook: string): RouterValue {
  const value = use(RouterContext);
  if (!value) throw new BadConfigurationError(`${hook} is used outside AppRouterView.`);
  return value;
}

/** The location the routes render at. */
export const useLocation = (): Location => useRouterValue('useLocation').location;

/** How the location was reached: a push, a replace, or back/forward (POP). */
export const useNavigationType = (): NavigationType =>
  useRouterValue('useNavigationType').navigationType;

/** The router (for its navigate, createHref…). */
export const useAppRouter = (): AppRouter => useRouterValue('useAppRouter').router;

/**
 * The router's navigate, the same function at every render: its promise resolves once the new
 * location has rendered (for leaving with `flushSync`, then clearing what the page left).
 */
export const useNavigate = (): AppRouter['navigate'] => useAppRouter().navigate;

/** The parameters of the route rendering (`:page`…). */
export const useParams = (): Params => use(RouteContext).params;

/** The query string of the location, read only. */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Renders the child route's element of the route rendering it. */
export function Outlet() {
  return use(RouteContext).outlet;
}

/** Goes to `to` once rendered (an effect, as React Router's Navigate does in declarative mode). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : JSON.stringify(to);
  useEffect(() => {
    void navigate(to, { replace, state });
    // The target's value, not the object's identity, says where to go.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigate, target, replace, state]);
  return null;
}
