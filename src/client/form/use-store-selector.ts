import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useFormStore } from './form-context';
import type { FormStore } from './form-store';

/** A snapshot function that recomputes only when the topics' version moves. */
function memoisedSnapshot<T>(
  store: FormStore,
  topics: readonly string[],
  select: (store: FormStore) => T,
  isEqual: (a: T, b: T) => boolean,
): () => T {
  let seen = -1;
  let value = undefined as T;
  return () => {
    const version = store.versionOf(topics);
    if (version !== seen) {
      const next = select(store);
      if (seen === -1 || !isEqual(value, next)) value = next;
      seen = version;
    }
    return value;
  };
}

/**
 * Reads something derived from the store, recomputed only when one of the topics changes, and
 * re-renders only when the result is no longer `isEqual` to the last one. `topics`, `select` and
 * `isEqual` should keep their identity between renders (store-topics caches topic lists; wrap
 * `select` in useCallback).
 */
export function useStoreSelector<T>(
  topics: readonly string[],
  select: (store: FormStore) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const store = useFormStore();
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeTopics(topics, listener),
    [store, topics],
  );
  const getSnapshot = useMemo(
    () => memoisedSnapshot(store, topics, select, isEqual),
    [store, topics, select, isEqual],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
