import { useEffect, useState } from 'react';
import type { Answers } from '../../engine/definitions';
import { applicationApi } from '../api/application-api';
import { ServerError } from '../api/errors';
import { useToast } from '../components/toast-context';
import { t } from '../i18n/i18n';

export interface VisitorAnswers {
  /** Nothing to wait for: no token, or its call has finished (well or not). */
  settled: boolean;
  /** The answers the token held (for a visitor: what the form starts with). */
  answers: Answers | undefined;
}

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
  const [result, setResult] = useState<{ token: string; answers?: Answers; error?: unknown }>();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const heard = () => !controller.signal.aborted;
    void applicationApi.visitorAnswers(token, controller.signal).then(
      ({ answer }) => heard() && setResult({ token, answers: answer }),
      (error: unknown) => heard() && setResult({ token, error }),
    );
    return () => controller.abort();
  }, [token]);
  const done = result !== undefined && result.token === token;
  useVisitorAnswersFailure(done ? result.error : undefined);
  return { settled: !token || done, answers: done ? result.answers : undefined };
}
