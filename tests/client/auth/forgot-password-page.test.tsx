// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, sentBody } from '../render-app';
import { ruleMessage } from '../../helpers/shipped-texts';

describe('Forgot Password card', () => {
  it('has its title, field, Submit and a link to Log In', async () => {
    renderApp('/forgot');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByText(/Remembered your password\?/).textContent).toBe(
      'Remembered your password? Log In',
    );
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('validates the address as it changes', async () => {
    const { user } = renderApp('/forgot');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@');
    expect(
      screen.getByText(ruleMessage('username', { schema: 'forgot-password' })),
    ).toBeInTheDocument();
  });

  it('shows the answer in a success toast that can be closed', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({ message: 'If the address has an account, we sent a link.' }),
    );
    const { user } = renderApp('/forgot');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('If the address has an account, we sent a link.');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/public/forgot-password');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({ username: 'ada@example.edu' });

    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('moves focus to the notifications with F8', async () => {
    mockFetch(() => jsonResponse({ message: 'Sent.' }));
    const { user } = renderApp('/forgot');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('status');

    await user.keyboard('{F8}');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('shows a server error in a "Forgot Password Error" toast', async () => {
    mockFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const { user } = renderApp('/forgot');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('alert', { name: 'Forgot Password Error' });
    expect(toast).toHaveTextContent(
      "We've encountered an unexpected error at this time. Please try again later.",
    );
  });
});
