import { useEffect } from 'react';
import type { Answers } from '../../engine/definitions';
import { applicationApi } from '../api/application-api';
import { ServerError } from '../api/errors';
import { useKeyedFetch } from '../api/use-keyed-fetch';
import { useToast } from '../components/toast-context';
import { t } from '../i18n/i18n';

export interface VisitorAnswers {
  /** Nothing to wait for: no token, or its call has finished (well or not). */
  settled: boolean;
  /** The answers the token held (for a visitor: what the form starts with). */
  answers: Answers | undefined;
}

/** The answers saved under a token (GET /public/tmp). */
const readAnswers = (token: string, signal: AbortSignal): Promise<Answers> =>
  applicationApi.visitorAnswers(token, signal).then(({ answer }) => answer);

/** Shows why a token's answers could not be had; the form goes on without them. */
export function useVisitorAnswersFailure(error: unknown) {
  const toast = useToast();
  useEffect(() => {
    if (!error) return;
    toast.show({
      kind: 'error',
      title: t('answers.savedErrorTitle'),
      message: error instanceof ServerError ? error.message : String(error),
    });
  }, [error, toast]);
}

/**
 * The `token` query parameter (SPEC §2) for a visitor: the answers saved under it, read back
 * (GET /public/tmp, a public call: no query client) each time the form opens with it, so that a
 * token spent meanwhile (claimed by a sign-in) is not shown again. A token that expired or was
 * used shows why, and the form goes on. A signed-in applicant claims the token instead
 * (signed-in-loader.tsx).
 */
export function useVisitorAnswers(token: string | null): VisitorAnswers {
  const result = useKeyedFetch(token || null, readAnswers);
  const done = result !== undefined && result.key === token;
  useVisitorAnswersFailure(done ? result.error : undefined);
  return { settled: !token || done, answers: done ? result.value : undefined };
}
