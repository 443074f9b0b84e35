import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { loginRoute } from '../app-paths';
import { useToast } from '../components/toast-context';
import { authApi } from './auth-api';
import { ServerError, UnauthorizedError } from './errors';

/** Log Out: GET /api/logout, then /login; the query cache is cleared either way (SPEC §8). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: authApi.logOut,
    onSuccess: async (data) => {
      // Leave the signed-in page synchronously, so nothing on it refetches the cleared cache.
      await navigate(loginRoute, { state: { successMessage: data.message }, flushSync: true });
    },
    onError: (error) => {
      // A 401 is already handled globally: the session is gone, which is what Log Out wanted.
      if (error instanceof UnauthorizedError) return;
      toast.show({
        kind: 'error',
        title: 'Error',
        message: error instanceof ServerError ? error.message : String(error),
      });
    },
    onSettled: () => queryClient.clear(),
  });
}
