// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from './render-app';

const profile = {
  answer: {},
  document_answer: {},
  username: 'ada@example.edu',
  last_page: 'about',
  successful_login: ['2025-01-01T00:00:00Z'],
  web_status: [],
};

describe('/about placeholder', () => {
  it('shows the signed-in username and logs out to /login', async () => {
    document.cookie = 'admissions_identity.marker=1';
    const fetchMock = mockFetch((path) =>
      path === '/api/profile'
        ? jsonResponse(profile)
        : jsonResponse({ message: 'You have been logged out.' }),
    );
    const { user, app } = renderApp('/about');
    expect(await screen.findByText('ada@example.edu')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/profile', '/api/logout']);
    expect(app.queryClient.getQueryCache().getAll()).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain('You have been logged out.');
  });

  it('sends a 401 from /api/profile to /login with the session-invalid message', async () => {
    document.cookie = 'admissions_identity.marker=1';
    const fetchMock = mockFetch(() => jsonResponse({ message: 'Not logged in.' }, 401));
    const { app } = renderApp('/about');

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Your session is invalid. Please clear your cookies and login again.',
    );
    expect(app.router.state.location.pathname).toBe('/login');
    expect(app.queryClient.getQueryCache().getAll()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a visitor who is not logged in the ways to sign up or log in, without calls', async () => {
    const fetchMock = mockFetch(() => jsonResponse(profile));
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'log back in' }).getAttribute('href')).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends unknown paths to /about keeping the query string', async () => {
    const { app } = renderApp('/nowhere?token=abc');
    await screen.findByRole('heading', { name: 'About You' });
    expect(app.router.state.location.pathname).toBe('/about');
    expect(app.router.state.location.search).toBe('?token=abc');
  });

  it('shows the fallback screen when the profile fails otherwise', async () => {
    document.cookie = 'admissions_identity.marker=1';
    mockFetch(() => jsonResponse({ message: 'Database is down.' }, 500));
    const consoleError = console.error;
    console.error = () => {};
    try {
      renderApp('/about');
      expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
    } finally {
      console.error = consoleError;
    }
  });
});
