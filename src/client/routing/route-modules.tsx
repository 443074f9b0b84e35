import { createElement, use, type ComponentType } from 'react';
import {
  matchRoutes,
  useLocation,
  useRoutes,
  type NonIndexRouteObject,
  type Params,
  type RouteObject,
} from 'react-router-dom';
import { RouteErrorBoundary } from '../components/error-fallback';

/** Loads the module of one route and picks its page component. */
type PageLoader = () => Promise<ComponentType>;

/**
 * What else a route needs loaded before it shows, by the location's params (a form page's
 * validator): a loader, the same function for the same need at every call, or none.
 */
export type RouteNeeds = (params: Params) => (() => Promise<unknown>) | undefined;

type Loader = () => Promise<unknown>;

const loaded = new Map<Loader, unknown>();
const pending = new Map<Loader, Promise<unknown>>();
/** Why the last load of a module failed, until one succeeds. */
const failed = new Map<Loader, unknown>();

/** Starts loading a route's page (or a need) once (after a failure, the next call tries again). */
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
  // What `load` resolved with: a page component (loadOnce keeps each loader's own result).
  const page = loaded.get(load) as ComponentType | undefined;
  if (page) return createElement(page);
  if (failed.has(load)) throw failed.get(load);
  return createElement(use(loadOnce(load)));
}

interface RouteHandle {
  load?: PageLoader;
  needs?: RouteNeeds;
}

const handleOf = (route: RouteObject): RouteHandle => (route.handle ?? {}) as RouteHandle;

/**
 * A route whose page loads lazily (SPEC §2): `pick` takes the page component from the module
 * `load` imports. The modules of every route a location matches load side by side before it is
 * shown (AppRouterView), with what each route `needs` for the location: for /about the form
 * loader, the layout and the page, and About You's validator, where nested React.lazy components
 * would each wait for their parent to render first.
 */
export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  route: Omit<NonIndexRouteObject, 'element' | 'handle'> = {},
  needs?: RouteNeeds,
): RouteObject {
  const loader: PageLoader = async () => pick(await load());
  const handle: RouteHandle = { load: loader, needs };
  return { ...route, element: <RoutePage load={loader} />, handle };
}

const matchedLoaders = (routes: RouteObject[], pathname: string): Loader[] =>
  (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) => {
    const { load, needs } = handleOf(route);
    const needed = needs?.(params);
    return [...(load ? [load] : []), ...(needed ? [needed] : [])];
  });

/** Whether the page modules (and needs) of every route `pathname` matches have loaded. */
export const routesLoaded = (routes: RouteObject[], pathname: string): boolean =>
  matchedLoaders(routes, pathname).every((load) => loaded.has(load));

/** Loads the page modules (and needs) of every route `pathname` matches, side by side. */
export async function preloadRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(matchedLoaders(routes, pathname).map(loadOnce));
}

/**
 * What a route's need resolved with, for the page that relies on it: the router showed the page
 * once it had loaded; if it failed, the error goes to the error boundary (RouteErrorBoundary) as
 * a page module's would, and a render that did not wait for it suspends.
 */
export function useRouteNeed<T>(load: (() => Promise<T>) | undefined): T | undefined {
  if (!load) return undefined;
  if (loaded.has(load)) return loaded.get(load) as T;
  if (failed.has(load)) throw failed.get(load);
  return use(loadOnce(load));
}

/** The routes at the router's location, inside the fallback for errors no page handled. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  return <RouteErrorBoundary resetKey={location.key}>{element}</RouteErrorBoundary>;
}
