/**
 * The server-side entry of the client (built by `vite build` into dist/prerender/, see
 * vite.config.ts): the HTML a visitor's first paint of a form page needs, which the server puts
 * into index.html's #root (src/server/prerendered-pages.ts) and the browser hydrates
 * (main.tsx). It renders what the browser's first render of that page renders for a visitor:
 * the same routes, providers and components, on the day it runs.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { formPages } from '../../forms/form-pages';
import { App } from '../app';
import { appRoutes } from '../app-routes';
import { createApp } from '../create-app';
import { preloadRoutes } from '../routing/route-modules';

/** The paths served prerendered to visitors: the form pages (/about, /education, /final-steps). */
export const prerenderedRoutes: readonly string[] = formPages.map((page) => page.route);

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
  const app = createApp({ initialEntries: [pathname] });
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
