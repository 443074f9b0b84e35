import { createElement, use, type ComponentType } from 'react';
import {
  matchRoutes,
  useLocation,
  useRoutes,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router-dom';
import { RouteErrorBoundary } from '../components/error-fallback';

/** Loads the module of one route and picks its page component. */
export type PageLoader = () => Promise<ComponentType>;

const loaded = new Map<PageLoader, ComponentType>();
const pending = new Map<PageLoader, Promise<ComponentType>>();
/** Why the last load of a module failed, until one succeeds. */
const failed = new Map<PageLoader, unknown>();

/** Starts loading a route's page once (after a failure, the next call tries again). */
function loadPage(load: PageLoader): Promise<ComponentType> {
  let promise = pending.get(load);
  if (!promise) {
    promise = load().then(
      (component) => {
        loaded.set(load, component);
        failed.delete(load);
        return component;
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
  const page = loaded.get(load);
  if (page) return createElement(page);
  if (failed.has(load)) throw failed.get(load);
  return createElement(use(loadPage(load)));
}

/** The loader a route made by lazyRoute keeps in its `handle`. */
const loaderOf = (route: RouteObject): PageLoader | undefined =>
  (route.handle as { load?: PageLoader } | undefined)?.load;

/**
 * A route whose page loads lazily (SPEC §2): `pick` takes the page component from the module
 * `load` imports. The modules of every route a location matches load side by side before it is
 * shown (AppRouterView): for /about the form loader, the layout and the page, where nested
 * React.lazy components would each wait for their parent to render first.
 */
export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  route: Omit<NonIndexRouteObject, 'element' | 'handle'> = {},
): RouteObject {
  const loader: PageLoader = async () => pick(await load());
  return { ...route, element: <RoutePage load={loader} />, handle: { load: loader } };
}

const matchedLoaders = (routes: RouteObject[], pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => loaderOf(route) ?? []);

/** Whether the page modules of every route `pathname` matches have loaded. */
export const routesLoaded = (routes: RouteObject[], pathname: string): boolean =>
  matchedLoaders(routes, pathname).every((load) => loaded.has(load));

/** Loads the page modules of every route `pathname` matches, side by side. */
export async function preloadRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(matchedLoaders(routes, pathname).map(loadPage));
}

/** The routes at the router's location, inside the fallback for errors no page handled. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  return <RouteErrorBoundary resetKey={location.key}>{element}</RouteErrorBoundary>;
}
