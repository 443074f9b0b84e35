/**
 * The applicant's saved add-another counts and tab choices (SPEC §7): GET and PUT
 * /api/add-another and /api/tabs. Only for logged-in applicants; visitors never call /api.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '../api/fetch-json';

const addAnotherQueryKey = ['add-another'] as const;
const tabsQueryKey = ['tabs'] as const;

type Counts = Record<string, number>;
type Choices = Record<string, string>;

/** GET /api/add-another: button id → number of blocks. Errors are handled by the caller. */
export function useAddAnotherCounts(enabled: boolean) {
  return useQuery({
    queryKey: addAnotherQueryKey,
    queryFn: ({ signal }) => fetchJson<Counts>('/api/add-another', { signal }),
    enabled,
    throwOnError: false,
  });
}

/** PUT /api/add-another with the new count; the cached counts follow. */
export function useSaveAddAnother() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ buttonId, count }: { buttonId: string; count: number }) =>
      fetchJson<{ message: string }>('/api/add-another', {
        method: 'PUT',
        body: { button_id: buttonId, num_components: count },
      }),
    onSuccess: (_reply, { buttonId, count }) =>
      queryClient.setQueryData<Counts>(addAnotherQueryKey, (old) => ({
        ...old,
        [buttonId]: count,
      })),
  });
}

/** GET /api/tabs: tabs id → chosen tab. Errors are handled by the caller. */
export function useTabChoices(enabled: boolean) {
  return useQuery({
    queryKey: tabsQueryKey,
    queryFn: ({ signal }) => fetchJson<Choices>('/api/tabs', { signal }),
    enabled,
    throwOnError: false,
  });
}

/** PUT /api/tabs with the chosen tab; the cached choices follow. */
export function useSaveTab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tabsId, tabId }: { tabsId: string; tabId: string }) =>
      fetchJson<{ message: string }>('/api/tabs', {
        method: 'PUT',
        body: { tab_id: tabsId, chosen_tab: tabId },
      }),
    onSuccess: (_reply, { tabsId, tabId }) =>
      queryClient.setQueryData<Choices>(tabsQueryKey, (old) => ({ ...old, [tabsId]: tabId })),
  });
}
