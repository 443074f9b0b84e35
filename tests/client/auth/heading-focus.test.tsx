// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authCards } from '../../../src/client/i18n/account-texts';
import { jsonResponse, mockFetch, renderApp } from '../render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('each account screen starts at its heading', () => {
  it('moves focus to the heading of sign up, then confirm, then log in', async () => {
    mockFetch((path) =>
      jsonResponse({
        message: path.endsWith('/signup') ? 'We sent you a code.' : 'Your account is confirmed.',
      }),
    );
    const { user } = renderApp('/signup');
    const signUp = await heading(authCards.signUp().title);
    await waitFor(() => expect(signUp).toHaveFocus());
    expect(signUp).toHaveAttribute('tabindex', '-1');

    await user.type(screen.getByLabelText('Email Address'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-9-battery');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const confirm = await heading(authCards.confirm().title);
    await waitFor(() => expect(confirm).toHaveFocus());

    await user.type(screen.getByLabelText('Confirmation Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const login = await heading(authCards.login().title);
    await waitFor(() => expect(login).toHaveFocus());
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.edu');
  });

  it('moves focus to the heading when a footer link changes the screen', async () => {
    const { user } = renderApp('/login');
    await waitFor(async () => expect(await heading(authCards.login().title)).toHaveFocus());
    await user.click(screen.getByRole('link', { name: authCards.login().footer.linkText }));
    const signUp = await heading(authCards.signUp().title);
    await waitFor(() => expect(signUp).toHaveFocus());
  });
});
