// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadModal } from '../../../src/client/components/modal';
import { jsonResponse, renderApp } from '../render-app';
import { fakeServer, findPage, inputOf, logIn, profileOf, profileRoute } from './session-fixtures';
import { pageTitle } from '../../helpers/shipped-texts';

const minutes = (n: number) => n * 60_000;
const inactivityMessage = 'You have been automatically logged out due to inactivity.';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function applicant() {
  logIn();
  return fakeServer({
    ...profileRoute(profileOf()),
    'GET /api/logout': jsonResponse({ message: 'You have been logged out.' }),
  });
}

describe('inactivity (SPEC §4, §9)', () => {
  // The guard and its dialog load on demand; loaded first, the idle clock starts with the page
  // instead of after a first import that may take longer than the tests' one-second margins.
  beforeAll(async () => {
    await import('../../../src/client/idle/inactivity-guard');
    await preloadModal();
  });
  beforeEach(() => {
    // Real time still flows, so Testing Library's waiting works; the idle clock is ours to move.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks "Still working?" at 14 minutes and logs out at 15 with the message', async () => {
    const { called } = applicant();
    const { app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await advance(0); // the guard loads lazily: let it mount before the idle clock moves

    await advance(minutes(14) - 1000);
    expect(screen.queryByRole('dialog', { name: 'Still working?' })).not.toBeInTheDocument();
    await advance(2000);
    const dialog = await screen.findByRole('dialog', { name: 'Still working?' });
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    await advance(minutes(1));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent(inactivityMessage);
    expect(called('GET', '/api/logout')).toHaveLength(1);
    expect(app.query.client!.getQueryCache().getAll()).toEqual([]);
  });

  it('Continue keeps the session and starts the 15 minutes again', async () => {
    const { called } = applicant();
    const { app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await advance(0); // the guard loads lazily: let it mount before the idle clock moves
    await advance(minutes(14) + 1000);
    const dialog = await screen.findByRole('dialog', { name: 'Still working?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog', { name: 'Still working?' })).not.toBeInTheDocument();

    await advance(minutes(10));
    expect(app.router.state.location.pathname).toBe('/about');
    expect(called('GET', '/api/logout')).toEqual([]);
  });

  it('Log out in the prompt logs out at once with the message', async () => {
    applicant();
    const { app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await advance(0); // the guard loads lazily: let it mount before the idle clock moves
    await advance(minutes(14) + 1000);
    const dialog = await screen.findByRole('dialog', { name: 'Still working?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(app.router.state.location.state).toEqual({
      errorMessage: inactivityMessage,
      successMessage: 'Your answers have been saved.',
    });
  });

  it('saves typed answers when it asks, and again before the idle logout, and says so', async () => {
    const { called } = applicant();
    const { app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await advance(0); // the guard loads lazily: let it mount before the idle clock moves
    fireEvent.change(inputOf('first_name'), { target: { value: 'Ada' } });
    await advance(minutes(14) + 1000);
    await screen.findByRole('dialog', { name: 'Still working?' });
    expect(called('PUT', '/api/answer').map((call) => call.body)).toEqual([{ first_name: 'Ada' }]);

    await advance(minutes(1));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    // Nothing changed after the first save: no second one.
    expect(called('PUT', '/api/answer')).toHaveLength(1);
    expect(called('GET', '/api/logout')).toHaveLength(1);
    expect(app.router.state.location.state).toEqual({
      errorMessage: inactivityMessage,
      successMessage: 'Your answers have been saved.',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Your answers have been saved.');
  });

  it('logs out on return to the tab after 15 minutes or more away', async () => {
    const { called } = applicant();
    renderApp('/about');
    await findPage(pageTitle('about'));
    await advance(0); // the guard loads lazily: let it mount before the idle clock moves
    // The tab was in the background: its timers did not run, only the wall clock moved.
    vi.setSystemTime(Date.now() + minutes(15));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(inactivityMessage);
    expect(called('GET', '/api/logout')).toHaveLength(1);
  });

  it('does nothing for a visitor', async () => {
    const { fetchMock } = fakeServer();
    const { app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await advance(0); // the guard loads lazily: let it mount before the idle clock moves
    await advance(minutes(16));
    expect(screen.queryByRole('dialog', { name: 'Still working?' })).not.toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/about');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
