// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, sentBody } from '../render-app';
import { ruleMessage } from '../../helpers/shipped-texts';

const link = { pathname: '/reset', search: '?username=ada%40example.edu&id=reset-id-1' };

describe('Reset Password card', () => {
  it('has its title, fields, Submit and a link to Forgot Password', async () => {
    renderApp(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset Password' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.edu');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByText(/Need a new link\?/).textContent).toBe(
      'Need a new link? Forgot Password',
    );
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgot',
    );
  });

  it('says the confirmation rule’s message when the confirmation differs', async () => {
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('Password'), 'Correct-Horse-42');
    await user.type(screen.getByLabelText('Confirm Password'), 'Correct-Horse-4');
    expect(
      screen.getByText(ruleMessage('confirm_password', { schema: 'reset-password' })),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Confirm Password'), '2');
    expect(
      screen.queryByText(ruleMessage('confirm_password', { schema: 'reset-password' })),
    ).not.toBeInTheDocument();
  });

  it('shows the password requirement list', async () => {
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('Password'), 'short');
    const item = screen.getByText('is at least 12 characters').closest('li');
    expect(item?.dataset.state).toBe('error');
  });

  it('says so when the link is incomplete, and does not submit', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'unexpected' }));
    const { user } = renderApp({ pathname: '/reset', search: '?username=ada%40example.edu' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ruleMessage('id', { schema: 'reset-password' }),
    );
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.type(screen.getByLabelText('Confirm Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resets with the username and id from the link and goes to /login', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'Your password was changed.' }));
    const { user, app } = renderApp(link);
    await user.type(await screen.findByLabelText('Password'), 'Correct-Horse-42');
    await user.type(screen.getByLabelText('Confirm Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/public/reset-password');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      username: 'ada@example.edu',
      password: 'Correct-Horse-42',
      confirm_password: 'Correct-Horse-42',
      id: 'reset-id-1',
    });
    expect(app.router.state.location.state).toEqual({
      successMessage: 'Your password was changed.',
    });
  });

  it('shows a used link in a "Reset Password Error" toast', async () => {
    mockFetch(() => jsonResponse({ message: 'This link has expired or was used.' }, 400));
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('Password'), 'Correct-Horse-42');
    await user.type(screen.getByLabelText('Confirm Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('alert', { name: 'Reset Password Error' });
    expect(toast).toHaveTextContent('This link has expired or was used.');
  });
});
