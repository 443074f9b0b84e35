// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import {
  completeAnswers,
  fakeServer,
  logIn,
  profileOf,
  profileRoute,
  quietConsole,
  statuses,
} from './session-fixtures';
import { pageTitle } from '../../helpers/shipped-texts';

const submitted = statuses('started', 'validating', 'submitted');

describe('routing rules of the form routes (SPEC §2)', () => {
  it('always sends a submitted applicant to /completion', async () => {
    logIn();
    fakeServer(profileRoute(profileOf({ web_status: submitted, answer: completeAnswers })));
    const { app } = renderApp('/education');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application submitted' }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/completion');
    expect(screen.getByText('Your application was successfully submitted.')).toBeInTheDocument();
  });

  it('keeps a submitted applicant on /completion when they go back to a form page', async () => {
    logIn();
    fakeServer(profileRoute(profileOf({ web_status: submitted })));
    const { app } = renderApp('/completion');
    await screen.findByRole('heading', { name: 'Application submitted' });
    await app.router.navigate('/about');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/completion'));
  });

  it('sends anyone not submitted from /completion to the default route', async () => {
    logIn();
    fakeServer(profileRoute(profileOf({ web_status: statuses('started', 'validating') })));
    const { app } = renderApp('/completion');
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('about') }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/about');
  });

  it.each(['/zzz', '/completion'])(
    'keeps the resume point when %s redirects: lands on last_page and writes nothing',
    async (path) => {
      logIn();
      const { called } = fakeServer(profileRoute(profileOf({ last_page: '/education' })));
      const { app } = renderApp(`${path}?x=1`);
      expect(
        await screen.findByRole('heading', { level: 1, name: pageTitle('education') }),
      ).toBeInTheDocument();
      expect(app.router.state.location.pathname).toBe('/education');
      expect(app.router.state.location.search).toBe('?x=1');
      // Let any effect of the redirect run before asserting that none wrote last_page.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(called('PUT', '/api/last-page')).toEqual([]);
    },
  );

  it('writes no last_page when an unknown path goes to the default route', async () => {
    logIn();
    const { called } = fakeServer(profileRoute(profileOf({ last_page: '' })));
    const { app } = renderApp('/zzz');
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('about') }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/about');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(called('PUT', '/api/last-page')).toEqual([]);
  });

  it('sends a visitor from /completion to the default route', async () => {
    const { app } = renderApp('/completion');
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('about') }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/about');
  });

  it('lands a returning applicant on last_page while has_changed_page is false', async () => {
    logIn();
    const { called } = fakeServer(profileRoute(profileOf({ last_page: '/final-steps' })));
    const { app } = renderApp('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('final-steps') }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/final-steps');
    // Arriving is not a change of page: last_page is not written back.
    expect(called('PUT', '/api/last-page')).toEqual([]);
  });

  it('stays put when last_page is the current page or empty', async () => {
    logIn();
    fakeServer(profileRoute(profileOf({ last_page: '/education' })));
    const { app } = renderApp('/education');
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('education') }),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/education');
  });

  it('sends unknown paths to /about keeping the query string', async () => {
    const { app } = renderApp('/nowhere?utm_source=mail&x=1');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    expect(app.router.state.location.pathname).toBe('/about');
    expect(app.router.state.location.search).toBe('?utm_source=mail&x=1');
  });

  it('shows a visitor the form without calling the server', async () => {
    const { fetchMock } = fakeServer();
    renderApp('/education');
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('education') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Application steps' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the full-screen spinner while the profile loads', async () => {
    logIn();
    let answer: (response: Response) => void = () => {};
    const { called } = fakeServer({
      'GET /api/profile': () => new Promise<Response>((r) => (answer = r)),
    });
    renderApp('/about');
    // The same spinner shows while the page's modules load, before the profile is asked for.
    await waitFor(() => expect(called('GET', '/api/profile')).toHaveLength(1));
    expect(screen.getByText('Loading').closest('.loading-screen')).toBeInTheDocument();
    answer(jsonResponse(profileOf()));
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('about') }),
    ).toBeInTheDocument();
  });

  it('sends a 401 from /api/profile to /login with the session-invalid message', async () => {
    logIn();
    const { fetchMock } = fakeServer({
      'GET /api/profile': jsonResponse({ message: 'Not logged in.' }, 401),
    });
    const { app } = renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your session is invalid. Please clear your cookies and login again.',
    );
    expect(app.router.state.location.pathname).toBe('/login');
    expect(app.query.client!.getQueryCache().getAll()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offers Try again, the header and the help contacts when the profile fails to load', async () => {
    logIn();
    let failing = true;
    const { called } = fakeServer({
      'GET /api/profile': () =>
        failing ? jsonResponse({ message: 'Database is down.' }, 500) : jsonResponse(profileOf()),
    });
    const consoleError = quietConsole();
    try {
      renderApp('/about');
      expect(
        await screen.findByRole('heading', { name: 'Something went wrong.' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('banner')).toHaveTextContent('Northfield State University');
      expect(
        screen
          .getByRole('link', { name: 'apply-help@northfield.example.edu' })
          .getAttribute('href'),
      ).toBe('mailto:apply-help@northfield.example.edu');
      expect(screen.getByRole('link', { name: '(507) 555-0140' })).toHaveAttribute(
        'href',
        'tel:+15075550140',
      );
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
      failing = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: pageTitle('about') }),
      ).toBeInTheDocument();
      expect(called('GET', '/api/profile')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('shows the fallback screen when the profile fails otherwise', async () => {
    logIn();
    fakeServer({ 'GET /api/profile': jsonResponse({ message: 'Database is down.' }, 500) });
    const consoleError = quietConsole();
    try {
      renderApp('/about');
      expect(
        await screen.findByRole('heading', { name: 'Something went wrong.' }),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.',
        ),
      ).toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('opens the staff view for service_token, with no header, steps or account menu', async () => {
    logIn();
    const invalid = 'This staff link is not valid. Please ask for a new link.';
    const { calls } = fakeServer({
      'GET /service/tmp-pdf': jsonResponse(
        { message: invalid, code: 'SERVICE_TOKEN_INVALID' },
        403,
      ),
    });
    const { app } = renderApp('/about?service_token=abc');
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Application steps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    // The staff link is read, and nothing of the browser's own session.
    expect(calls.map((call) => call.path)).toEqual(['/service/tmp-pdf?service_token=abc']);
    expect(app.router.state.location.pathname).toBe('/about');
  });

  it('shows a success message carried in navigation state once, as a toast', async () => {
    const { app } = renderApp({
      pathname: '/education',
      state: { successMessage: 'Your answers have been saved.' },
    });
    const message = await screen.findByText('Your answers have been saved.');
    expect(message.closest('.toast--success')).toBeInTheDocument();
    expect(screen.getAllByText('Your answers have been saved.')).toHaveLength(1);
    // The message leaves the history entry, so Back or a reload does not repeat it.
    await waitFor(() => expect(app.router.state.location.state).toBeNull());
  });
});
