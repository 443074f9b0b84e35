// @vitest-environment jsdom
/**
 * The application's router (declarative React Router over our own history): a location shows once
 * its lazily loaded page modules have arrived, the page on screen staying meanwhile; a navigation
 * asked for with flushSync leaves at once; a later navigation wins over one still loading.
 */
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Outlet } from '../../../src/client/routing/router-hooks';
import type { AppRoute } from '../../../src/client/routing/match-routes';
import { describe, expect, it } from 'vitest';
import { AppRouterView, createAppRouter } from '../../../src/client/routing/app-router';
import { memoryHistory } from '../../../src/client/routing/memory-history';
import { lazyRoute } from '../../../src/client/routing/route-modules';
import '../render-app';

/** A module whose load the test finishes when it wants. */
function deferredModule(text: string) {
  let finish!: () => void;
  const loaded = new Promise<void>((resolve) => (finish = resolve));
  const Page = () => <p>{text}</p>;
  return { load: () => loaded.then(() => ({ Page })), finish };
}

function routesWith(slow: ReturnType<typeof deferredModule>, other = deferredModule('Another')) {
  const routes: AppRoute[] = [
    {
      element: <Outlet />,
      children: [
        { path: 'here', element: <p>Here</p> },
        lazyRoute(slow.load, (m) => m.Page, { path: 'slow' }),
        lazyRoute(other.load, (m) => m.Page, { path: 'other' }),
      ],
    },
  ];
  return routes;
}

describe('AppRouterView', () => {
  it('keeps the page on screen until the next one has loaded, then shows it whole', async () => {
    const slow = deferredModule('Slow page');
    const router = createAppRouter(memoryHistory(['/here']));
    render(<AppRouterView router={router} routes={routesWith(slow)} />);
    expect(await screen.findByText('Here')).toBeInTheDocument();

    let shown = false;
    act(() => void router.navigate('/slow').then(() => (shown = true)));
    expect(router.state.location.pathname).toBe('/slow');
    expect(screen.getByText('Here')).toBeInTheDocument();

    expect(shown).toBe(false);
    await act(async () => slow.finish());
    expect(await screen.findByText('Slow page')).toBeInTheDocument();
    expect(screen.queryByText('Here')).toBeNull();
    expect(shown).toBe(true);
  });

  it('shows a spinner on a first load until the modules arrive', async () => {
    const slow = deferredModule('First page');
    render(
      <AppRouterView
        router={createAppRouter(memoryHistory(['/slow']))}
        routes={routesWith(slow)}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await act(async () => slow.finish());
    expect(await screen.findByText('First page')).toBeInTheDocument();
  });

  it('with flushSync, renders the new page at once when it has loaded, and then resolves', async () => {
    const slow = deferredModule('Log In');
    const router = createAppRouter(memoryHistory(['/here']));
    render(<AppRouterView router={router} routes={routesWith(slow)} />);
    await screen.findByText('Here');

    let seenAtResolve: string[] = [];
    const leaving = router
      .navigate('/slow', { replace: true, flushSync: true })
      .then(() => (seenAtResolve = [...document.querySelectorAll('p')].map((p) => p.textContent)));
    expect(screen.getByText('Here')).toBeInTheDocument();
    slow.finish();
    await leaving;
    // Already rendered when the promise resolves: nothing of the old page is left to refetch.
    expect(seenAtResolve).toEqual(['Log In']);
  });

  it('shows the later of two navigations when the first is still loading', async () => {
    const slow = deferredModule('Slow page');
    const other = deferredModule('Other page');
    const router = createAppRouter(memoryHistory(['/here']));
    render(<AppRouterView router={router} routes={routesWith(slow, other)} />);
    await screen.findByText('Here');

    act(() => void router.navigate('/slow'));
    act(() => void router.navigate('/other'));
    await act(async () => other.finish());
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    await act(async () => slow.finish());
    expect(screen.getByText('Other page')).toBeInTheDocument();
    expect(screen.queryByText('Slow page')).toBeNull();

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/slow');
    expect(await screen.findByText('Slow page')).toBeInTheDocument();
  });

  it('a navigation overtaken by a later one resolves only once the later one has rendered', async () => {
    const slow = deferredModule('Slow page');
    const other = deferredModule('Log In');
    const router = createAppRouter(memoryHistory(['/here']));
    render(<AppRouterView router={router} routes={routesWith(slow, other)} />);
    await screen.findByText('Here');

    const pages = () => [...document.querySelectorAll('p')].map((p) => p.textContent);
    let firstSaw: string[] = [];
    const first = router.navigate('/slow', { flushSync: true }).then(() => (firstSaw = pages()));
    const second = router.navigate('/other', { flushSync: true });
    slow.finish();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first one's modules are in, but it was overtaken: nothing resolved, the page stays.
    expect(firstSaw).toEqual([]);
    expect(pages()).toEqual(['Here']);
    other.finish();
    await Promise.all([first, second]);
    expect(firstSaw).toEqual(['Log In']);
  });

  it('a location left while its modules loaded is not shown when they arrive (StrictMode too)', async () => {
    const slow = deferredModule('Slow page');
    const router = createAppRouter(memoryHistory(['/slow']));
    render(
      <StrictMode>
        <AppRouterView router={router} routes={routesWith(slow)} />
      </StrictMode>,
    );
    await act(() => router.navigate('/here'));
    expect(await screen.findByText('Here')).toBeInTheDocument();
    await act(async () => slow.finish());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('Here')).toBeInTheDocument();
    expect(screen.queryByText('Slow page')).toBeNull();
  });
});
