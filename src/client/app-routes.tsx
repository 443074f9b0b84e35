import { Suspense, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { ErrorFallback } from './components/error-fallback';
import { LoadingSpinner } from './components/loading-spinner';
import { RedirectToDefault } from './redirect-to-default';

/**
 * Every page loads lazily (SPEC §2); each module has one named page export. They are route
 * `lazy` functions rather than React.lazy: the router loads the modules of every route a location
 * matches at once (for /about: the form loader, the layout and the page) and renders them
 * together, where nested React.lazy components would fetch one after another, each waiting for
 * its parent to render and for React's Suspense reveal throttle (300 ms) in between.
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

function RootLayout() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Outlet />
    </Suspense>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorFallback />,
    // Shown while the first location's page modules load.
    hydrateFallbackElement: <LoadingSpinner />,
    children: [
      {
        // The sign-in screens share the header and footer (not the step layout).
        lazy: page(
          () => import('./auth/auth-layout'),
          (m) => m.AuthLayout,
        ),
        children: [
          {
            path: 'signup',
            lazy: page(
              () => import('./auth/sign-up-page'),
              (m) => m.SignUpPage,
            ),
          },
          {
            path: 'confirm',
            lazy: page(
              () => import('./auth/confirm-page'),
              (m) => m.ConfirmPage,
            ),
          },
          {
            path: 'login',
            lazy: page(
              () => import('./auth/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'forgot',
            lazy: page(
              () => import('./auth/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'reset',
            lazy: page(
              () => import('./auth/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
        ],
      },
      {
        // The profile loader, the session and the routing rules of the form routes.
        lazy: page(
          () => import('./session/form-loader'),
          (m) => m.FormLoader,
        ),
        children: [
          {
            lazy: page(
              () => import('./layout/form-layout'),
              (m) => m.FormLayout,
            ),
            // The pages come from forms/*.json, which load with the form (not with this module):
            // form-page.tsx finds the page for the path and sends unknown ones to the default.
            children: [
              {
                path: ':page',
                lazy: page(
                  () => import('./pages/form-page'),
                  (m) => m.FormPage,
                ),
              },
            ],
          },
          {
            path: 'completion',
            lazy: page(
              () => import('./pages/completion-page'),
              (m) => m.CompletionPage,
            ),
          },
        ],
      },
      {
        // The staff console (issue 17) is one branch with its own routes inside, loaded only
        // here: an applicant's load of the form fetches none of its code.
        path: 'staff/*',
        lazy: page(
          () => import('./staff/staff-console'),
          (m) => m.StaffConsole,
        ),
      },
      { index: true, element: <RedirectToDefault /> },
      { path: '*', element: <RedirectToDefault /> },
    ],
  },
];
