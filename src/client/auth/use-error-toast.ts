import { useCallback, useRef } from 'react';
import { ServerError } from '../api/errors';
import { genericErrorMessage } from '../messages';
import { useToast } from '../components/toast-context';
import { t as accountText } from '../i18n/account-texts';

type ShowError = (name: string, error: unknown) => void;
type DismissErrors = () => void;
export type ErrorToast = [show: ShowError, dismiss: DismissErrors];

/**
 * A card's error toasts. `show` reports a failed call as an error toast titled "<name> Error"
 * (SPEC §8) with the server's message and, under it, any per-field messages the server sent that
 * say something more; a string is a message of the card's own (a resend refused before any
 * call). `dismiss` closes every error toast this card showed: a success in the same card calls
 * it, so "Confirm Your Account Error" never stands beside "Your account is confirmed.".
 */
export function useErrorToast(): ErrorToast {
  const toast = useToast();
  const shown = useRef<number[]>([]);
  const show = useCallback<ShowError>(
    (name, error) => {
      let message: string;
      let details: string[] = [];
      if (typeof error === 'string') message = error;
      else if (error instanceof ServerError) {
        message = error.message;
        details = error.errors
          ? [...new Set(Object.values(error.errors).flat())].filter((text) => text !== message)
          : [];
      } else {
        console.error(error);
        message = genericErrorMessage();
      }
      shown.current.push(
        toast.show({
          kind: 'error',
          title: accountText('error.namedToastTitle', { name }),
          message,
          details,
        }),
      );
    },
    [toast],
  );
  const dismiss = useCallback<DismissErrors>(() => {
    for (const id of shown.current) toast.dismiss(id);
    shown.current = [];
  }, [toast]);
  return [show, dismiss];
}
