import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { RouteErrorBoundary } from '../components/error-fallback';
import { matchRoutes, type AppRoute, type Params } from './match-routes';
import { Outlet, RouteContext, useLocation } from './router-hooks';

/** Loads the module of one route and picks its page component. */
type PageLoader = () => Promise<ComponentType>;
/** Loads something a route's page reads as it renders (a form page's definition). */
type Loader = () => Promise<unknown>;
/**
 * What one match of a route needs loaded besides its module, by the match's parameters: the same
 * function for the same parameters, so that it loads once and is known to have loaded.
 */
export type RouteNeeds = (params: Params) => Loader | undefined;

const loaded = new Map<Loader, unknown>();
const pending = new Map<Loader, Promise<unknown>>();
/** Why the last load of a module failed, until one succeeds. */
const failed = new Map<Loader, unknown>();

/** Starts loading a route's page (or what it needs) once (after a failure, the next call tries again). */
function loadOnce<T>(load: () => Promise<T>): Promise<T> {
  let promise = pending.get(load) as Promise<T> | undefined;
  if (!promise) {
    promise = load().then(
      (value) => {
        loaded.set(load, value);
        failed.delete(load);
        return value;
      },
      (error: unknown) => {
        pending.delete(load);
        failed.set(load, error);
        throw error;
      },
    );
    pending.set(load, promise);
  }
  return promise;
}

/**
 * Renders a lazily loaded page. AppRouterView shows a location once its modules have loaded or
 * failed to: a failure goes to the error boundary (RouteErrorBoundary); a module still loading
 * (a render that did not wait for it) suspends.
 */
function RoutePage({ load }: { load: PageLoader }) {
  // One component per loader, the same at every render (createElement: the linter cannot tell).
  const page = loaded.get(load) as ComponentType | undefined;
  if (page) return createElement(page);
  if (failed.has(load)) throw failed.get(load);
  return createElement(use(loadOnce(load)));
}

interface LazyHandle {
  load?: PageLoader;
  needs?: RouteNeeds;
}

/** What one match of a route made by lazyRoute loads before it is shown: its module, its needs. */
const loadersOf = (route: AppRoute, params: Params): Loader[] => {
  const handle = route.handle as LazyHandle | undefined;
  return [handle?.load, handle?.needs?.(params)].filter((load) => load !== undefined);
};

/**
 * A route whose page loads lazily (SPEC §2): `pick` takes the page component from the module
 * `load` imports. The modules of every route a location matches load side by side before it is
 * shown (AppRouterView): for /about the form loader, the layout and the page, where nested
 * React.lazy components would each wait for their parent to render first. `needs` names what
 * else a match's page reads as it renders (/about: its definition), loaded beside them.
 */
export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  route: Omit<AppRoute, 'element' | 'handle' | 'index'> = {},
  needs?: RouteNeeds,
): AppRoute {
  const loader: PageLoader = async () => pick(await load());
  const handle: LazyHandle = needs ? { load: loader, needs } : { load: loader };
  return { ...route, element: <RoutePage load={loader} />, handle };
}

const matchedLoaders = (routes: AppRoute[], pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) => loadersOf(route, params));

/** Whether the page modules (and their needs) of every route `pathname` matches have loaded. */
export const routesLoaded = (routes: AppRoute[], pathname: string): boolean =>
  matchedLoaders(routes, pathname).every((load) => loaded.has(load));

/** Loads the page modules (and their needs) of every route `pathname` matches, side by side. */
export async function preloadRoutes(routes: AppRoute[], pathname: string): Promise<void> {
  await Promise.all(matchedLoaders(routes, pathname).map(loadOnce));
}

/**
 * The routes at the router's location, each route's element with its child's as its `<Outlet>`,
 * inside the fallback for errors no page handled. A location no route matches renders nothing.
 */
export function AppRoutes({ routes }: { routes: AppRoute[] }) {
  const location = useLocation();
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const element = matches.reduceRight<ReactNode>(
    (outlet, { route, params }) => (
      <RouteContext value={{ outlet, params }}>{route.element ?? <Outlet />}</RouteContext>
    ),
    null,
  );
  return <RouteErrorBoundary resetKey={location.key}>{element}</RouteErrorBoundary>;
}
