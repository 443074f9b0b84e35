import { Suspense, type ComponentType } from 'react';
import { Outlet } from './routing/router-hooks';
import type { AppRoute } from './routing/match-routes';
import { withQuery } from './api/with-query';
import { LoadingSpinner } from './components/loading-spinner';
import { RedirectToDefault } from './redirect-to-default';
import { lazyRoute, type RouteNeeds } from './routing/route-modules';
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

/** A lazily loaded page at `path`, or a layout over `children` (`load` resolves to it). */
function page(
  path: string | undefined,
  load: () => Promise<ComponentType>,
  children?: AppRoute[],
  needs?: RouteNeeds,
): AppRoute {
  return lazyRoute(
    load,
    (component) => component,
    { ...(path === undefined ? {} : { path }), ...(children && { children }) },
    needs,
  );
}

/**
 * A form page's definition, a chunk of its own (issue 43), loaded beside the form's modules
 * before the page renders: one loader per page, so the router knows once it has loaded.
 * page-definitions.ts comes with the form's code (the index of the pages it reads is in it).
 */
const definitionLoaders = new Map<string, () => Promise<unknown>>();
const pageDefinition: RouteNeeds = ({ page = '' }) => {
  let load = definitionLoaders.get(page);
  if (!load) {
    // With the code of the question types it has that load apart (question-renderers.ts), so
    // that a prerendered page hydrates whole and a page navigated to draws whole.
    load = async () => {
      const [definition, renderers] = await Promise.all([
        import('../forms/page-definitions').then((m) => m.loadPageAt(`/${page}`)),
        import('./questions/question-renderers'),
      ]);
      if (definition) await renderers.preloadPageQuestionTypes(definition);
      return definition;
    };
    definitionLoaders.set(page, load);
  }
  return load;
};

// The sign-in screens share the header and footer (not the step layout).
// Their calls are mutations of the query client, which loads with them (a visitor's form has none).
const authRoutes = page(
  undefined,
  () => withQuery(import('./auth/auth-layout').then((m) => m.AuthLayout)),
  [
    page('signup', () => import('./auth/sign-up-page').then((m) => m.SignUpPage)),
    page('confirm', () => import('./auth/confirm-page').then((m) => m.ConfirmPage)),
    page('login', () => import('./auth/login-page').then((m) => m.LoginPage)),
    page('forgot', () => import('./auth/forgot-password-page').then((m) => m.ForgotPasswordPage)),
    page('reset', () => import('./auth/reset-password-page').then((m) => m.ResetPasswordPage)),
  ],
);

// The profile loader, the session and the routing rules of the form routes. The pages come from
// forms/*.json: their index loads with the form (not with this module), each page's definition
// with its route (pageDefinition): form-page.tsx finds the page for the path and sends unknown
// ones to the default.
const formLoader = () => import('./session/form-loader').then((m) => m.FormLoader);
const formRoutes = page(undefined, formLoader, [
  page(undefined, () => import('./layout/form-layout').then((m) => m.FormLayout), [
    page(
      ':page',
      () => import('./pages/form-page').then((m) => m.FormPage),
      undefined,
      pageDefinition,
    ),
  ]),
  page('completion', () => import('./pages/completion-page').then((m) => m.CompletionPage)),
]);

export const appRoutes: AppRoute[] = [
  {
    element: <RootLayout />,
    children: [
      authRoutes,
      formRoutes,
      // The staff console (issue 17) is one branch with its own routes inside, loaded only
      // here: an applicant's load of the form fetches none of its code.
      page('staff/*', () => import('./staff/staff-console').then((m) => m.StaffConsole)),
      { index: true, element: <RedirectToDefault /> },
      { path: '*', element: <RedirectToDefault /> },
    ],
  },
];
