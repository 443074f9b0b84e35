import { useQuery } from '@tanstack/react-query';
import { ServerError, UnauthorizedError } from '../api/errors';
import { fetchJson } from '../api/fetch-json';
import type { ServiceAnswers } from '../../contract/service';

const serviceAnswersQueryKey = (token: string) => ['service-answers', token] as const;

/**
 * The applicant a staff link names. Errors stay here (the view shows their message on a plain
 * page): a staff link has no session, so not even a 401 may send staff to /login.
 */
export function useServiceAnswers(token: string) {
  return useQuery({
    queryKey: serviceAnswersQueryKey(token),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ service_token: token }).toString();
      try {
        const body = await fetchJson<Partial<ServiceAnswers>>(`/service/tmp-pdf?${query}`, {
          signal,
        });
        return {
          answer: body.answer ?? {},
          add_another: body.add_another ?? {},
          document_answer: body.document_answer ?? {},
          tabs: body.tabs ?? {},
        } satisfies ServiceAnswers;
      } catch (error) {
        if (error instanceof UnauthorizedError) {
          throw new ServerError(error.message, { status: error.status, code: error.code });
        }
        throw error;
      }
    },
    enabled: token !== '',
    throwOnError: false,
  });
}
