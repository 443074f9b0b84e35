// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, sentBody } from '../render-app';
import { ruleMessage } from '../../helpers/shipped-texts';

describe('Log In card', () => {
  it('has its title, fields, Submit, the forgot link and a link to Sign Up', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(screen.getByText(/Don't have an account\?/).textContent).toBe(
      "Don't have an account? Sign Up",
    );
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('checks nothing while typing, only on submit', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'unexpected' }));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'nope');
    expect(
      screen.queryByText(ruleMessage('username', { schema: 'login' })),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(ruleMessage('username', { schema: 'login' }))).toBeInTheDocument();
    expect(screen.getByText(ruleMessage('password', { schema: 'login' }))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows success and error messages carried in navigation state', async () => {
    renderApp({
      pathname: '/login',
      state: { successMessage: 'Your password was changed.', errorMessage: 'Something failed.' },
    });
    // Wait for the card: while its module loads, the spinner is a status too.
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(screen.getByRole('status')).toHaveTextContent('Your password was changed.');
    expect(screen.getByRole('alert')).toHaveTextContent('Something failed.');
  });

  it('logs in and goes to the default form route', async () => {
    document.cookie = 'admissions_identity.marker=1';
    const fetchMock = mockFetch((path) =>
      path === '/public/login'
        ? jsonResponse({ message: 'Welcome back.', username: 'ada@example.edu' })
        : jsonResponse({
            answer: {},
            document_answer: {},
            username: 'ada@example.edu',
            last_page: 'about',
            successful_login: ['2025-01-01T00:00:00Z'],
            // Already started: a profile without a status would also post "started".
            web_status: [{ web_status: 'started' }],
          }),
    );
    const { user, app } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('ada@example.edu')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/about');
    // The form pages also ask for the applicant's PDF copy (GET /api/pdf), which is not login's.
    const paths = fetchMock.mock.calls.map(([path]) => path).filter((path) => path !== '/api/pdf');
    expect(paths).toEqual(['/public/login', '/api/profile']);
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      username: 'ada@example.edu',
      password: 'Correct-Horse-42',
    });
  });

  it('shows a wrong password in a "Log In Error" toast', async () => {
    mockFetch(() => jsonResponse({ message: 'Incorrect username or password.' }, 400));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('alert', { name: 'Log In Error' });
    expect(toast).toHaveTextContent('Incorrect username or password.');
  });

  it('sends an unconfirmed user to /confirm with the username and the message', async () => {
    mockFetch(() =>
      jsonResponse(
        { code: 'USER_NOT_CONFIRMED', message: 'Please confirm your account first.' },
        403,
      ),
    );
    const { user, app } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByRole('heading', { name: 'Confirm Your Account' }),
    ).toBeInTheDocument();
    expect(app.router.state.location.state).toEqual({
      username: 'ada@example.edu',
      errorMessage: 'Please confirm your account first.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please confirm your account first.');
  });
});
