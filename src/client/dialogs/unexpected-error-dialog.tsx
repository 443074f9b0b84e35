import { useEffect, useState } from 'react';
import { ServerError, UnauthorizedError } from '../api/errors';
import { genericErrorMessage } from '../messages';
import { reportClientError } from '../api/report-client-error';
import { ErrorDialog } from './error-dialog';
import { t } from '../i18n/i18n';

/** Errors that are not for this dialog: a 401 has its own handler, an abort is intended. */
function isExpected(error: unknown): boolean {
  return (
    error instanceof UnauthorizedError ||
    (error instanceof DOMException && error.name === 'AbortError')
  );
}

/**
 * The "Unexpected Error" modal (SPEC §2, §8) for errors nothing else caught: uncaught exceptions
 * and unhandled promise rejections. Each is logged to the console and reported to the server.
 */
export function UnexpectedErrorDialog() {
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const show = (reason: unknown, kind: 'uncaught' | 'rejection') => {
      if (isExpected(reason)) return;
      console.error(reason);
      reportClientError(kind, reason);
      setError(reason ?? new Error('Unknown error'));
    };
    const onError = (event: ErrorEvent) => show(event.error ?? event.message, 'uncaught');
    const onRejection = (event: PromiseRejectionEvent) => show(event.reason, 'rejection');
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  const close = () => setError(null);
  if (error === null) return null;
  return (
    <ErrorDialog title={t('error.unexpectedTitle')} onClose={close}>
      <p>{error instanceof ServerError ? error.message : genericErrorMessage()}</p>
      <p>{t('error.unexpectedLogged')}</p>
    </ErrorDialog>
  );
}
