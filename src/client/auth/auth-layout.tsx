import { Suspense } from 'react';
import { Outlet } from '../routing/router-hooks';
import { LoadingSpinner } from '../components/loading-spinner';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import '../styles/shell.css';
import { t } from '../i18n/i18n';

/**
 * The frame of the five sign-in screens: the university's header and the footer with Help and
 * Privacy, and no step layout (SPEC §2: the authentication routes have none). The card inside is
 * each screen's `<main>`.
 */
export function AuthLayout() {
  return (
    <div className="shell auth-shell">
      <a className="skip-link" href="#main-content">
        {t('app.skipLink')}
      </a>
      <SiteHeader />
      <Suspense fallback={<LoadingSpinner />}>
        <Outlet />
      </Suspense>
      <SiteFooter />
    </div>
  );
}
