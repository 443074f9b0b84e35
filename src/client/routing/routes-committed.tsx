import { useEffect } from 'react';

/*
 * When React has the page: a submit before then would be the browser's own (boot.ts holds it).
 * Calling hydrateRoot is not enough: until the hydration's render has committed, an event on the
 * server's markup reaches no handler of ours, and the browser posts the form itself.
 */
let markCommitted: () => void = () => {};

/** Resolves once the routes' first render has committed (a prerendered page: hydrated). */
export const routesCommitted = new Promise<void>((resolve) => (markCommitted = resolve));

/** Rendered beside the routes' content, inside its Suspense boundary: renders nothing. */
export function RoutesCommitted() {
  useEffect(() => markCommitted(), []);
  return null;
}
