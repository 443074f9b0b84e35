/**
 * The server-side entry of the client (built by `vite build` into dist/prerender/, see
 * vite.config.ts): the HTML a visitor's first paint of a page needs, which the server puts
 * into index.html's #root (src/server/prerendered-pages.ts) and the browser hydrates
 * (main.tsx). It renders what the browser's first render of that page renders for a visitor:
 * the same routes, providers and components, on the day it runs.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { Locale } from '../../contract/locale';
import { pageIndex } from '../../forms/page-index';
import { pageSources } from '../../generated/form-index.js';
import { loadFormLanguage } from '../../forms/form-language';
import { loadedPageAt } from '../../forms/page-definitions';
import { App } from '../app';
import { appRoutes } from '../app-routes';
import { createApp } from '../create-app';
import { memoryHistory } from '../routing/memory-history';
import { activateLocale } from '../i18n/i18n';
import { preloadRoutes } from '../routing/route-modules';
import { pageQuestionModules } from '../questions/question-renderers';

const formModules = [
  'src/client/session/form-loader.tsx',
  'src/client/layout/form-layout.tsx',
  'src/client/pages/form-page.tsx',
];
/** The source file of a form page's definition, a chunk of its own (issue 43). */
const pageSource = (route: string): string[] =>
  Object.hasOwn(pageSources, route) ? [pageSources[route]!] : [];
const authModules = (page: string) => [
  'src/client/auth/auth-layout.tsx',
  `src/client/auth/${page}`,
];

/**
 * The paths served prerendered to visitors, each with the source files of the route modules its
 * first render runs (the server preloads their built chunks from Vite's manifest): the form pages
 * (/about, /education, /final-steps), and the sign-in and sign-up cards, whose first render reads
 * nothing but the date (the other cards read a code, a link or a username from their address).
 */
export const routeSources: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    pageIndex.map((page) => [page.route, [...formModules, ...pageSource(page.route)]]),
  ),
  '/login': authModules('login-page.tsx'),
  '/signup': authModules('sign-up-page.tsx'),
};

export const prerenderedRoutes: readonly string[] = Object.keys(routeSources);

/**
 * routeSources of `pathname` once renderPage has rendered it, with the modules of the question
 * types its page loads apart (its definition is known by then): the browser gets them with the
 * page instead of fetching them after the definition, one request later, before it can hydrate.
 */
export function routeSourcesOf(pathname: string): readonly string[] | undefined {
  const sources = routeSources[pathname];
  const page = loadedPageAt(pathname);
  return sources && page ? [...sources, ...pageQuestionModules(page)] : sources;
}

/**
 * Puts this instance's texts (the catalogue) and definitions in `locale`, before its first render:
 * the server loads one instance of this entry per language (src/server/prerendered-pages.ts), as
 * the browser loads a page in one language for its life (boot.ts).
 */
export async function prepareLocale(locale: Locale): Promise<void> {
  await Promise.all([activateLocale(locale), loadFormLanguage(locale)]);
}

/** The markup of #root for a visitor's first load of `pathname`, as of today. */
export async function renderPage(pathname: string): Promise<string> {
  await preloadRoutes(appRoutes, pathname);
  // A part that waited for something (a lazy question's module) would come after the rest, moved
  // into place by an inline script, which the CSP refuses. The modules stay loaded, so a second
  // render has nothing to wait for.
  for (let attempt = 1; ; attempt++) {
    const markup = await renderOnce(pathname);
    if (!markup.includes('<script')) return markup;
    if (attempt === 3) throw new Error(`${pathname} kept waiting for something to load.`);
  }
}

async function renderOnce(pathname: string): Promise<string> {
  const app = createApp({ history: memoryHistory([pathname]) });
  // An error anywhere would leave a boundary's fallback in the markup, which the browser's first
  // render would not match: the server sends the plain index.html instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Never split a large Suspense boundary out to send the shell first (the same inline
      // script): the page is sent whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const markup = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0];
  return markup;
}
