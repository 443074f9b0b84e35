import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Route, Router, Routes, useLocation } from 'react-router-dom';
import { AdminOnly } from './admin-only';
import { AnalyticsPage } from './analytics/analytics-page';
import { ApplicationPage } from './applications/application-page';
import { ApplicationsPage } from './applications/applications-page';
import { AuditPage } from './audit/audit-page';
import { DataRequestsPage } from './data-requests/data-requests-page';
import { ExportsPage } from './exports-page';
import { LinksPage } from './links/links-page';
import { StaffLoginPage } from './login/staff-login-page';
import { MembersPage } from './members/members-page';
import { staffMessages } from './staff-messages';
import { staffPaths } from './staff-paths';
import { createStaffQueryClient } from './staff-query-client';
import { StaffLayout } from './staff-layout';
import './staff.css';
import './staff-data.css';
import { useAppNavigate } from '../routing/app-router';
import {
  useAppRouter,
  useLocation as useAppLocation,
  useNavigationType,
} from '../routing/router-hooks';

/**
 * The staff console (issue 17), everything under /staff: one lazily loaded module of the client
 * (app-routes.tsx), so an applicant's load of the form fetches none of it. Its screens are React
 * Router routes under its own `<Router>`, at the application's location and navigating with the
 * application's router (routing/router-hooks.tsx); the router's data APIs are not needed here.
 */
export function StaffConsole() {
  const router = useAppRouter();
  return (
    <Router
      location={useAppLocation()}
      navigationType={useNavigationType()}
      navigator={router.navigator}
    >
      <Routes>
        <Route path="staff/*" element={<StaffScreens />} />
      </Routes>
    </Router>
  );
}

/** The console's screens, descendant routes of /staff/*. */
function StaffScreens() {
  // The router's own navigate: the same function at every render, so the client keeps it.
  const navigate = useAppNavigate();
  // Where the member is, for the login page to send them back to once signed in again.
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location]);
  // The client reads `here` only when a 401 arrives, after rendering, never during it.
  // eslint-disable-next-line react-hooks/refs
  const [queryClient] = useState(() =>
    createStaffQueryClient((wasSignedIn, client) => {
      // flushSync unmounts the console at once, so nothing refetches what is cleared next.
      void navigate(staffPaths.login, {
        replace: true,
        state: {
          from: here.current,
          ...(wasSignedIn ? { notice: staffMessages.sessionEnded } : {}),
        },
        flushSync: true,
      }).finally(() => client.clear());
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path="login" element={<StaffLoginPage />} />
        <Route element={<StaffLayout />}>
          <Route index element={<ApplicationsPage />} />
          <Route path="applications/:accountId" element={<ApplicationPage />} />
          <Route element={<AdminOnly />}>
            <Route path="exports" element={<ExportsPage />} />
            <Route path="analytics" element={<AnalyticsPage />} />
            <Route path="links" element={<LinksPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="data-requests" element={<DataRequestsPage />} />
            <Route path="members" element={<MembersPage />} />
          </Route>
          <Route path="*" element={<Navigate to={staffPaths.applications} replace />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
