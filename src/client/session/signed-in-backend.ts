import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { webStatusOf } from '../../engine/web-status';
import { applicationApi } from '../api/application-api';
import { profileQueryKey, updateCachedProfile, type Profile } from '../api/use-profile';
import { pdfQueryKey } from '../documents/pdf-query-key';
import { statusesThrough, useLastPageMutation, useWebStatusMutation } from './progress-mutations';
import type { SessionBackend } from './session-backend';

/**
 * The session's calls for a signed-in applicant (session-backend.ts): mutations of the query
 * client, so that a 401 from any of them reaches the one handler (api/query-client.ts), and the
 * cached profile, which the session reads its progress from, follows each of them.
 */
export function useSignedInBackend(): SessionBackend {
  const queryClient = useQueryClient();
  const { mutateAsync: saveAnswers } = useMutation({
    mutationFn: applicationApi.saveAnswers,
    onSuccess: (_data, changes) => {
      updateCachedProfile(queryClient, (profile) => ({
        ...profile,
        answer: { ...profile.answer, ...changes },
      }));
      // The PDF copy shows the saved answers: ask for it again rather than in ten minutes.
      if (Object.keys(changes).length > 0)
        void queryClient.invalidateQueries({ queryKey: pdfQueryKey });
    },
  });
  const { mutate: postValidations } = useMutation({ mutationFn: applicationApi.postValidations });
  const { mutateAsync: postWebStatus, mutate: recordWebStatus } = useWebStatusMutation();
  const { mutate: recordLastPage } = useLastPageMutation();
  const { mutateAsync: submit } = useMutation({ mutationFn: applicationApi.submit });

  return useMemo<SessionBackend>(
    () => ({
      webStatusNow: () =>
        webStatusOf(queryClient.getQueryData<Profile>(profileQueryKey)?.web_status),
      saveAnswers,
      postValidations: (errors) => postValidations(errors),
      postWebStatus,
      recordWebStatus: (status) => recordWebStatus(status),
      recordLastPage: (route) => recordLastPage(route),
      submit: () => submit(),
      markSubmitted: () => {
        updateCachedProfile(queryClient, (profile) => ({
          ...profile,
          web_status: statusesThrough('submitted'),
        }));
        // From now on the PDF copy is the one frozen at submission.
        void queryClient.invalidateQueries({ queryKey: pdfQueryKey });
      },
    }),
    [
      queryClient,
      saveAnswers,
      postValidations,
      postWebStatus,
      recordWebStatus,
      recordLastPage,
      submit,
    ],
  );
}
