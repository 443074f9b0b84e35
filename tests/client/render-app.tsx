import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { App } from '../../src/client/app';
import { createApp } from '../../src/client/create-app';
import { memoryHistory } from '../../src/client/routing/memory-history';

// Pages load lazily: the first of a file compiles its modules, which under load takes seconds.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});

export interface Entry {
  pathname: string;
  search?: string;
  state?: unknown;
}

/** Renders the whole application at one location, as the browser would, with a memory router. */
export function renderApp(entry: string | Entry) {
  const app = createApp({ history: memoryHistory([entry]) });
  const user = userEvent.setup();
  const view = render(<App app={app} />);
  return { ...view, app, user };
}

export type FetchHandler = (path: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch; the handler sees the path and the request init, e.g. to read the body. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The parsed JSON body a mocked fetch call sent. */
export const sentBody = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));
