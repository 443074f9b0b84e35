import { useEffect, useRef, useState } from 'react';

export interface DebounceOptions {
  /** Quiet time after the last change before the value is passed on. */
  wait: number;
  /** The longest a change waits while changes keep coming (lodash's maxWait). */
  maxWait?: number;
}

/**
 * The value, passed on `wait` ms after it stops changing, and at least every `maxWait` ms while it
 * keeps changing (SPEC §7: lookup debounced 200 ms with a maximum wait of 500 ms).
 */
export function useDebouncedValue<T>(value: T, { wait, maxWait }: DebounceOptions): T {
  const [debounced, setDebounced] = useState(value);
  const firstChange = useRef<number | null>(null);

  useEffect(() => {
    if (Object.is(value, debounced)) {
      firstChange.current = null;
      return;
    }
    const now = Date.now();
    firstChange.current ??= now;
    const waited = now - firstChange.current;
    const delay = maxWait === undefined ? wait : Math.max(0, Math.min(wait, maxWait - waited));
    const timer = setTimeout(() => {
      firstChange.current = null;
      setDebounced(value);
    }, delay);
    return () => clearTimeout(timer);
  }, [value, debounced, wait, maxWait]);

  return debounced;
}
