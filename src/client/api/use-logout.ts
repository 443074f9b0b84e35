import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loginRoute } from '../app-paths';
import { logoutNotices, type SaveOutcome } from '../session/logout-notices';
import { authApi } from './auth-api';
import { UnauthorizedError } from './errors';
import { useAppNavigate } from '../routing/app-router';

/**
 * Log Out: GET /api/logout, then /login; the query cache is cleared either way (SPEC §8).
 * A failure is thrown to the nearest error boundary, which shows it in a dialog. On the form
 * pages `saveFirst` saves what was typed (bounded, never throwing), and /login says whether the
 * answers were kept.
 */
export function useLogout(saveFirst?: () => Promise<SaveOutcome>) {
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const [failure, setFailure] = useState<Error | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      const outcome = saveFirst ? await saveFirst() : null;
      return { ...(await authApi.logOut()), outcome };
    },
    onSuccess: async ({ message, outcome }) => {
      const state = outcome
        ? logoutNotices(outcome, { successMessage: message })
        : { successMessage: message };
      // Leave the signed-in page synchronously, so nothing on it refetches the cleared cache.
      await navigate(loginRoute, { state, flushSync: true });
    },
    onError: (error) => {
      // A 401 is already handled globally: the session is gone, which is what Log Out wanted.
      if (error instanceof UnauthorizedError) return;
      setFailure(error);
    },
    onSettled: () => queryClient.clear(),
  });
  if (failure) throw failure;
  return mutation;
}
