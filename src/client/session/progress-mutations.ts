import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { webStatuses, type WebStatus } from '../../engine/web-status';
import { applicationApi, webStatusRetries } from '../api/application-api';
import { profileQueryKey, updateCachedProfile, type Profile } from '../api/use-profile';

/** The profile's status list that stands for a status (SPEC §4 counts the distinct entries). */
export function statusesThrough(status: WebStatus): Profile['web_status'] {
  const through = webStatuses.slice(0, webStatuses.indexOf(status) + 1);
  return through.map((web_status) => ({ web_status }));
}

/**
 * Before an optimistic change (TanStack Query's optimistic updates): a profile read under way
 * would overwrite the change, so it is cancelled first. The profile is never read again after
 * it: a refetch on settling, as the guide has it, would be a call SPEC §7 does not make.
 */
async function cancelProfileReads(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: profileQueryKey });
}

/**
 * POST /api/web-status. The new status is set locally at once, in the cached profile, and posted
 * (SPEC §4: "locally and posted"; SPEC §7: retried 2 times, response not shown), so it stays even
 * should the call fail: no rollback.
 */
export function useWebStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applicationApi.postWebStatus,
    retry: webStatusRetries,
    onMutate: async (status) => {
      await cancelProfileReads(queryClient);
      updateCachedProfile(queryClient, (profile) => ({
        ...profile,
        web_status: statusesThrough(status),
      }));
    },
  });
}

/** PUT /api/last-page, recorded at once in the cached profile, where it stays should the call fail. */
export function useLastPageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applicationApi.setLastPage,
    onMutate: async (route) => {
      await cancelProfileReads(queryClient);
      updateCachedProfile(queryClient, (profile) => ({ ...profile, last_page: route }));
    },
  });
}
