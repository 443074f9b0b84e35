import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The applicant's query client, made by the first screen that needs it (api/query-boundary.tsx)
 * and shared from then on: the sign-in screens, a signed-in applicant's form, and the question
 * types that read the applicant's saved choices. A visitor's form page draws without it, so
 * TanStack Query is not in its first load (issue 43).
 */
export interface AppQuery {
  client: QueryClient | undefined;
  /** A 401 from any query or mutation (SPEC §7): the screen's sign-in, then the cache cleared. */
  onUnauthorized: (client: QueryClient) => void;
}

export const AppQueryContext = createContext<AppQuery | null>(null);
