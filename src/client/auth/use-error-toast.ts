import { useCallback } from 'react';
import { genericErrorMessage, ServerError } from '../api/errors';
import { useToast } from '../components/toast-context';

/**
 * Shows a failed call as an error toast titled "<name> Error" (SPEC §8) with the server's
 * message and, under it, any per-field messages the server sent that say something more.
 */
export function useErrorToast() {
  const toast = useToast();
  return useCallback(
    (name: string, error: unknown) => {
      const message = error instanceof ServerError ? error.message : genericErrorMessage;
      if (!(error instanceof ServerError)) console.error(error);
      const details =
        error instanceof ServerError && error.errors
          ? [...new Set(Object.values(error.errors).flat())].filter((text) => text !== message)
          : [];
      toast.show({ kind: 'error', title: `${name} Error`, message, details });
    },
    [toast],
  );
}
