// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, sentBody } from '../render-app';
import { ruleMessage } from '../../helpers/shipped-texts';

const atConfirm = (state: unknown = { username: 'ada@example.edu' }) =>
  renderApp({ pathname: '/confirm', state });

describe('Confirm Your Account card', () => {
  it('has its title, fields, Submit, Resend Code and a link to Log In', async () => {
    atConfirm();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.edu');
    expect(screen.getByLabelText('Confirmation Code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeInTheDocument();
    expect(screen.getByText(/Already confirmed\?/).textContent).toBe('Already confirmed? Log In');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('says a 5-digit code must be exactly 6 numbers', async () => {
    const { user } = atConfirm();
    const code = await screen.findByLabelText('Confirmation Code');
    await user.type(code, '12345');
    expect(screen.getByText(ruleMessage('code', { schema: 'confirm' }))).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '6');
    expect(screen.queryByText(ruleMessage('code', { schema: 'confirm' }))).not.toBeInTheDocument();
  });

  it('shows the error message carried in navigation state', async () => {
    atConfirm({ username: 'ada@example.edu', errorMessage: 'Please confirm your account first.' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please confirm your account first.',
    );
  });

  it('confirms and goes to /login with the success message', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'Your account is confirmed.' }));
    const { user, app } = atConfirm();
    await user.type(await screen.findByLabelText('Confirmation Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/public/confirm');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      username: 'ada@example.edu',
      code: '123456',
    });
    expect(app.router.state.location.state).toEqual({
      username: 'ada@example.edu',
      successMessage: 'Your account is confirmed.',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Your account is confirmed.');
    // The address just confirmed is filled in: only the password is left to type.
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.edu');
  });

  it('shows a wrong code in a "Confirm Your Account Error" toast', async () => {
    mockFetch(() => jsonResponse({ message: 'That code is not right or has expired.' }, 400));
    const { user } = atConfirm();
    await user.type(await screen.findByLabelText('Confirmation Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('alert', { name: 'Confirm Your Account Error' });
    expect(toast).toHaveTextContent('That code is not right or has expired.');
  });

  it('closes its error toasts when the right code then confirms the account', async () => {
    let calls = 0;
    mockFetch(() =>
      calls++ === 0
        ? jsonResponse({ message: 'That code is not right or has expired.' }, 400)
        : jsonResponse({ message: 'Your account is confirmed.' }),
    );
    const { user } = atConfirm();
    const code = await screen.findByLabelText('Confirmation Code');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByRole('alert', { name: 'Confirm Your Account Error' }),
    ).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your account is confirmed.');
    expect(
      screen.queryByRole('alert', { name: 'Confirm Your Account Error' }),
    ).not.toBeInTheDocument();
  });

  it('resends the code and shows the answer in a success toast', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'We sent you a new code.' }));
    const { user } = atConfirm();
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));

    expect(await screen.findByRole('status')).toHaveTextContent('We sent you a new code.');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/public/resend-confirm');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({ username: 'ada@example.edu' });
  });

  it('shows a resend failure in its own "Resend Confirmation Code Error" toast', async () => {
    mockFetch(() => jsonResponse({ message: 'Please wait a minute before asking again.' }, 429));
    const { user } = atConfirm();
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));

    const toast = await screen.findByRole('alert', { name: 'Resend Confirmation Code Error' });
    expect(
      within(toast).getByText('Please wait a minute before asking again.'),
    ).toBeInTheDocument();
  });

  it('does not resend to an invalid address', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'unexpected' }));
    const { user } = atConfirm(null);
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));

    const toast = await screen.findByRole('alert', { name: 'Resend Confirmation Code Error' });
    expect(toast).toHaveTextContent(ruleMessage('username', { schema: 'resend-confirm' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
