import { useContext } from 'react';
import { useLogout } from '../api/use-logout';
import { ApplicationSessionContext } from '../session/application-session';
import { t } from '../i18n/i18n';

/** The signed-in part of the account menu: who is signed in, and Log Out. */
export function AccountSignedIn({ username }: { username: string }) {
  // Typed answers are saved before logging out, and /login says so.
  const logout = useLogout(useContext(ApplicationSessionContext)?.saveBeforeLogout);
  return (
    <>
      <p className="account-popover__user">
        <span className="visually-hidden">{t('account.signedInAs')}</span>
        <span data-testid="username">{username}</span>
      </p>
      <div className="account-popover__actions">
        <button
          type="button"
          className="button button--secondary"
          data-autofocus
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
        >
          {t('account.logOut')}
        </button>
      </div>
    </>
  );
}
