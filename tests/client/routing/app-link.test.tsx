// @vitest-environment jsdom
/**
 * The application's links (routing/app-link.tsx): a plain click navigates inside the application
 * with the given state; a modified click is left to the browser; AppNavLink marks the current
 * page only.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Outlet, useLocation } from '../../../src/client/routing/router-hooks';
import type { AppRoute } from '../../../src/client/routing/match-routes';
import { describe, expect, it } from 'vitest';
import { AppLink, AppNavLink } from '../../../src/client/routing/app-link';
import { AppRouterView, createAppRouter } from '../../../src/client/routing/app-router';
import { memoryHistory } from '../../../src/client/routing/memory-history';
import '../render-app';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

const routes: AppRoute[] = [
  {
    element: (
      <>
        <nav>
          <AppNavLink to="/staff/applications">Applications</AppNavLink>
          <AppNavLink to="/staff">Console</AppNavLink>
          <AppLink to={{ pathname: '/login', search: '?from=x' }} state={{ came: 'here' }}>
            Log in
          </AppLink>
        </nav>
        <Outlet />
        <Where />
      </>
    ),
    children: [{ path: '*', element: null }],
  },
];

async function renderAt(path: string) {
  const router = createAppRouter(memoryHistory([path]), routes);
  render(<AppRouterView router={router} routes={routes} />);
  await screen.findByTestId('where');
  return router;
}

describe('AppLink', () => {
  it('has the address as its href and navigates inside the application with its state', async () => {
    const router = await renderAt('/staff/applications');
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/login?from=x');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?from=x');
    expect(screen.getByTestId('where').textContent).toBe('/login {"came":"here"}');
  });

  it('leaves a click with a modifier key to the browser (a new tab)', async () => {
    const router = await renderAt('/staff/applications');
    // The browser's own navigation (a new tab), which jsdom does not have.
    const browserDefault = (event: Event) => event.preventDefault();
    window.addEventListener('click', browserDefault);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Log in' }), { ctrlKey: true });
    });
    window.removeEventListener('click', browserDefault);
    expect(router.state.location.pathname).toBe('/staff/applications');
  });
});

describe('AppNavLink', () => {
  it('marks only the link to the current page, whatever its trailing slash or case', async () => {
    await renderAt('/Staff/Applications/');
    expect(screen.getByRole('link', { name: 'Applications' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Console' }).hasAttribute('aria-current')).toBe(false);
  });
});
