// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visitorSnapshot, type ClientSnapshot } from '../../../src/client/session/client-snapshot';
import { WelcomeBanner } from '../../../src/client/layout/welcome-banner';
import { welcomeVariant } from '../../../src/client/layout/welcome-rule';
import { jsonResponse, renderApp } from '../render-app';
import { fakeServer, logIn, profileOf, profileRoute, statuses } from '../session/session-fixtures';
import { pageTitle } from '../../helpers/shipped-texts';

const applicant = (overrides: Partial<ClientSnapshot> = {}): ClientSnapshot => ({
  ...visitorSnapshot,
  username: 'ada@example.edu',
  is_logged_in: true,
  num_logins: 1,
  web_status: 'started',
  ...overrides,
});

describe('the welcome banner rule (SPEC §2)', () => {
  it('never shows while validating, whoever is looking', () => {
    expect(welcomeVariant(applicant({ web_status: 'validating' }))).toBeNull();
    expect(welcomeVariant({ ...visitorSnapshot, web_status: 'validating' })).toBeNull();
  });

  it('shows to a visitor who is not logged in, with the default welcome', () => {
    expect(welcomeVariant(visitorSnapshot)).toBe('visitor');
    expect(welcomeVariant({ ...visitorSnapshot, has_changed_page: true })).toBe('visitor');
  });

  it('shows to a logged-in applicant who has not changed page yet', () => {
    expect(welcomeVariant(applicant({ num_logins: 1 }))).toBe('first-login');
    expect(welcomeVariant(applicant({ num_logins: 2 }))).toBe('returning');
    expect(welcomeVariant(applicant({ num_logins: 7, web_status: null }))).toBe('returning');
  });

  it('hides once a logged-in applicant has changed page', () => {
    expect(welcomeVariant(applicant({ has_changed_page: true }))).toBeNull();
    expect(welcomeVariant(applicant({ has_changed_page: true, num_logins: 3 }))).toBeNull();
  });

  it('shows after submission even when the page has changed', () => {
    expect(welcomeVariant(applicant({ web_status: 'submitted', has_changed_page: true }))).toBe(
      'first-login',
    );
  });

  it('needs at least one login for the not-yet-changed-page branch', () => {
    expect(welcomeVariant(applicant({ num_logins: 0 }))).toBeNull();
    expect(welcomeVariant(applicant({ num_logins: 0, web_status: 'submitted' }))).toBe('visitor');
  });
});

describe('WelcomeBanner', () => {
  const renderBanner = (snapshot: ClientSnapshot) => {
    const onAccountRoute = vi.fn();
    const view = render(<WelcomeBanner snapshot={snapshot} onAccountRoute={onAccountRoute} />);
    return { ...view, onAccountRoute };
  };

  it("says YOU'RE IN! with a let's-get-started blurb on the first login", () => {
    renderBanner(applicant({ num_logins: 1 }));
    const banner = screen.getByRole('region', { name: "YOU'RE IN!" });
    expect(banner).toHaveTextContent("Let's get started");
  });

  it('says WELCOME BACK! with an almost-there blurb from the second login on', () => {
    renderBanner(applicant({ num_logins: 2 }));
    const banner = screen.getByRole('region', { name: 'WELCOME BACK!' });
    expect(banner).toHaveTextContent("You're almost there");
  });

  it('says Welcome! to a visitor, with links to create an account and to log back in', async () => {
    const { onAccountRoute } = renderBanner(visitorSnapshot);
    screen.getByRole('region', { name: 'Welcome!' });
    const create = screen.getByRole('link', { name: 'create an account' });
    const login = screen.getByRole('link', { name: 'log back in' });
    expect(create).toHaveAttribute('href', '/signup');
    expect(login).toHaveAttribute('href', '/login');

    const user = userEvent.setup();
    await user.click(create);
    await user.click(login);
    expect(onAccountRoute.mock.calls).toEqual([['/signup'], ['/login']]);
  });

  it('renders nothing while validating', () => {
    const { container } = renderBanner(applicant({ web_status: 'validating' }));
    expect(container.innerHTML).toBe('');
  });
});

describe('the welcome banner in the application', () => {
  it('counts logins from the profile: two or more is a return visit', async () => {
    logIn();
    fakeServer(
      profileRoute(
        profileOf({
          successful_login: ['2025-01-01', '2025-01-02'],
          web_status: statuses('started'),
        }),
      ),
    );
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'WELCOME BACK!' })).toBeInTheDocument();
  });

  it('hides once the applicant moves on with Save/Next', async () => {
    logIn();
    fakeServer({
      ...profileRoute(profileOf()),
      'PUT /api/answer': jsonResponse({ message: 'Your answers have been saved.' }),
    });
    const { user } = renderApp('/about');
    expect(await screen.findByRole('heading', { name: "YOU'RE IN!" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save/Next' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('education') }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "YOU'RE IN!" })).not.toBeInTheDocument();
  });
});
