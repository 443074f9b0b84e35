// @vitest-environment jsdom
/**
 * The client's error boundaries and its unhandled-error handling report what failed to the
 * server (POST /public/client-errors) so the fallback's "has been logged" is true: one report
 * per error, with the route and the build, never the answers or the query string, and never an
 * error of its own.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import type { AppRoute } from '../../../src/client/routing/match-routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerError } from '../../../src/client/api/errors';
import { ConversionFailedError } from '../../../src/client/documents/documents-api';
import { resetClientErrorReports } from '../../../src/client/api/report-client-error';
import { App } from '../../../src/client/app';
import { ResettableErrorBoundary } from '../../../src/client/components/resettable-error-boundary';
import { createApp } from '../../../src/client/create-app';
import { memoryHistory } from '../../../src/client/routing/memory-history';
import { AreaErrorBoundary } from '../../../src/client/layout/area-error-boundary';
import { lazyRoute } from '../../../src/client/routing/route-modules';
import { jsonResponse, mockFetch } from '../render-app';
import { quietConsole } from '../session/session-fixtures';

const ANSWERS = { first_name: 'Augusta', hs_name: 'Lovelace High' };

/** A page that fails while drawing the applicant's answers. */
function BrokenEducation({ answers }: { answers: Record<string, string> }): never {
  throw new Error(`The education page broke (${Object.keys(answers).length} answers)`);
}

/** The real application shell (createApp, App) around the routes a test needs. */
function renderAt(routes: AppRoute[], entry: string) {
  const app = createApp({ history: memoryHistory([entry]), routes });
  render(<App app={app} />);
  return app;
}

let reports: Array<{ url: string; init: RequestInit; body: Record<string, unknown> }>;
let consoleError: ReturnType<typeof quietConsole>;
beforeEach(() => {
  resetClientErrorReports();
  reports = [];
  consoleError = quietConsole();
  mockFetch((url, init) => {
    if (url === '/public/client-errors') {
      reports.push({ url, init, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ message: 'not in this test' }, 404);
  });
});
afterEach(() => consoleError.mockRestore());

describe('client error reports', () => {
  it('a page that throws while rendering posts one report with its route and build, no answers', async () => {
    renderAt(
      [
        {
          path: '/education',
          element: (
            <AreaErrorBoundary area="content" resetKey="/education">
              <BrokenEducation answers={ANSWERS} />
            </AreaErrorBoundary>
          ),
        },
      ],
      '/education?service_token=tok-123456#hs_name',
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong.' }),
    ).toBeInTheDocument();
    expect(reports).toHaveLength(1);
    const [{ init, body }] = reports as [(typeof reports)[0]];
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(body).toEqual({
      kind: 'area',
      message: 'Error: The education page broke (2 answers)',
      stack: expect.stringContaining('BrokenEducation'),
      route: '/education',
      buildId: 'test-build',
    });
    const sent = String(init.body);
    for (const secret of ['Augusta', 'Lovelace', 'service_token', 'tok-123456', 'hs_name']) {
      expect(sent).not.toContain(secret);
    }
  });

  it('the route fallback reports what reached it, and gives way at the next navigation', async () => {
    const { router } = renderAt(
      [
        { path: 'about', element: <BrokenEducation answers={ANSWERS} /> },
        { path: 'known', element: <p>Known</p> },
      ],
      '/about',
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong.' }),
    ).toBeInTheDocument();
    // Reported from the fallback's effect, which may run after its heading is found.
    await waitFor(() =>
      expect(reports.map((r) => [r.body.kind, r.body.route])).toEqual([['route', '/about']]),
    );

    await act(() => router.navigate('/known'));
    expect(await screen.findByText('Known')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong.' })).toBeNull();
  });

  it('a page module that fails to load shows the fallback and is reported', async () => {
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    renderAt(
      [
        lazyRoute(
          () => Promise.reject(failed),
          () => () => <p>Never</p>,
          { path: 'about' },
        ),
      ],
      '/about',
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong.' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(reports.map((r) => [r.body.kind, r.body.message, r.body.route])).toEqual([
        ['route', `TypeError: ${failed.message}`, '/about'],
      ]),
    );
  });

  it('an unhandled rejection is reported; a failed call the server logs itself is not', async () => {
    renderAt([{ path: '/about', element: <p>About</p> }], '/about');
    await screen.findByText('About');
    const reject = (reason: unknown) =>
      act(() => {
        const event = new Event('unhandledrejection') as PromiseRejectionEvent;
        Object.defineProperty(event, 'reason', { value: reason });
        window.dispatchEvent(event);
      });
    reject(new ServerError('Your file is too large.', { status: 413 }));
    reject(new ServerError('We have encountered an unexpected error.', { status: 500 }));
    expect(reports).toEqual([]);
    reject(new TypeError('undefined is not a function'));
    expect(reports.map((r) => [r.body.kind, r.body.message, r.body.route])).toEqual([
      ['rejection', 'TypeError: undefined is not a function', '/about'],
    ]);
  });

  it('a part that can try again reports faults, not the failures it shows (a failed conversion)', () => {
    const boundary = (error: unknown) => {
      function Throws(): never {
        throw error;
      }
      return render(
        <ResettableErrorBoundary
          onError={() => {}}
          onReset={() => {}}
          fallback={() => <p>Failed</p>}
        >
          <Throws />
        </ResettableErrorBoundary>,
      );
    };
    boundary(new ServerError('Your file is too large.', { status: 413 }));
    boundary(new ConversionFailedError('This Word document could not be read.'));
    expect(reports).toEqual([]);
    boundary(new RangeError('Invalid array length'));
    expect(reports.map((r) => r.body.kind)).toEqual(['part']);
  });

  it('never throws nor loops: a failing send is dropped, repeats are not sent, five at most', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    try {
      renderAt([{ path: '/about', element: <p>About</p> }], '/about');
      await screen.findByText('About');
      for (let i = 0; i < 20; i++) {
        act(() => {
          window.dispatchEvent(new ErrorEvent('error', { error: new Error(`fault ${i % 8}`) }));
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fetchMock).toHaveBeenCalledTimes(5);
      // The reports' own failures reached no handler: nothing was reported about them.
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('unhandledrejection', unhandled);
    }
  });
});
