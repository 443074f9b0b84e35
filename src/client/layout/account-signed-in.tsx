import { useContext } from 'react';
import { LogoutErrorBoundary } from '../dialogs/logout-error-boundary';
import { ApplicationSessionContext } from '../session/application-session';
import { signedInText } from '../i18n/signed-in-texts';
import { LogOutButton } from './log-out-button';

/**
 * The signed-in part of the account menu: who is signed in, and Log Out, whose failure shows in a
 * dialog (its boundary is here, inside the lazily loaded part: the load boundary around this
 * part in account-popover.tsx would otherwise take the failure for a failed load).
 */
export function AccountSignedIn({ username }: { username: string }) {
  return (
    <LogoutErrorBoundary>
      <SignedIn username={username} />
    </LogoutErrorBoundary>
  );
}

function SignedIn({ username }: { username: string }) {
  // Typed answers are saved before logging out, and /login says so.
  const saveFirst = useContext(ApplicationSessionContext)?.saveBeforeLogout;
  return (
    <>
      <p className="account-popover__user">
        <span className="visually-hidden">{signedInText('account.signedInAs')}</span>
        <span data-testid="username">{username}</span>
      </p>
      <div className="account-popover__actions">
        <LogOutButton saveFirst={saveFirst} autoFocus />
      </div>
    </>
  );
}
