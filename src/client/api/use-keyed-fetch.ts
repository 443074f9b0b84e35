import { useEffect, useState } from 'react';

/** What the last finished call answered, and for which key. */
export interface KeyedResult<T> {
  key: string;
  value?: T;
  error?: unknown;
}

/**
 * Calls `load` for `key` (nothing for null) without a query client, for the public calls a
 * visitor's first page makes: a newer key cancels the call of the one before, and only the
 * latest key's answer is kept. Until it comes, the previous key's result stays (compare its `key`
 * with yours). `load` must be the same function at every render (a module-level one).
 */
export function useKeyedFetch<T>(
  key: string | null,
  load: (key: string, signal: AbortSignal) => Promise<T>,
): KeyedResult<T> | undefined {
  const [result, setResult] = useState<KeyedResult<T>>();
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const heard = () => !controller.signal.aborted;
    void load(key, controller.signal).then(
      (value) => heard() && setResult({ key, value }),
      (error: unknown) => heard() && setResult({ key, error }),
    );
    return () => controller.abort();
  }, [key, load]);
  return result;
}
