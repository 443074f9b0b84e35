/**
 * GET /lookup/find (SPEC §7): suggestions for what the applicant typed, and the record of a
 * chosen suggestion. Failures are swallowed (SPEC §8): no suggestions, or no record. Public calls
 * a visitor's first page makes (the address block is on /about): plain fetches, no query client.
 */
import { loadNamedLists } from './named-lists';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { LookupCategory, LookupItem, LookupRecord } from '../../contract/lookup';
import { fetchJson } from '../api/fetch-json';
import { useKeyedFetch } from '../api/use-keyed-fetch';

/** SPEC §7: the lookup is debounced 200 ms with a maximum wait of 500 ms. */
export const LOOKUP_DEBOUNCE = { wait: 200, maxWait: 500 } as const;

/** SPEC §9: five suggestions. */
const MAX_RESULTS = 5;

/** The search URL: query, category, max_results and, to rank local schools first, a state. */
function lookupSearchUrl(category: LookupCategory, query: string, state?: string): string {
  const params = new URLSearchParams({ query, category, max_results: String(MAX_RESULTS) });
  if (state && /^[A-Za-z]{2}$/.test(state)) params.set('state', state);
  return `/lookup/find?${params.toString()}`;
}

/** A search's suggestions; a failed call has none. */
const searchAt = (url: string, signal: AbortSignal) =>
  fetchJson<LookupItem[]>(url, { signal }).catch((): LookupItem[] => []);

export interface LookupSearch {
  /** The suggestions for the query, or the last query's while its own are on their way. */
  data: LookupItem[] | undefined;
  /** The query's suggestions are on their way. */
  isFetching: boolean;
}

/**
 * Suggestions for a (debounced) query; none for an empty query or a failed call. A newer query
 * cancels the call of the one before.
 */
export function useLookupSearch(
  category: LookupCategory,
  query: string,
  state?: string,
): LookupSearch {
  const text = query.trim().slice(0, 100);
  const url = text === '' ? null : lookupSearchUrl(category, text, state);
  const shown = useKeyedFetch(url, searchAt);
  if (url === null) return { data: undefined, isFetching: false };
  return { data: shown?.value, isFetching: shown?.key !== url };
}

export interface LookupDetail {
  /**
   * Reads the record of a chosen suggestion: `onRecord` gets it, or `onFailure` is called when
   * the call fails (the caller falls back to the suggestion's text). Only the latest choice's
   * answer is heard, and none once the question has gone.
   */
  choose(id: string, onRecord: (record: LookupRecord) => void, onFailure: () => void): void;
  /** A choice made without a call (the typed text): an earlier call's answer is not heard. */
  forget(): void;
}

/** The record of a chosen suggestion, for one question. */
export function useLookupDetail(category: LookupCategory): LookupDetail {
  const latest = useRef(0);
  // Gone: no pending call's answer is heard.
  useEffect(() => () => void (latest.current += 1), []);
  const forget = useCallback(() => void (latest.current += 1), []);
  const choose = useCallback<LookupDetail['choose']>(
    (id, onRecord, onFailure) => {
      const call = (latest.current += 1);
      const heard = () => call === latest.current;
      const params = new URLSearchParams({ id, category });
      // The record's country and state are answered with their labels, read from the lists.
      void Promise.all([
        fetchJson<LookupRecord>(`/lookup/find?${params.toString()}`),
        loadNamedLists(),
      ]).then(
        ([record]) => heard() && onRecord(record),
        () => heard() && onFailure(),
      );
    },
    [category],
  );
  return useMemo(() => ({ choose, forget }), [choose, forget]);
}
