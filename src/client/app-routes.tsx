import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { defaultFormRoute } from './app-paths';
import { ErrorFallback } from './components/error-fallback';
import { LoadingSpinner } from './components/loading-spinner';

// Every page loads lazily (SPEC §2); each module has one named page export.
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

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
const AboutPlaceholderPage = page(
  () => import('./pages/about-placeholder-page'),
  (m) => m.AboutPlaceholderPage,
);

function RootLayout() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** Unknown paths go to the default form route and keep their query string (SPEC §2). */
function RedirectToDefault() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: defaultFormRoute, search }} replace />;
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
      { path: 'about', element: <AboutPlaceholderPage /> },
      { index: true, element: <RedirectToDefault /> },
      { path: '*', element: <RedirectToDefault /> },
    ],
  },
];
