// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordRequirements } from '../../../src/engine/password-requirements';
import { jsonResponse, mockFetch, renderApp, sentBody } from '../render-app';
import { ruleMessage } from '../../helpers/shipped-texts';

const requirementState = (text: string) =>
  screen.getByText(text, { selector: '.requirement__text' }).closest('li')?.dataset.state;

const allStates = () =>
  Object.fromEntries(passwordRequirements.map((t) => [t, requirementState(t)]));

describe('Sign Up card', () => {
  it('has its title, fields, Submit and a link to Log In', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByText(/Already have an account\?/).textContent).toBe(
      'Already have an account? Log In',
    );
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    // The title is set by an effect, which may run after the heading first shows.
    await waitFor(() =>
      expect(document.title).toBe('Sign Up - Undergraduate Application for Admission'),
    );
  });

  it('lists the password requirements, all inactive while the password is empty', async () => {
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Sign Up' });
    const items = within(screen.getByRole('list', { name: 'Your password:' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.querySelector('.requirement__text')?.textContent)).toEqual([
      'is at least 12 characters',
      'contains at least one uppercase letter',
      'contains at least one lowercase letter',
      'contains at least one number',
      'contains at least one special character',
      'contains no leading or trailing whitespace',
    ]);
    expect(new Set(Object.values(allStates()))).toEqual(new Set(['inactive']));
    expect(screen.getByLabelText('Password')).toHaveAttribute(
      'aria-describedby',
      'signup-password-requirements',
    );
  });

  it('marks each requirement met or not met as the password is typed', async () => {
    const { user } = renderApp('/signup');
    const password = await screen.findByLabelText('Password');

    await user.type(password, 'abc');
    expect(allStates()).toEqual({
      'is at least 12 characters': 'error',
      'contains at least one uppercase letter': 'error',
      'contains at least one lowercase letter': 'success',
      'contains at least one number': 'error',
      'contains at least one special character': 'error',
      'contains no leading or trailing whitespace': 'success',
    });
    expect(password).toHaveAttribute('aria-invalid', 'true');
    const unmet = screen.getByText('is at least 12 characters').closest('li');
    expect(unmet?.textContent).toBe('✗is at least 12 characters (not met)');

    await user.clear(password);
    await user.type(password, 'Correct-Horse-42 ');
    expect(allStates()).toEqual({
      'is at least 12 characters': 'success',
      'contains at least one uppercase letter': 'success',
      'contains at least one lowercase letter': 'success',
      'contains at least one number': 'success',
      'contains at least one special character': 'success',
      'contains no leading or trailing whitespace': 'error',
    });

    await user.type(password, '{Backspace}');
    expect(new Set(Object.values(allStates()))).toEqual(new Set(['success']));
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('shows the e-mail error once the field has changed, tied to the input', async () => {
    const { user } = renderApp('/signup');
    const email = await screen.findByLabelText('Email Address');
    expect(
      screen.queryByText(ruleMessage('username', { schema: 'signup' })),
    ).not.toBeInTheDocument();

    await user.type(email, 'not-an-email');
    expect(screen.getByText(ruleMessage('username', { schema: 'signup' }))).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-describedby', 'signup-username-error');
    expect(document.getElementById('signup-username-error')?.textContent).toBe(
      `Error: ${ruleMessage('username', { schema: 'signup' })}`,
    );
    expect(document.title).toBe('Error: Sign Up - Undergraduate Application for Admission');

    await user.type(email, '@example.edu');
    expect(
      screen.queryByText(ruleMessage('username', { schema: 'signup' })),
    ).not.toBeInTheDocument();
    expect(document.title).toBe('Sign Up - Undergraduate Application for Admission');
  });

  it('blocks Submit while the card has errors and shows them all', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'unexpected' }));
    const { user } = renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(ruleMessage('username', { schema: 'signup' }))).toBeInTheDocument();
    // SPEC §4: an empty password leaves every requirement inactive; the field is marked invalid.
    expect(new Set(Object.values(allStates()))).toEqual(new Set(['inactive']));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email Address')).toHaveFocus();
  });

  it('returns every requirement to inactive when the password is cleared', async () => {
    const { user } = renderApp('/signup');
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'abc');
    expect(requirementState('is at least 12 characters')).toBe('error');
    await user.clear(password);
    expect(new Set(Object.values(allStates()))).toEqual(new Set(['inactive']));
  });

  it('signs up and goes to /confirm carrying the username', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({ message: 'We sent a confirmation code to your e-mail address.' }),
    );
    const { user, app } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByRole('heading', { name: 'Confirm Your Account' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/public/signup');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      username: 'ada@example.edu',
      password: 'Correct-Horse-42',
    });
    expect(app.router.state.location.pathname).toBe('/confirm');
    expect(app.router.state.location.state).toMatchObject({ username: 'ada@example.edu' });
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.edu');
    expect(screen.getByRole('status')).toHaveTextContent(
      'We sent a confirmation code to your e-mail address.',
    );
  });

  it('shows a server error in a "Sign Up Error" toast with the server message', async () => {
    mockFetch(() => jsonResponse({ message: 'Too many requests. Try again later.' }, 429));
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('alert', { name: 'Sign Up Error' });
    expect(toast).toHaveTextContent('Too many requests. Try again later.');
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert', { name: 'Sign Up Error' })).not.toBeInTheDocument();
  });
});
