/**
 * The applicant's saved add-another counts and tab choices (SPEC §7): GET and PUT
 * /api/add-another and /api/tabs. Only for logged-in applicants; visitors never call /api.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../contract/wire';
import { fetchJson } from '../api/fetch-json';

/**
 * The two hooks of a map the server keeps per applicant at `path`: one reads it (errors are
 * handled by the caller), one writes one entry (`entry` names it, `body` is what PUT sends) and
 * the cached map follows.
 */
function savedMap<Value, Change>(
  path: string,
  entry: (change: Change) => readonly [id: string, value: Value],
  body: (change: Change) => object,
) {
  const queryKey = [path] as const;
  const useRead = (enabled: boolean) =>
    useQuery({
      queryKey,
      queryFn: ({ signal }) => fetchJson<Record<string, Value>>(path, { signal }),
      enabled,
      throwOnError: false,
    });
  const useWrite = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (change: Change) =>
        fetchJson<MessageResponse>(path, { method: 'PUT', body: body(change) }),
      onSuccess: (_reply, change) => {
        const [id, value] = entry(change);
        queryClient.setQueryData<Record<string, Value>>(queryKey, (old) => ({
          ...old,
          [id]: value,
        }));
      },
    });
  };
  return [useRead, useWrite] as const;
}

/** Button id → number of blocks. */
export const [useAddAnotherCounts, useSaveAddAnother] = savedMap(
  '/api/add-another',
  ({ buttonId, count }: { buttonId: string; count: number }) => [buttonId, count] as const,
  ({ buttonId, count }) => ({ button_id: buttonId, num_components: count }),
);

/** Tabs id → chosen tab. */
export const [useTabChoices, useSaveTab] = savedMap(
  '/api/tabs',
  ({ tabsId, tabId }: { tabsId: string; tabId: string }) => [tabsId, tabId] as const,
  ({ tabsId, tabId }) => ({ tab_id: tabsId, chosen_tab: tabId }),
);
