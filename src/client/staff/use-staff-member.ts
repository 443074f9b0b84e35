import { useQuery } from '@tanstack/react-query';
import { staffApi } from './staff-api';
import { memberQueryKey } from './staff-query-client';

/** The signed-in member; a 401 leads to /staff/login (staff-query-client.ts). */
export function useStaffMember() {
  return useQuery({ queryKey: memberQueryKey, queryFn: ({ signal }) => staffApi.me(signal) });
}
