/**
 * The browser's history as the application's router reads and moves it (app-router.tsx), with
 * React Router's own layout of `history.state` ({ usr, key, idx }), so that a location's state
 * and key mean the same to the staff console's React Router and survive a reload. React Router's
 * createBrowserHistory does this too, but it lives in the package's one module with everything
 * else: importing it brought 7 KB gzipped of React Router into every first load (issue 43).
 * Tests and the server's prerender use React Router's memory history (memory-history.ts).
 */
import type { Location, NavigationType, Path, To } from 'react-router-dom';

/** A history the router runs over: the browser's (this module), or one in memory. */
export interface History {
  readonly action: NavigationType;
  readonly location: Location;
  createHref(to: To): string;
  encodeLocation(to: To): Path;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** One listener, told of every change (push and replace too, as v5Compat does). */
  listen(listener: (update: { action: NavigationType; location: Location }) => void): () => void;
}

/** `/a?b#c` as its parts; the parts it lacks are left out. */
export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    parsed.hash = rest.slice(hash);
    rest = rest.slice(0, hash);
  }
  const search = rest.indexOf('?');
  if (search >= 0) {
    parsed.search = rest.slice(search);
    rest = rest.slice(0, search);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

/** The parts of a path as one address (`/` when it has no pathname). */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const PUSH = 'PUSH' as NavigationType;
const REPLACE = 'REPLACE' as NavigationType;
const POP = 'POP' as NavigationType;

const stateOf = (): HistoryState => (window.history.state as HistoryState | null) ?? {};
const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * The browser's history. An entry's `idx` is written when it is pushed or replaced; the page's
 * first entry, which has none, counts as 0. React Router writes it there at once, but a
 * replaceState costs a same-document navigation (1–23 ms at 4× CPU), on every first load, for an
 * index nothing here reads back (issue 43).
 */
export function createBrowserHistory(): History {
  const global = window.history;
  let action = POP;
  let listener: Parameters<History['listen']>[0] | null = null;
  const createHref = (to: To) => (typeof to === 'string' ? to : createPath(to));
  const current = (): Location => {
    const { usr, key } = stateOf();
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: usr ?? null, key: key ?? 'default' };
  };
  /** The location `to` leads to from here, as history.state will hold it. */
  const next = (to: To, state: unknown, idx: number) => {
    const path = typeof to === 'string' ? parsePath(to) : to;
    const location = { ...current(), search: '', hash: '', ...path, state, key: newKey() };
    return { url: createHref(location), entry: { usr: state, key: location.key, idx } };
  };
  const notify = () => listener?.({ action, location: current() });
  const onPop = () => {
    action = POP;
    notify();
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return current();
    },
    createHref,
    encodeLocation(to) {
      const url = new URL(createHref(to), window.location.origin);
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
    push(to, state = null) {
      action = PUSH;
      const { url, entry } = next(to, state, (stateOf().idx ?? 0) + 1);
      try {
        global.pushState(entry, '', url);
      } catch (error) {
        // State the browser cannot store is a bug to see; a full list of entries is not.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location.assign(url);
      }
      notify();
    },
    replace(to, state = null) {
      action = REPLACE;
      const { url, entry } = next(to, state, stateOf().idx ?? 0);
      global.replaceState(entry, '', url);
      notify();
    },
    go: (delta) => global.go(delta),
    listen(fn) {
      if (listener) throw new Error('A history has one listener.');
      listener = fn;
      window.addEventListener('popstate', onPop);
      return () => {
        window.removeEventListener('popstate', onPop);
        listener = null;
      };
    },
  };
}
