import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '../../contract/application';
import { fetchJson } from './fetch-json';

export type { Profile };

export const profileQueryKey = ['profile'] as const;

/**
 * The signed-in student's profile; disabled for visitors who are not logged in. A failure is
 * not thrown to the error boundary: the form loader shows it with a way to try again.
 */
export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchJson<Profile>('/api/profile', { signal }),
    enabled,
    throwOnError: false,
  });
}

/**
 * Changes the cached profile where a mutation knows the server's new state. A visitor has no
 * profile: nothing changes.
 */
export function updateCachedProfile(
  queryClient: QueryClient,
  change: (profile: Profile) => Profile,
): void {
  queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
    profile ? change(profile) : profile,
  );
}
