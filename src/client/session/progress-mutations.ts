import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { webStatuses, webStatusOf, type WebStatus } from '../../engine/web-status';
import { applicationApi, webStatusRetries } from '../api/application-api';
import { profileQueryKey, updateCachedProfile, type Profile } from '../api/use-profile';

/** The profile's status list that stands for a status (SPEC §4 counts the distinct entries). */
export function statusesThrough(status: WebStatus): Profile['web_status'] {
  const through = webStatuses.slice(0, webStatuses.indexOf(status) + 1);
  return through.map((web_status) => ({ web_status }));
}

/**
 * The cached profile before an optimistic change (TanStack Query's optimistic updates): a profile
 * read under way would overwrite the change, so it is cancelled first. The profile is never
 * read again after it: a refetch on settling, as the guide has it, would be a call SPEC §7 does
 * not make.
 */
async function profileBeforeChange(queryClient: QueryClient): Promise<Profile | undefined> {
  await queryClient.cancelQueries({ queryKey: profileQueryKey });
  return queryClient.getQueryData<Profile>(profileQueryKey);
}

/**
 * POST /api/web-status. The new status shows at once in the cached profile, and the one before
 * comes back should the call fail (after its retries), unless a later change has replaced it.
 */
export function useWebStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applicationApi.postWebStatus,
    retry: webStatusRetries,
    onMutate: async (status) => {
      const previous = await profileBeforeChange(queryClient);
      updateCachedProfile(queryClient, (profile) => ({
        ...profile,
        web_status: statusesThrough(status),
      }));
      return { previous: previous?.web_status };
    },
    onError: (_error, status, context) => {
      const previous = context?.previous;
      if (!previous) return;
      updateCachedProfile(queryClient, (profile) =>
        webStatusOf(profile.web_status) === status ? { ...profile, web_status: previous } : profile,
      );
    },
  });
}

/** PUT /api/last-page, shown at once in the cached profile and put back should it fail. */
export function useLastPageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applicationApi.setLastPage,
    onMutate: async (route) => {
      const previous = await profileBeforeChange(queryClient);
      updateCachedProfile(queryClient, (profile) => ({ ...profile, last_page: route }));
      return { previous: previous?.last_page };
    },
    onError: (_error, route, context) => {
      const previous = context?.previous;
      if (previous === undefined) return;
      updateCachedProfile(queryClient, (profile) =>
        profile.last_page === route ? { ...profile, last_page: previous } : profile,
      );
    },
  });
}
