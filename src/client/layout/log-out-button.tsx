import type { SaveOutcome } from '../session/logout-notices';
import { useLogout } from '../api/use-logout';
import { BusyButton } from '../components/busy-button';
import { signedInText } from '../i18n/signed-in-texts';

/**
 * Log Out (SPEC §8), in the account menu and on /completion: it waits while the call is under
 * way; a failure is thrown to the nearest LogoutErrorBoundary. `saveFirst` saves what was typed.
 */
export function LogOutButton({
  saveFirst,
  autoFocus = false,
}: {
  saveFirst?: (() => Promise<SaveOutcome>) | undefined;
  /** The menu's first focus when it opens (`data-autofocus`, read by the popover). */
  autoFocus?: boolean;
}) {
  const logout = useLogout(saveFirst);
  return (
    <BusyButton
      className="button button--secondary"
      data-autofocus={autoFocus || undefined}
      onClick={() => logout.mutate()}
      busy={logout.isPending}
    >
      {signedInText('account.logOut')}
    </BusyButton>
  );
}
