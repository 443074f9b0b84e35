/**
 * The rows of the named lists that carry data (countries, US states, Canadian provinces; about
 * 3 KB gzip) in the browser. /about shows four country selects, closed and empty, which draw
 * '--' without them: a visitor's first load goes without the rows (issue 43). They are fetched
 * after the first load (afterFirstLoad), or at once when a list must show its options or name a
 * chosen value; validation (page-validators.ts), the address and school lookups (lookup-api.ts)
 * and the staff view (form-loader.tsx) load them before they read a list.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { installNamedListRows, namedListRowsReady } from '../../engine/option-lists';
import { afterFirstLoad } from '../components/after-first-load';

let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Loads the rows once; a failed load (offline) is tried again by the next call. */
export function loadNamedLists(): Promise<void> {
  if (namedListRowsReady()) return Promise.resolve();
  loading ??= import('../../engine/data/named-list-rows').then(
    ({ namedListRows }) => {
      installNamedListRows(namedListRows);
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * Whether the rows are here, re-rendering when they arrive. A list that `needs` them fetches
 * them after the first load, or at once when `now` (a select focused or holding a value). A
 * prerendered page hydrates without them, as the server drew it.
 */
export function useNamedLists(needs: boolean, now: boolean): boolean {
  const ready = useSyncExternalStore(subscribe, namedListRowsReady, () => false);
  useEffect(() => {
    if (!needs || ready) return;
    // Offline, say: the list stays empty, and the next focus tries again.
    const load = () => void loadNamedLists().catch((error: unknown) => console.error(error));
    if (!now) return afterFirstLoad(load);
    load();
  }, [needs, now, ready]);
  return ready;
}
