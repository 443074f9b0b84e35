import { startTransition, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Location, NavigationType, Navigator, To } from 'react-router-dom';
import { LoadingSpinner } from '../components/loading-spinner';
import { createBrowserHistory, parsePath, type History } from './browser-history';
import type { AppRoute } from './match-routes';
import { AppRoutes, preloadRoutes, routesLoaded } from './route-modules';
import { RouterContext } from './router-hooks';

export { useNavigate as useAppNavigate } from './router-hooks';

/** Where the application is, and how it got there (a push, a replace, or back/forward). */
export interface RouterState {
  location: Location;
  action: NavigationType;
}

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /**
   * Renders the new location synchronously once its modules have loaded: a logout unmounts the
   * signed-in page before the cache is cleared (navigate's promise resolves after that render).
   */
  flushSync?: boolean;
}

/** Told of each navigation; may return when it has been rendered. */
type Listener = (state: RouterState, flush: boolean) => Promise<void> | void;

/**
 * The application's router, over the browser's history (browser-history.ts) or, for tests and
 * the server's prerender, React Router's memory history (memory-history.ts). React Router's
 * data router (createBrowserRouter) would add 16 KB gzipped to a visitor's first load for
 * loaders, actions and fetchers the application does not use, and its `<Router>` and matching 9
 * KB more (router-hooks.tsx). This keeps what the application needs: navigating from outside
 * React (a 401 from any call leaves for /login) with `flushSync`, a promise that resolves once
 * the new location is on screen, and reading where the application is (error reports, tests).
 * Its `navigator` is what the staff console's React Router `<Router>` navigates with.
 */
export interface AppRouter {
  readonly state: RouterState;
  /** What the links and React Router's `<Router>` (the staff console's) navigate with. */
  readonly navigator: Navigator;
  /** Resolves once the new location has rendered (back and forward: at once). */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  /** Calls `listener` after each navigation; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void;
}

export type { History };

/**
 * The browser's history (browser-history.ts); tests and the server's prerender give a memory
 * history instead (memory-history.ts), which the browser's bundle leaves out.
 */
export const browserHistory = (): History => createBrowserHistory();

/** The router over `history` (the browser's, or a memory history). */
export function createAppRouter(history: History, routes: AppRoute[] = []): AppRouter {
  const listeners = new Set<Listener>();
  let state: RouterState = { location: history.location, action: history.action };
  // Set for the one synchronous listener call of a push or replace that asked for it.
  let flushNext = false;
  let rendered: Promise<unknown> = Promise.resolve();
  history.listen(({ action, location }) => {
    state = { location, action };
    const flush = flushNext;
    flushNext = false;
    rendered = Promise.all([...listeners].map((listener) => listener(state, flush)));
  });

  const apply = (replace: boolean, to: To, routeState: unknown, flush: boolean) => {
    flushNext = flush;
    rendered = Promise.resolve();
    try {
      if (replace) history.replace(to, routeState);
      else history.push(to, routeState);
    } finally {
      flushNext = false;
    }
    return rendered.then(() => undefined);
  };
  // As the data router did: the address changes once the next page's modules have loaded, with
  // the page, not before it (a navigation started meanwhile wins; a failed load is shown).
  let pending = 0;
  let latestChange: Promise<void> = Promise.resolve();
  const change = (replace: boolean, to: To, routeState: unknown, flush = false) => {
    const navigation = ++pending;
    const { pathname } = typeof to === 'string' ? parsePath(to) : to;
    if (!pathname || routesLoaded(routes, pathname))
      return (latestChange = apply(replace, to, routeState, flush));
    // Overtaken by a later navigation while loading: done when that one is.
    latestChange = preloadRoutes(routes, pathname)
      .catch(() => undefined)
      .then(() => (navigation === pending ? apply(replace, to, routeState, flush) : latestChange));
    return latestChange;
  };
  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, routeState, options) => void change(false, to, routeState, options?.flushSync),
    replace: (to, routeState, options) => void change(true, to, routeState, options?.flushSync),
  };

  return {
    get state() {
      return state;
    },
    navigator,
    navigate(to, options = {}) {
      if (typeof to !== 'number')
        return change(options.replace === true, to, options.state ?? null, options.flushSync);
      history.go(to);
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

interface ShownState extends RouterState {
  /** Whether the location's page modules have loaded (until then, the spinner). */
  ready: boolean;
}

/**
 * Renders the routes at the router's location once the page modules of that location have
 * loaded, as React Router's data router did: the page on screen stays while
 * the next one's modules load (a full-screen spinner on the first load), and the new one renders
 * whole, never half-suspended. Navigations render as transitions, except those asked for with
 * `flushSync`.
 */
export function AppRouterView({ router, routes }: { router: AppRouter; routes: AppRoute[] }) {
  const [shown, setShown] = useState<ShownState>(() => ({
    ...router.state,
    ready: routesLoaded(routes, router.state.location.pathname),
  }));
  useLayoutEffect(() => {
    let active = true;
    let latest = 0;
    let latestShown: Promise<void> = Promise.resolve();
    const show = (next: RouterState, flush: boolean): Promise<void> => {
      const navigation = ++latest;
      const shown = (async () => {
        // A failed load is shown by the render, which throws it to the error fallback.
        if (!routesLoaded(routes, next.location.pathname))
          await preloadRoutes(routes, next.location.pathname).catch(() => undefined);
        // Unmounted meanwhile, or a later navigation started while this one's modules loaded:
        // that one is shown, and this one is done when it is.
        if (!active) return;
        if (navigation !== latest) return latestShown;
        const state = { ...next, ready: true };
        if (flush) flushSync(() => setShown(state));
        else startTransition(() => setShown(state));
      })();
      latestShown = shown;
      return shown;
    };
    const unsubscribe = router.subscribe(show);
    // The first location's modules, and a navigation between the first render and now.
    void show(router.state, false);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [router, routes]);
  const { location, action, ready } = shown;
  const value = useMemo(
    () => ({ location, navigationType: action, router }),
    [location, action, router],
  );
  if (!ready) return <LoadingSpinner />;
  return (
    <RouterContext value={value}>
      <AppRoutes routes={routes} />
    </RouterContext>
  );
}
