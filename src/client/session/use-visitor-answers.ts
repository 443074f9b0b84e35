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

/**
 * A token's answers, read once for the page's life: coming back to the form (Back from the
 * account screens) starts from them again without a second call.
 */
const readTokens = new Map<string, Promise<Answers>>();

/** A token's answers read back (GET /public/tmp), at most once per token. */
function readVisitorAnswers(token: string): Promise<Answers> {
  let read = readTokens.get(token);
  if (!read) {
    read = applicationApi.visitorAnswers(token).then(({ answer }) => answer);
    // A failure is not kept: the next visit to the form tries again.
    read.catch(() => readTokens.delete(token));
    readTokens.set(token, read);
  }
  return read;
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
 * (GET /public/tmp, a public call: no query client). A token that expired or was used shows why,
 * and the form goes on. A signed-in applicant claims the token instead (signed-in-loader.tsx).
 */
export function useVisitorAnswers(token: string | null): VisitorAnswers {
  const [result, setResult] = useState<{ token: string; answers?: Answers; error?: unknown }>();
  useEffect(() => {
    if (!token) return;
    let current = true;
    readVisitorAnswers(token).then(
      (answers) => current && setResult({ token, answers }),
      (error: unknown) => current && setResult({ token, error }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  const done = result !== undefined && result.token === token;
  useVisitorAnswersFailure(done ? result.error : undefined);
  return { settled: !token || done, answers: done ? result.answers : undefined };
}
