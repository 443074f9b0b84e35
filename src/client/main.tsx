import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { appRoutes } from './app-routes';
import { createApp } from './create-app';
import { BadConfigurationError } from './api/errors';
import { canHydrate } from './prerender/can-hydrate';
import { preloadRoutes } from './routing/route-modules';
import { routesCommitted } from './routing/routes-committed';

// Made when the first render is about to happen: the router reads the location as it is then.
const app = () => (
  <StrictMode>
    <App app={createApp()} />
  </StrictMode>
);

/*
 * Both first renders are transitions, which React renders in slices of a few milliseconds instead
 * of one long task: the page's markup (or the spinner) is on screen already, and input meanwhile
 * is not held up (an event on a field not yet hydrated makes React hydrate it at once).
 */

/**
 * Starts the application (boot.ts calls it once the page has been painted): hydrates a
 * prerendered page, then hands React the edits made before it committed (`replayEarlyEdits`), or
 * renders from nothing. Resolves once React has the page (the routes' first render has committed)
 * and the early edits: from then on a submit is React's to handle, with what was typed before.
 */
export function startApplication(replayEarlyEdits: () => Promise<void>): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new BadConfigurationError('index.html has no #root element.');
  const root = container;

  /** Renders from nothing (a spinner while the page's modules load); markup goes first. */
  const render = () => {
    root.replaceChildren();
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app()));
  };

  if (root.firstChild && canHydrate(document, window.history.state)) {
    // A visitor's page, prerendered by the server (src/server/prerendered-pages.ts): its route
    // modules load first, so that the first render is the page the markup shows.
    // The early edits are handed over as soon as the hydration has committed (a microtask after
    // it, before any later input), not once hydrateRoot is called: see prerender/early-edits.ts.
    const replayed = preloadRoutes(appRoutes, window.location.pathname).then(() => {
      startTransition(() => void hydrateRoot(root, app()));
      return routesCommitted.then(replayEarlyEdits);
    }, render);
    return Promise.all([routesCommitted, replayed]).then(() => undefined);
  }
  render();
  return routesCommitted;
}
