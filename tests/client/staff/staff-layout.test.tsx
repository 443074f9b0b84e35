// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { admin, applicationList, reader, staffServer } from './staff-fakes';

const unauthorized = () =>
  jsonResponse(
    { code: 'STAFF_UNAUTHORIZED', message: 'Please sign in to the staff console.' },
    401,
  );

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Staff console' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console’s frame', () => {
  it('shows an administrator every screen, with their e-mail and Sign out in the header', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'GET /api/staff/applications': jsonResponse(applicationList([])),
    });
    renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    expect(navLinks()).toEqual([
      'Applications',
      'Exports',
      'Analytics',
      'Links',
      'Audit',
      'Data requests',
      'Staff',
    ]);
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('registrar@example.edu');
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeEnabled();
  });

  it('shows a reader only the applications, and no admin screen by its address', async () => {
    const { calls } = staffServer({ 'GET /api/staff/me': jsonResponse(reader) });
    renderApp('/staff/exports');
    await screen.findByRole('heading', { level: 1, name: 'Not available' });
    expect(navLinks()).toEqual(['Applications']);
    expect(screen.getByRole('alert')).toHaveTextContent('This screen is for administrators.');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/staff/me']);
  });

  it('sends a visitor without a session to /staff/login, without a notice', async () => {
    staffServer({
      'GET /api/staff/me': unauthorized(),
      'GET /api/staff/sign-in-options': jsonResponse({ oidc: false }),
    });
    const { app } = renderApp('/staff/audit');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign in' });
    expect(app.router.state.location.pathname).toBe('/staff/login');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a member whose session ended back to /staff/login with a notice', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'GET /api/staff/applications': jsonResponse(applicationList([])),
      // The session ends between two screens.
      'GET /api/staff/analytics': unauthorized(),
      'GET /api/staff/sign-in-options': jsonResponse({ oidc: false }),
    });
    const { user, app } = renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    await user.click(screen.getByRole('link', { name: 'Analytics' }));
    await screen.findByRole('heading', { level: 1, name: 'Staff sign in' });
    expect(app.router.state.location.pathname).toBe('/staff/login');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your staff session has ended. Please sign in again.',
    );
    // The applicant's /login is not involved.
    expect(screen.queryByRole('heading', { name: 'Log In' })).toBeNull();
  });

  it('opens the screen the member was sent away from once they have signed in again', async () => {
    staffServer({
      'GET /api/staff/me': unauthorized(),
      'GET /api/staff/sign-in-options': jsonResponse({ oidc: false }),
      'POST /api/staff/login': jsonResponse({ next: 'totp' }),
      'POST /api/staff/totp': jsonResponse(admin),
      'GET /api/staff/audit': jsonResponse({ total: 0, page: 1, pageSize: 50, rows: [] }),
      'GET /api/staff/audit/actions': jsonResponse({ actions: [] }),
    });
    const { user, app } = renderApp('/staff/audit?actor=staff%3Aada%40example.edu');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign in' });
    await user.type(screen.getByLabelText('E-mail address'), 'registrar@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });
    expect(app.router.state.location.pathname).toBe('/staff/audit');
    expect(app.router.state.location.search).toBe('?actor=staff%3Aada%40example.edu');
  });

  it('signs out and says so', async () => {
    const { calls } = staffServer({
      'GET /api/staff/me': jsonResponse(reader),
      'GET /api/staff/applications': jsonResponse(applicationList([])),
      'POST /api/staff/logout': new Response(null, { status: 204 }),
      'GET /api/staff/sign-in-options': jsonResponse({ oidc: false }),
    });
    const { user, app } = renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Staff sign in' });
    expect(app.router.state.location.pathname).toBe('/staff/login');
    expect(screen.getByRole('status')).toHaveTextContent('You have signed out.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/staff/logout',
    ]);
  });
});
