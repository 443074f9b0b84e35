import { useLayoutEffect } from 'react';

/*
 * When React has the page: a submit before then would be the browser's own (boot.ts holds it).
 * Calling hydrateRoot is not enough: until the hydration's render has committed, an event on the
 * server's markup reaches no handler of ours, and the browser posts the form itself.
 */
let markCommitted: () => void = () => {};

/** Resolves once the routes' first render has committed (a prerendered page: hydrated). */
export const routesCommitted = new Promise<void>((resolve) => (markCommitted = resolve));

/**
 * Rendered beside the routes' content, inside its Suspense boundary: renders nothing. A layout
 * effect, so that what waits on the promise runs in a microtask right after the commit: before
 * any later event reaches the page (a passive effect can run after a keystroke), or, when an
 * event made React hydrate at once, before that event reaches React's bubbling handlers.
 */
export function RoutesCommitted() {
  useLayoutEffect(() => markCommitted(), []);
  return null;
}
