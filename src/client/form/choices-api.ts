/**
 * The applicant's saved add-another counts and tab choices (SPEC §7): GET and PUT
 * /api/add-another and /api/tabs. Only for logged-in applicants; visitors never call /api.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddAnotherCounts, TabChoices } from '../../contract/application';
import type { MessageResponse } from '../../contract/wire';
import { fetchJson } from '../api/fetch-json';

const addAnotherQueryKey = ['add-another'] as const;
const tabsQueryKey = ['tabs'] as const;

/** GET /api/add-another: button id → number of blocks. Errors are handled by the caller. */
export function useAddAnotherCounts(enabled: boolean) {
  return useQuery({
    queryKey: addAnotherQueryKey,
    queryFn: ({ signal }) => fetchJson<AddAnotherCounts>('/api/add-another', { signal }),
    enabled,
    throwOnError: false,
  });
}

/** PUT /api/add-another with the new count; the cached counts follow. */
export function useSaveAddAnother() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ buttonId, count }: { buttonId: string; count: number }) =>
      fetchJson<MessageResponse>('/api/add-another', {
        method: 'PUT',
        body: { button_id: buttonId, num_components: count },
      }),
    onSuccess: (_reply, { buttonId, count }) =>
      queryClient.setQueryData<AddAnotherCounts>(addAnotherQueryKey, (old) => ({
        ...old,
        [buttonId]: count,
      })),
  });
}

/** GET /api/tabs: tabs id → chosen tab. Errors are handled by the caller. */
export function useTabChoices(enabled: boolean) {
  return useQuery({
    queryKey: tabsQueryKey,
    queryFn: ({ signal }) => fetchJson<TabChoices>('/api/tabs', { signal }),
    enabled,
    throwOnError: false,
  });
}

/** PUT /api/tabs with the chosen tab; the cached choices follow. */
export function useSaveTab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tabsId, tabId }: { tabsId: string; tabId: string }) =>
      fetchJson<MessageResponse>('/api/tabs', {
        method: 'PUT',
        body: { tab_id: tabsId, chosen_tab: tabId },
      }),
    onSuccess: (_reply, { tabsId, tabId }) =>
      queryClient.setQueryData<TabChoices>(tabsQueryKey, (old) => ({ ...old, [tabsId]: tabId })),
  });
}
