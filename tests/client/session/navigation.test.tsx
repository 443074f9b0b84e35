// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import {
  completeAnswers,
  fakeServer,
  inputOf,
  logIn,
  profileOf,
  profileRoute,
  statuses,
} from './session-fixtures';
import { containing, pageTitle, requiredMessage } from '../../helpers/shipped-texts';

const savedMessage = 'Your answers have been saved.';
const saved = { 'PUT /api/answer': jsonResponse({ message: savedMessage }) };
const firstName = () => inputOf('first_name');

/** Whether leaving the page now would ask first (the browser's "Leave site?" prompt). */
const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('navigation and saving (SPEC §2 "Top navigation bar")', () => {
  it('asks before the tab is closed or reloaded with answers not yet saved, and not after', async () => {
    logIn();
    fakeServer({ ...profileRoute(profileOf({ answer: { first_name: 'Ada' } })), ...saved });
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    expect(leavingAsks()).toBe(false);
    await user.type(inputOf('last_name'), 'Lovelace');
    expect(leavingAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save/Next' }));
    await screen.findByRole('heading', { level: 1, name: pageTitle('education') });
    expect(leavingAsks()).toBe(false);
  });

  it('asks a visitor too, whose answers live only in the page until sign-up', async () => {
    fakeServer({});
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    expect(leavingAsks()).toBe(false);
    await user.type(firstName(), 'Ada');
    expect(leavingAsks()).toBe(true);
  });

  it('Save/Next saves what changed and goes on with the saved message', async () => {
    logIn();
    const { called } = fakeServer({
      ...profileRoute(profileOf({ answer: { first_name: 'Ada', last_name: 'Lovelace' } })),
      ...saved,
    });
    const { user, app } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    expect(firstName()).toHaveValue('Ada');
    await user.clear(firstName());
    await user.type(firstName(), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save/Next' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('education') }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/education');
    expect(called('PUT', '/api/answer').map((call) => call.body)).toEqual([
      { first_name: 'Augusta' },
    ]);
    const toast = await screen.findByText(savedMessage);
    expect(toast.closest('.toast--success')).toBeInTheDocument();
    // Focus moves to the new page's heading for screen readers.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: pageTitle('education') })).toHaveFocus(),
    );
  });

  it('step links save too, and go to the chosen step', async () => {
    logIn();
    const { called } = fakeServer({ ...profileRoute(profileOf()), ...saved });
    const { user, app } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    await user.type(firstName(), 'Ada');
    await user.click(screen.getByRole('link', { name: containing(pageTitle('final-steps')) }));
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('final-steps') }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/final-steps');
    expect(called('PUT', '/api/answer').map((call) => call.body)).toEqual([{ first_name: 'Ada' }]);
    expect(
      screen.getByRole('link', { name: containing(pageTitle('final-steps')) }),
    ).toHaveAttribute('aria-current', 'step');
  });

  it('Back saves and goes to the previous page; the last page has Save and Submit', async () => {
    logIn();
    const { called } = fakeServer({
      ...profileRoute(profileOf({ last_page: '/final-steps' })),
      ...saved,
    });
    const { user } = renderApp('/final-steps');
    await screen.findByRole('heading', { level: 1, name: pageTitle('final-steps') });
    expect(screen.queryByRole('button', { name: 'Save/Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(savedMessage)).closest('.toast')).toBeInTheDocument();
    expect(called('PUT', '/api/answer')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('education') }),
    ).toBeInTheDocument();
    expect(called('PUT', '/api/answer')).toHaveLength(2);
  });

  it('shows a failed save in an error toast and stays on the page', async () => {
    logIn();
    fakeServer({
      ...profileRoute(profileOf()),
      'PUT /api/answer': jsonResponse(
        { message: 'Your application has been submitted and can no longer be changed.' },
        409,
      ),
    });
    const { user, app } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    await user.click(screen.getByRole('button', { name: 'Save/Next' }));
    const toast = await screen.findByRole('alert', { name: 'Error' });
    expect(toast).toHaveTextContent('can no longer be changed');
    expect(app.router.state.location.pathname).toBe('/about');
  });

  it("while validating, a save also posts the page's errors (fire and forget)", async () => {
    logIn();
    const { first_name: _missing, ...answer } = completeAnswers;
    const { called } = fakeServer({
      ...profileRoute(profileOf({ answer, web_status: statuses('started', 'validating') })),
      ...saved,
      'POST /api/validations': jsonResponse({ message: 'Server trouble.' }, 500),
    });
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    await user.click(screen.getByRole('button', { name: 'Save/Next' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('education') }),
    ).toBeInTheDocument();
    expect(called('POST', '/api/validations').map((call) => call.body)).toEqual([
      { first_name: [requiredMessage('first_name')] },
    ]);
    // Its failure is nobody's business: no error toast.
    expect(screen.queryByRole('alert', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('lets a visitor without answers move between steps freely', async () => {
    const { fetchMock } = fakeServer();
    const { user, app } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    await user.click(screen.getByRole('link', { name: containing(pageTitle('education')) }));
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('education') }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/education');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
