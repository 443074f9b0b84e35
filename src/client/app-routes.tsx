import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { ErrorFallback } from './components/error-fallback';
import { LoadingSpinner } from './components/loading-spinner';
import { RedirectToDefault } from './redirect-to-default';

// Every page loads lazily (SPEC §2); each module has one named page export.
const page = <M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) => lazy(() => load().then((module) => ({ default: pick(module) })));

const SignUpPage = page(
  () => import('./auth/sign-up-page'),
  (m) => m.SignUpPage,
);
const ConfirmPage = page(
  () => import('./auth/confirm-page'),
  (m) => m.ConfirmPage,
);
const LoginPage = page(
  () => import('./auth/login-page'),
  (m) => m.LoginPage,
);
const ForgotPasswordPage = page(
  () => import('./auth/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = page(
  () => import('./auth/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const FormLoader = page(
  () => import('./shell/form-loader'),
  (m) => m.FormLoader,
);
const FormLayout = page(
  () => import('./shell/form-layout'),
  (m) => m.FormLayout,
);
const FormPage = page(
  () => import('./pages/form-page'),
  (m) => m.FormPage,
);
const CompletionPage = page(
  () => import('./pages/completion-page'),
  (m) => m.CompletionPage,
);

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
    children: [
      { path: 'signup', element: <SignUpPage /> },
      { path: 'confirm', element: <ConfirmPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'forgot', element: <ForgotPasswordPage /> },
      { path: 'reset', element: <ResetPasswordPage /> },
      {
        // The profile loader, the session and the routing rules of the form routes.
        element: <FormLoader />,
        children: [
          {
            element: <FormLayout />,
            // The pages come from forms/*.json, which load with the form (not with this module):
            // form-page.tsx finds the page for the path and sends unknown ones to the default.
            children: [{ path: ':page', element: <FormPage /> }],
          },
          { path: 'completion', element: <CompletionPage /> },
        ],
      },
      { index: true, element: <RedirectToDefault /> },
      { path: '*', element: <RedirectToDefault /> },
    ],
  },
];
