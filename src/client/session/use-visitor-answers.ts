import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Answers } from '../../engine/definitions';
import { applicationApi } from '../api/application-api';
import { ServerError, UnauthorizedError } from '../api/errors';
import { profileQueryKey } from '../api/use-profile';
import { useToast } from '../components/toast-context';
import { t } from '../i18n/i18n';

export interface VisitorAnswers {
  /** Nothing to wait for: no token, or its call has finished (well or not). */
  settled: boolean;
  /** The answers the token held (for a visitor: what the form starts with). */
  answers: Answers | undefined;
}

/**
 * The `token` query parameter (SPEC §2): a visitor's saved answers. A visitor reads them back
 * (GET /public/tmp); a signed-in applicant claims them into the account, which spends the token,
 * before the profile is read. A token that expired or was used shows why, and the form goes on.
 */
export function useVisitorAnswers(token: string | null, loggedIn: boolean): VisitorAnswers {
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: ['visitor-answers', loggedIn ? 'claim' : 'read', token],
    queryFn: async ({ signal }) => {
      if (!loggedIn) return (await applicationApi.visitorAnswers(token ?? '', signal)).answer;
      const { answer } = await applicationApi.claimVisitorAnswers(token ?? '');
      // The profile must be read again: it now holds the claimed answers.
      queryClient.removeQueries({ queryKey: profileQueryKey });
      return answer;
    },
    enabled: token !== null && token !== '',
    throwOnError: false,
    gcTime: Infinity,
  });

  const { error } = query;
  useEffect(() => {
    if (!error || error instanceof UnauthorizedError) return;
    toast.show({
      kind: 'error',
      title: t('answers.savedErrorTitle'),
      message: error instanceof ServerError ? error.message : String(error),
    });
  }, [error, toast]);

  return {
    settled: !token || query.isSuccess || query.isError,
    answers: query.data,
  };
}
