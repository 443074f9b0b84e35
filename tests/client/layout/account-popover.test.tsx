// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountPopover, popoverSideOffset } from '../../../src/client/layout/account-popover';
import { jsonResponse, renderApp } from '../render-app';
import {
  fakeServer,
  findPage,
  inputOf,
  logIn,
  profileOf,
  profileRoute,
  quietConsole,
  renderWithProviders,
} from '../session/session-fixtures';
import { pageTitle } from '../../helpers/shipped-texts';

const openAccount = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Account' }));
  return screen.getByRole('dialog', { name: 'Account' });
};

describe('AccountPopover', () => {
  it('logged in: the username and Log Out, behind the Account button with a close button', async () => {
    const { user } = renderWithProviders(
      <AccountPopover
        loggedIn

        username="ada@example.edu"
        onAccountRoute={vi.fn()}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();

    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Account' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // Its signed-in part loads with the signed-in form (layout/account-signed-in.tsx).
    expect((await within(panel).findByTestId('username')).textContent).toBe('ada@example.edu');
    expect(within(panel).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(panel.style.marginTop).toBe(`${popoverSideOffset}px`);
    expect(popoverSideOffset).toBe(5);

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('visitor: Sign In and Create Account, which go to /login and /signup', async () => {
    const onAccountRoute = vi.fn();
    const { user } = renderWithProviders(
      <AccountPopover
        loggedIn={false}

        username=""
        onAccountRoute={onAccountRoute}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const panel = screen.getByRole('dialog', { name: 'Account' });
    expect(within(panel).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Sign In' }));
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(onAccountRoute.mock.calls).toEqual([['/login'], ['/signup']]);
  });

  it('closes with Escape and returns focus to the Account button', async () => {
    const { user } = renderWithProviders(
      <AccountPopover loggedIn={false} username="" onAccountRoute={vi.fn()} />,
    );
    const trigger = screen.getByRole('button', { name: 'Account' });
    await user.click(trigger);
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('the account popover in the application', () => {
  it('logs out to /login, clearing the cache', async () => {
    logIn();
    const { called } = fakeServer({
      ...profileRoute(profileOf()),
      'GET /api/logout': jsonResponse({ message: 'You have been logged out.' }),
    });
    const { user, app } = renderApp('/about');
    const panel = await openAccount(user);
    await user.click(within(panel).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(called('GET', '/api/logout')).toHaveLength(1);
    expect(app.query.client!.getQueryCache().getAll()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('You have been logged out.');
  });

  it('saves typed answers before logging out, and says so on /login', async () => {
    logIn();
    const { calls } = fakeServer({
      ...profileRoute(profileOf()),
      'GET /api/logout': jsonResponse({ message: 'You have been logged out.' }),
    });
    const { user } = renderApp('/about');
    await findPage(pageTitle('about'));
    await user.type(inputOf('first_name'), 'Ada');
    const panel = await openAccount(user);
    await user.click(within(panel).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`).slice(-2)).toEqual([
      'PUT /api/answer',
      'GET /api/logout',
    ]);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ first_name: 'Ada' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You have been logged out. Your answers have been saved.',
    );
  });

  it('logs out even when the save fails, and says the latest answers were not saved', async () => {
    logIn();
    const { called } = fakeServer({
      ...profileRoute(profileOf()),
      'PUT /api/answer': jsonResponse({ message: 'The server is restarting.' }, 503),
      'GET /api/logout': jsonResponse({ message: 'You have been logged out.' }),
    });
    const consoleError = quietConsole();
    try {
      const { user } = renderApp('/about');
      await findPage(pageTitle('about'));
      await user.type(inputOf('first_name'), 'Ada');
      const panel = await openAccount(user);
      await user.click(within(panel).getByRole('button', { name: 'Log Out' }));
      expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
      expect(called('GET', '/api/logout')).toHaveLength(1);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'We could not save your latest answers before logging you out.',
      );
    } finally {
      consoleError.mockRestore();
    }
  });

  it('shows a failed logout in an error dialog, with the cache cleared anyway', async () => {
    logIn();
    fakeServer({
      ...profileRoute(profileOf()),
      'GET /api/logout': jsonResponse({ message: 'The server is restarting.' }, 503),
    });
    const consoleError = quietConsole();
    try {
      const { user, app } = renderApp('/about');
      const panel = await openAccount(user);
      await user.click(within(panel).getByRole('button', { name: 'Log Out' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log Out Error' });
      expect(dialog).toHaveTextContent('The server is restarting.');
      expect(app.router.state.location.pathname).toBe('/about');
      await waitFor(() =>
        expect(app.query.client!.getQueryCache().find({ queryKey: ['profile'] })).toBeUndefined(),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });

  it("a visitor's Sign In keeps their answers under a token and carries them to /login", async () => {
    const { called } = fakeServer({ 'POST /public/tmp': jsonResponse({ token: 'tok-42' }) });
    const { user, app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await user.type(inputOf('first_name'), 'Ada');
    const panel = await openAccount(user);
    await user.click(within(panel).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(called('POST', '/public/tmp')[0]?.body).toEqual({ answer: { first_name: 'Ada' } });
    expect(app.router.state.location.search).toBe('?token=tok-42');
    expect(app.router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });
  });
});
