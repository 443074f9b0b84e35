// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { fakeServer, logIn, profileOf, profileRoute, statuses } from './session-fixtures';
import { containing, pageTitle } from '../../helpers/shipped-texts';

const saved = { 'PUT /api/answer': jsonResponse({ message: 'Your answers have been saved.' }) };

describe('web status and progress (SPEC §4)', () => {
  it('starts a logged-in applicant who has no status: posted once and set locally', async () => {
    logIn();
    const { called } = fakeServer(profileRoute(profileOf({ web_status: [] })));
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    await waitFor(() => expect(called('POST', '/api/web-status')).toHaveLength(1));
    expect(called('POST', '/api/web-status')[0]?.body).toEqual({ web_status: 'started' });
  });

  it('retries the started post twice when it fails', async () => {
    logIn();
    const { called } = fakeServer({
      ...profileRoute(profileOf({ web_status: [] })),
      'POST /api/web-status': jsonResponse({ message: 'Busy.' }, 503),
    });
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    await waitFor(() => expect(called('POST', '/api/web-status')).toHaveLength(3), {
      timeout: 8000,
    });
  }, 15000);

  it('posts nothing for an applicant already started, nor for a visitor', async () => {
    logIn();
    const { calls } = fakeServer(profileRoute(profileOf({ web_status: statuses('started') })));
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.path)).toEqual(['/api/profile']);
  });

  it('records each change of page as last_page while started', async () => {
    logIn();
    const { called } = fakeServer({ ...profileRoute(profileOf()), ...saved });
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: pageTitle('about') });
    await user.click(screen.getByRole('button', { name: 'Save/Next' }));
    await screen.findByRole('heading', { level: 1, name: pageTitle('education') });
    await user.click(screen.getByRole('link', { name: containing(pageTitle('final-steps')) }));
    await screen.findByRole('heading', { level: 1, name: pageTitle('final-steps') });
    await waitFor(() =>
      expect(called('PUT', '/api/last-page').map((call) => call.body)).toEqual([
        { last_page: '/education' },
        { last_page: '/final-steps' },
      ]),
    );
  });

  it('records no last_page once submitted', async () => {
    logIn();
    const { called } = fakeServer(
      profileRoute(profileOf({ web_status: statuses('started', 'validating', 'submitted') })),
    );
    renderApp('/about');
    await screen.findByRole('heading', { name: 'Application submitted' });
    expect(called('PUT', '/api/last-page')).toEqual([]);
  });
});
