// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import {
  completeAnswers,
  fakeServer,
  findPage,
  logIn,
  profileOf,
  profileRoute,
} from './session-fixtures';
import { pageTitle, requiredMessage } from '../../helpers/shipped-texts';

const routes = (answer: Record<string, string>) => ({
  ...profileRoute(profileOf({ answer, last_page: '/final-steps' })),
  'PUT /api/answer': jsonResponse({ message: 'Your answers have been saved.' }),
  'POST /api/submit': jsonResponse({ message: 'Your application was successfully submitted.' }),
});

const { first_name: _omitted, ...withoutFirstName } = completeAnswers;

describe('submit (SPEC §4)', () => {
  it('with missing answers: validating, errors and the summary show, nothing is submitted', async () => {
    logIn();
    const { called, calls } = fakeServer(routes(withoutFirstName));
    const { user, app } = renderApp('/final-steps');
    await findPage(pageTitle('final-steps'));
    expect(
      screen.queryByRole('heading', { name: "We're missing some information!" }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const heading = await screen.findByRole('heading', { name: "We're missing some information!" });
    expect(app.router.state.location.pathname).toBe('/about');
    const summary = heading.closest('.error-summary') as HTMLElement;
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary).getByRole('link', { name: requiredMessage('first_name') }),
    ).toBeInTheDocument();
    // The field itself shows its error, tied to the input.
    const field = document.getElementById('first_name') as HTMLElement;
    expect(field).toHaveTextContent(requiredMessage('first_name'));
    await waitFor(() =>
      expect(document.title).toBe('Error: About You - Undergraduate Application for Admission'),
    );

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/profile',
      'PUT /api/answer',
      'POST /api/web-status',
      'POST /api/validations',
      // Validating: the change of page is recorded.
      'PUT /api/last-page',
    ]);
    expect(called('POST', '/api/web-status')[0]?.body).toEqual({ web_status: 'validating' });
    expect(called('POST', '/api/validations')[0]?.body).toEqual({
      first_name: [requiredMessage('first_name')],
    });
    expect(called('POST', '/api/submit')).toEqual([]);
    // The welcome banner never shows while validating.
    expect(
      screen.queryByRole('heading', { name: /YOU'RE IN!|WELCOME BACK!|Welcome!/ }),
    ).not.toBeInTheDocument();
  });

  it('after a refused submit, the summary is the only message: the "saved" toast closes', async () => {
    logIn();
    fakeServer(routes(withoutFirstName));
    const { user } = renderApp('/final-steps');
    await findPage(pageTitle('final-steps'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Your answers have been saved.', { selector: '.toast__message' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByRole('heading', { name: "We're missing some information!" }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Your answers have been saved.', { selector: '.toast__message' }),
    ).not.toBeInTheDocument();
  });

  it('with everything answered: submits and shows /completion with the success toast', async () => {
    logIn();
    const { calls } = fakeServer(routes(completeAnswers));
    const { user, app } = renderApp('/final-steps');
    await findPage(pageTitle('final-steps'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application submitted' }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/completion');
    const toast = await screen.findByText('Your application was successfully submitted.', {
      selector: '.toast__message',
    });
    expect(toast).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/profile',
      'PUT /api/answer',
      'POST /api/web-status',
      'POST /api/submit',
    ]);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Application steps' })).not.toBeInTheDocument();
  });

  it("shows the server's errors when it refuses the submission", async () => {
    logIn();
    fakeServer({
      ...routes(completeAnswers),
      'POST /api/submit': jsonResponse(
        {
          message:
            "We're missing some information! Complete the highlighted questions and submit again.",
          errors: { 'education.hs_name': ['Please search for your school, or enter its name.'] },
        },
        422,
      ),
    });
    const { user, app } = renderApp('/final-steps');
    await findPage(pageTitle('final-steps'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const heading = await screen.findByRole('heading', { name: "We're missing some information!" });
    const summary = heading.closest('.error-summary') as HTMLElement;
    const link = within(summary).getByRole('link', {
      name: 'Please search for your school, or enter its name.',
    });
    expect(link).toHaveAttribute('href', '/education#hs_name');
    expect(app.router.state.location.pathname).toBe('/about');
  });

  it('sends a visitor who submits to /signup with their answers', async () => {
    const { called } = fakeServer({ 'POST /public/tmp': jsonResponse({ token: 'tok-1' }) });
    const { app, user } = renderApp('/final-steps');
    await findPage(pageTitle('final-steps'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/signup');
    // Nothing was answered, so there was nothing to keep under a token.
    expect(called('POST', '/public/tmp')).toEqual([]);
    expect(called('POST', '/api/submit')).toEqual([]);
  });
});
