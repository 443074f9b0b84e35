import { useMutation } from '@tanstack/react-query';
import type { ErrorToast } from './use-error-toast';

/**
 * A card's call to the server: a success first closes the card's error toasts, a failure shows
 * one titled for the call (SPEC §8).
 */
export function useCardMutation<TData, TVariables>(
  [showError, dismissErrors]: ErrorToast,
  title: string,
  mutationFn: (variables: TVariables) => Promise<TData>,
  onSuccess: (data: TData, variables: TVariables) => unknown,
) {
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      dismissErrors();
      return onSuccess(data, variables);
    },
    onError: (error) => showError(title, error),
  });
}
