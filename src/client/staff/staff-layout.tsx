import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { AppNavLink } from '../routing/app-link';
import { UnauthorizedError } from '../api/errors';
import { LoadingSpinner } from '../components/loading-spinner';
import { QueryError } from './query-error';
import { staffApi } from './staff-api';
import { staffMessages } from './staff-messages';
import { staffPaths } from './staff-paths';
import { useStaffMember } from './use-staff-member';
import { useAppNavigate } from '../routing/app-router';

const readerScreens = [{ to: staffPaths.applications, label: 'Applications' }];
const adminScreens = [
  { to: staffPaths.exports, label: 'Exports' },
  { to: staffPaths.analytics, label: 'Analytics' },
  { to: staffPaths.links, label: 'Links' },
  { to: staffPaths.audit, label: 'Audit' },
  { to: staffPaths.dataRequests, label: 'Data requests' },
  { to: staffPaths.members, label: 'Staff' },
];

/**
 * The frame of every signed-in screen: a header with the member's e-mail and Sign out, and the
 * navigation to what their role may use. Without a session the member query's 401 leads to
 * /staff/login.
 */
export function StaffLayout() {
  const member = useStaffMember();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: staffApi.logOut,
    // Signed out either way: the cookie is cleared by the server, or ends with its session.
    onSettled: async () => {
      await navigate(staffPaths.login, {
        replace: true,
        state: { notice: staffMessages.signedOut },
        flushSync: true,
      });
      queryClient.clear();
    },
  });

  if (member.error && !(member.error instanceof UnauthorizedError)) {
    return (
      <main id="main-content" className="staff-main staff-main--alone">
        <h1 className="staff-page__title">Staff console</h1>
        <QueryError error={member.error} />
      </main>
    );
  }
  if (!member.data) return <LoadingSpinner />;

  const screens =
    member.data.role === 'admin' ? [...readerScreens, ...adminScreens] : readerScreens;
  return (
    <div className="staff-console">
      <a className="staff-skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="staff-header">
        <p className="staff-header__name">Admissions staff</p>
        <p className="staff-header__member">
          <span className="visually-hidden">Signed in as </span>
          {member.data.email}
          <span className="staff-header__role">
            {member.data.role === 'admin' ? 'Administrator' : 'Reader'}
          </span>
        </p>
        <button
          type="button"
          className="button button--secondary staff-header__sign-out"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign out
        </button>
      </header>
      <nav className="staff-nav" aria-label="Staff console">
        <ul className="staff-nav__list">
          {screens.map((screen) => (
            <li key={screen.to}>
              <AppNavLink className="staff-nav__link" to={screen.to}>
                {screen.label}
              </AppNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main-content" className="staff-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
