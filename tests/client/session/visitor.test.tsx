// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { fakeServer, findPage, inputOf, logIn, profileOf } from './session-fixtures';
import { containing, pageTitle } from '../../helpers/shipped-texts';

const visitorAnswers = { first_name: 'Ada', last_name: 'Lovelace' };

describe('visitors (SPEC §1, §6)', () => {
  it('Save/Next keeps the answers under a token, then goes to /signup?token= with them', async () => {
    const { calls } = fakeServer({ 'POST /public/tmp': jsonResponse({ token: 'tok-1' }) });
    const { user, app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await user.type(inputOf('first_name'), 'Ada');
    await user.type(inputOf('last_name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save/Next' }));

    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/signup');
    expect(app.router.state.location.search).toBe('?token=tok-1');
    expect(app.router.state.location.state).toEqual({ answers: visitorAnswers });
    expect(calls).toEqual([
      { method: 'POST', path: '/public/tmp', body: { answer: visitorAnswers } },
    ]);
  });

  it('Back from /signup finds the answers again, and Save/Next carries them once more', async () => {
    let n = 0;
    const { calls } = fakeServer({
      'POST /public/tmp': () => jsonResponse({ token: `tok-back-${++n}` }),
    });
    const { user, app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await user.type(inputOf('first_name'), 'Ada');
    await user.type(inputOf('last_name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save/Next' }));
    await screen.findByRole('heading', { name: 'Sign Up' });

    await app.router.navigate(-1);
    await findPage(pageTitle('about'));
    expect(inputOf('first_name')).toHaveValue('Ada');
    expect(inputOf('last_name')).toHaveValue('Lovelace');

    await user.click(screen.getByRole('button', { name: 'Save/Next' }));
    await screen.findByRole('heading', { name: 'Sign Up' });
    expect(app.router.state.location.search).toBe('?token=tok-back-2');
    expect(calls.map((call) => call.body)).toEqual([
      { answer: visitorAnswers },
      { answer: visitorAnswers },
    ]);
  });

  it('"Back to the application" on an account card returns to the form with the token', async () => {
    fakeServer({ 'GET /public/tmp': jsonResponse({ answer: visitorAnswers }) });
    const { user, app } = renderApp({ pathname: '/login', search: '?token=tok-5' });
    const back = await screen.findByRole('link', { name: 'Back to the application' });
    expect(back).toHaveAttribute('href', '/about?token=tok-5');
    await user.click(back);
    await findPage(pageTitle('about'));
    expect(app.router.state.location.pathname).toBe('/about');
    await waitFor(() => expect(inputOf('first_name')).toHaveValue('Ada'));
  });

  it('a step link with answers sends a visitor to /signup too', async () => {
    fakeServer({ 'POST /public/tmp': jsonResponse({ token: 'tok-2' }) });
    const { user, app } = renderApp('/about');
    await findPage(pageTitle('about'));
    await user.type(inputOf('first_name'), 'Ada');
    await user.click(screen.getByRole('link', { name: containing(pageTitle('education')) }));
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('?token=tok-2');
  });

  it('keeps the token through sign-up, confirmation and login, then claims the answers', async () => {
    const { calls } = fakeServer({
      'POST /public/signup': jsonResponse({ message: 'Check your e-mail for a code.' }),
      'POST /public/confirm': jsonResponse({ message: 'Your account is confirmed.' }),
      'POST /public/login': () => {
        logIn();
        return jsonResponse({ message: 'Welcome.', username: 'ada@example.edu' });
      },
      'POST /api/visitor-answers/claim': jsonResponse({ answer: visitorAnswers }),
      'GET /api/profile': jsonResponse(profileOf({ answer: visitorAnswers })),
    });
    const { user, app } = renderApp({ pathname: '/signup', search: '?token=tok-3' });
    await user.type(await screen.findByLabelText('Email Address'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByRole('heading', { name: 'Confirm Your Account' });
    expect(app.router.state.location.search).toBe('?token=tok-3');
    await user.type(screen.getByLabelText('Confirmation Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByRole('heading', { name: 'Log In' });
    expect(app.router.state.location.search).toBe('?token=tok-3');
    // The card's footer link keeps the token too.
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/signup?token=tok-3',
    );
    // The address just confirmed is filled in already.
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await findPage(pageTitle('about'));
    expect(inputOf('first_name')).toHaveValue('Ada');
    expect(inputOf('last_name')).toHaveValue('Lovelace');
    // The claimed token is spent: it leaves the address.
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /public/signup',
      'POST /public/confirm',
      'POST /public/login',
      'POST /api/visitor-answers/claim',
      'GET /api/profile',
    ]);
    expect(calls[3]?.body).toEqual({ token: 'tok-3' });
  });

  it('restores a visitor’s answers from the token after a reload', async () => {
    const { calls } = fakeServer({ 'GET /public/tmp': jsonResponse({ answer: visitorAnswers }) });
    renderApp('/about?token=tok-4');
    await findPage(pageTitle('about'));
    expect(inputOf('first_name')).toHaveValue('Ada');
    expect(calls.map((call) => call.path)).toEqual(['/public/tmp?token=tok-4']);
  });

  it('explains an expired token and carries on with an empty form', async () => {
    fakeServer({
      'GET /public/tmp': jsonResponse(
        { message: 'These saved answers have expired or were already used.' },
        404,
      ),
    });
    renderApp('/about?token=old');
    await findPage(pageTitle('about'));
    expect(inputOf('first_name')).toHaveValue('');
    expect(
      (await screen.findByRole('alert', { name: 'Saved Answers Error' })).textContent,
    ).toContain('expired');
  });
});
