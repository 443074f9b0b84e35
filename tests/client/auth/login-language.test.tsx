// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { loadPage } from '../../../src/client/i18n/reload-page';

vi.mock('../../../src/client/i18n/reload-page', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

const signIn = async (reply: Record<string, unknown>) => {
  mockFetch((path) =>
    path === '/public/login' ? jsonResponse(reply) : jsonResponse({ message: 'unexpected' }, 404),
  );
  const { user, app } = renderApp({ pathname: '/login', search: '?token=tok1' });
  await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
  await user.type(screen.getByLabelText('Password'), 'Correct-horse-1!');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return app;
};

describe("signing in on a new device takes the account's language (issue 40)", () => {
  it('sets the cookie and loads the form whole in the language the account keeps', async () => {
    vi.mocked(loadPage).mockClear();
    await signIn({ username: 'ada@example.edu', message: 'Welcome.', language: 'es' });
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/about?token=tok1'));
    expect(document.cookie).toContain('lang=es');
  });

  it("goes on within the page when the account's language is the page's", async () => {
    vi.mocked(loadPage).mockClear();
    const app = await signIn({ username: 'ada@example.edu', message: 'Welcome.', language: 'en' });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/about'));
    expect(loadPage).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain('lang=');
  });
});
