import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useLogout } from '../api/use-logout';
import { useProfile } from '../api/use-profile';
import { LoadingSpinner } from '../components/loading-spinner';
import { useDocumentTitle } from '../components/use-document-title';
import { isLoggedIn } from '../identity/is-logged-in';
import '../styles/page.css';

/**
 * /about until the form renderer arrives: loads the profile of a signed-in student and shows
 * the username with Log Out; a visitor gets the links to sign up or log in.
 */
export function AboutPlaceholderPage() {
  const [loggedIn] = useState(isLoggedIn);
  const profile = useProfile(loggedIn);
  const logout = useLogout();
  useDocumentTitle('About You');

  if (loggedIn && !profile.isSuccess) return <LoadingSpinner />;

  return (
    <main className="page" id="main-content">
      <h1 className="page__title">About You</h1>
      {profile.data ? (
        <div className="page__account">
          <p>
            Signed in as <strong data-testid="username">{profile.data.username}</strong>
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            aria-busy={logout.isPending || undefined}
          >
            Log Out
          </button>
        </div>
      ) : (
        <p>
          Welcome! <Link to="/signup">Create an account</Link> or{' '}
          <Link to="/login">log back in</Link> to save your application.
        </p>
      )}
    </main>
  );
}
