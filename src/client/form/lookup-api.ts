/**
 * GET /lookup/find (SPEC §7): suggestions for what the applicant typed, and the record of a
 * chosen suggestion. Failures are swallowed (SPEC §8): no suggestions, or no record.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { LookupCategory, LookupItem, LookupRecord } from '../../contract/lookup';
import { fetchJson } from '../api/fetch-json';

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

/** Suggestions for a (debounced) query; none for an empty query or a failed call. */
export function useLookupSearch(category: LookupCategory, query: string, state?: string) {
  const text = query.trim().slice(0, 100);
  return useQuery({
    queryKey: ['lookup', category, text, state ?? ''],
    queryFn: async ({ signal }) => {
      try {
        return await fetchJson<LookupItem[]>(lookupSearchUrl(category, text, state), { signal });
      } catch {
        return [];
      }
    },
    enabled: text !== '',
    placeholderData: (previous) => previous,
  });
}

/** The record of a chosen suggestion; rejects when the call fails (the caller falls back). */
export function useLookupDetail(category: LookupCategory) {
  return useMutation({
    mutationFn: (id: string) => {
      const params = new URLSearchParams({ id, category });
      return fetchJson<LookupRecord>(`/lookup/find?${params.toString()}`);
    },
  });
}
