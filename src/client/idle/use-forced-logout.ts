import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { authApi } from '../api/auth-api';
import { UnauthorizedError } from '../api/errors';
import { loginRoute } from '../app-paths';
import { logoutNotices, type SaveOutcome } from '../session/logout-notices';
import { useAppNavigate } from '../routing/app-router';

/**
 * Logs out without asking (inactivity): the typed answers saved first when `saveFirst` is given
 * (bounded, never throwing), GET /api/logout, then /login with the message and word of the
 * answers, and the cache cleared. The session may already be gone server-side, so a failed
 * call changes nothing.
 */
export function useForcedLogout(saveFirst?: () => Promise<SaveOutcome>): (message: string) => void {
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const running = useRef(false);
  return useCallback(
    (message: string) => {
      if (running.current) return;
      running.current = true;
      void (saveFirst ? saveFirst() : Promise.resolve(null))
        .then((outcome) =>
          authApi
            .logOut()
            .catch((error: unknown) => {
              if (!(error instanceof UnauthorizedError)) console.error(error);
            })
            .then(() => outcome),
        )
        .then((outcome) =>
          // flushSync leaves the signed-in page at once, so it cannot refetch what is cleared next.
          navigate(loginRoute, {
            replace: true,
            state: outcome
              ? logoutNotices(outcome, { errorMessage: message })
              : { errorMessage: message },
            flushSync: true,
          }),
        )
        .finally(() => {
          queryClient.clear();
          running.current = false;
        });
    },
    [navigate, queryClient, saveFirst],
  );
}
