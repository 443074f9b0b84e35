import { useCallback } from 'react';
import { ServerError, UnauthorizedError } from '../api/errors';
import { useToast } from '../components/toast-context';
import { t } from '../i18n/i18n';

/**
 * Shows a failed call as an error toast titled Error with the catalogue's text (SPEC §8, e.g.
 * "Error adding another {button id}") and the server's message under it. A 401 is left to the
 * global handler, which sends the applicant to /login. Returns the toast's id (none for a 401),
 * for a later success to close it.
 */
export function useFailureToast() {
  const toast = useToast();
  return useCallback(
    (message: string, error: unknown): number | undefined => {
      if (error instanceof UnauthorizedError) return undefined;
      if (!(error instanceof ServerError)) console.error(error);
      const details = error instanceof ServerError ? [error.message] : [];
      return toast.show({ kind: 'error', title: t('error.toastTitle'), message, details });
    },
    [toast],
  );
}
