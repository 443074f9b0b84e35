// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../render-app';
import {
  fakeServer,
  findPage,
  inputOf,
  logIn,
  profileOf,
  profileRoute,
} from '../session/session-fixtures';
import { pageTitle } from '../../helpers/shipped-texts';
import { reloadPage } from '../../../src/client/i18n/reload-page';

vi.mock('../../../src/client/i18n/reload-page', () => ({ reloadPage: vi.fn() }));

const languageControl = () => screen.getByRole('navigation', { name: 'Language' });

describe('the language control (issue 40)', () => {
  it('names each language in itself, marks the current one, and is in every sign-in screen', async () => {
    fakeServer();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    const control = languageControl();
    const current = within(control).getByText('English');
    expect(current).toHaveAttribute('lang', 'en');
    expect(current).toHaveAttribute('aria-current', 'true');
    const spanish = within(control).getByRole('button', { name: 'Español' });
    expect(spanish).toHaveAttribute('lang', 'es');
    expect(within(control).queryByRole('button', { name: 'English' })).not.toBeInTheDocument();
  });

  it("keeps a visitor's answers in the page's history entry, sets the cookie and reloads", async () => {
    vi.mocked(reloadPage).mockClear();
    const { called } = fakeServer();
    const { user, app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await user.type(inputOf('first_name'), 'Ada');
    await user.click(within(languageControl()).getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain('lang=es');
    expect(app.router.state.location.pathname).toBe('/about');
    expect(app.router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });
    // A visitor has no account to keep the choice on.
    expect(called('PUT', '/api/profile/language')).toEqual([]);
  });

  it("saves a signed-in applicant's typed answers and keeps the choice on the account", async () => {
    vi.mocked(reloadPage).mockClear();
    logIn();
    const { calls } = fakeServer({
      ...profileRoute(profileOf()),
      // Before the account keeps a language, the server answers 404: the cookie still holds.
      'PUT /api/profile/language': new Response('{"message":"Not found."}', { status: 404 }),
    });
    const { user } = renderApp('/about');
    await findPage(pageTitle('about'));
    await user.type(inputOf('first_name'), 'Ada');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(within(languageControl()).getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain('lang=es');
    const sent = calls.filter((call) => call.method === 'PUT');
    expect(sent).toContainEqual({
      method: 'PUT',
      path: '/api/answer',
      body: { first_name: 'Ada' },
    });
    expect(sent).toContainEqual({
      method: 'PUT',
      path: '/api/profile/language',
      body: { language: 'es' },
    });
  });
});
