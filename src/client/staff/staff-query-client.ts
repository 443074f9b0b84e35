import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';

/** The signed-in member (GET /me): the console's one source for who is signed in. */
export const memberQueryKey = ['staff', 'me'] as const;

/**
 * The console's own query client, apart from the applicant's: a 401 here means the staff
 * session ended (15 minutes idle, 8 hours, or the member removed), which leads to /staff/login,
 * not to the applicant's /login. Failures show beside what failed (the screens read `error`), so
 * one failed table never replaces the whole console. Nothing refetches by itself, as on the
 * applicant side (SPEC §9); each screen refetches after its own changes.
 */
export function createStaffQueryClient(
  onUnauthorized: (wasSignedIn: boolean, client: QueryClient) => void,
): QueryClient {
  return createQueryClient(
    (_error, client) => onUnauthorized(client.getQueryData(memberQueryKey) !== undefined, client),
    { failuresInPlace: true, refetchInvalidatedOnMount: true },
  );
}
