import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginRoute } from '../app-paths';
import { authApi } from './auth-api';
import { UnauthorizedError } from './errors';

/**
 * Log Out: GET /api/logout, then /login; the query cache is cleared either way (SPEC §8).
 * A failure is thrown to the nearest error boundary, which shows it in a dialog.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Error | null>(null);
  const mutation = useMutation({
    mutationFn: authApi.logOut,
    onSuccess: async (data) => {
      // Leave the signed-in page synchronously, so nothing on it refetches the cleared cache.
      await navigate(loginRoute, { state: { successMessage: data.message }, flushSync: true });
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
