import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { LoadingSpinner } from './components/loading-spinner';
import { RedirectToDefault } from './redirect-to-default';
import { lazyRoute } from './routing/route-modules';
import { RoutesCommitted } from './routing/routes-committed';

/*
 * Every page loads lazily (SPEC §2); each module has one named page export. lazyRoute starts
 * loading the modules of every route a location matches at once (for /about: the form loader,
 * the layout and the page), where nested React.lazy components would fetch one after another.
 */

function RootLayout() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Outlet />
      <RoutesCommitted />
    </Suspense>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // The sign-in screens share the header and footer (not the step layout).
      lazyRoute(
        () => import('./auth/auth-layout'),
        (m) => m.AuthLayout,
        {
          children: [
            lazyRoute(
              () => import('./auth/sign-up-page'),
              (m) => m.SignUpPage,
              { path: 'signup' },
            ),
            lazyRoute(
              () => import('./auth/confirm-page'),
              (m) => m.ConfirmPage,
              { path: 'confirm' },
            ),
            lazyRoute(
              () => import('./auth/login-page'),
              (m) => m.LoginPage,
              { path: 'login' },
            ),
            lazyRoute(
              () => import('./auth/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
              { path: 'forgot' },
            ),
            lazyRoute(
              () => import('./auth/reset-password-page'),
              (m) => m.ResetPasswordPage,
              { path: 'reset' },
            ),
          ],
        },
      ),
      // The profile loader, the session and the routing rules of the form routes.
      lazyRoute(
        () => import('./session/form-loader'),
        (m) => m.FormLoader,
        {
          children: [
            // The pages come from forms/*.json, which load with the form (not with this module):
            // form-page.tsx finds the page for the path and sends unknown ones to the default.
            lazyRoute(
              () => import('./layout/form-layout'),
              (m) => m.FormLayout,
              {
                children: [
                  lazyRoute(
                    () => import('./pages/form-page'),
                    (m) => m.FormPage,
                    { path: ':page' },
                  ),
                ],
              },
            ),
            lazyRoute(
              () => import('./pages/completion-page'),
              (m) => m.CompletionPage,
              { path: 'completion' },
            ),
          ],
        },
      ),
      // The staff console (issue 17) is one branch with its own routes inside, loaded only
      // here: an applicant's load of the form fetches none of its code.
      lazyRoute(
        () => import('./staff/staff-console'),
        (m) => m.StaffConsole,
        { path: 'staff/*' },
      ),
      { index: true, element: <RedirectToDefault /> },
      { path: '*', element: <RedirectToDefault /> },
    ],
  },
];
