// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { admin, applicationList, staffServer } from './staff-fakes';
import { siteConfig } from '../../../src/forms/site-config';

const qrSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';

describe('staff sign-in at /staff/login', () => {
  it('signs in with a password and, the first time, sets up TOTP from the QR code', async () => {
    const { calls } = staffServer({
      'GET /api/staff/sign-in-options': jsonResponse({ oidc: false }),
      'POST /api/staff/login': jsonResponse({ next: 'totp-setup' }),
      'GET /api/staff/totp/setup': jsonResponse({
        otpauthUri: 'otpauth://totp/Admissions:registrar%40example.edu?secret=JBSWY3DPEHPK3PXP',
        qrSvg,
        secret: 'JBSWY3DPEHPK3PXP',
      }),
      'POST /api/staff/totp': jsonResponse(admin),
      'GET /api/staff/applications': jsonResponse(applicationList([])),
    });
    const { user, app } = renderApp('/staff/login');

    await screen.findByRole('heading', { level: 1, name: 'Staff sign in' });
    // Whose console this is: the university's name from forms/site.json.
    expect(screen.getByRole('main')).toHaveTextContent(siteConfig.university.name);
    expect(screen.queryByRole('link', { name: 'Sign in with single sign-on' })).toBeNull();
    await user.type(screen.getByLabelText('E-mail address'), 'registrar@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator' });
    const qr = await screen.findByRole('img', { name: /QR code/ });
    // The server's SVG is an image's address, never markup in the page.
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`,
    );
    expect(document.querySelector('main svg')).toBeNull();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeVisible();
    expect(calls.some((c) => c.url === '/api/staff/totp')).toBe(false);

    await user.type(screen.getByLabelText('6-digit code'), '6');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    expect(app.router.state.location.pathname).toBe('/staff');
    expect(screen.getByRole('banner')).toHaveTextContent('registrar@example.edu');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/staff/login', { email: 'registrar@example.edu', password: 'Correct-Horse-42' }],
      ['/api/staff/totp', { code: '123456' }],
    ]);
  });

  it('asks a member with a generated password to choose their own before the authenticator', async () => {
    const { calls } = staffServer({
      'GET /api/staff/sign-in-options': jsonResponse({ oidc: false }),
      'POST /api/staff/login': jsonResponse({ next: 'password-change' }),
      'POST /api/staff/password': jsonResponse({ next: 'totp-setup' }),
      'GET /api/staff/totp/setup': jsonResponse({
        otpauthUri: 'otpauth://totp/Admissions:lin%40example.edu?secret=JBSWY3DPEHPK3PXP',
        qrSvg,
        secret: 'JBSWY3DPEHPK3PXP',
      }),
    });
    const { user } = renderApp('/staff/login');
    await user.type(await screen.findByLabelText('E-mail address'), 'lin@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Gen3rated-Temporary!x');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Choose your own password' });
    const field = screen.getByLabelText('New password');
    const again = screen.getByLabelText('Type the new password again');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    expect(again).toHaveAttribute('type', 'password');
    // The toggle shows both as text, and hides them again.
    await user.click(screen.getByLabelText('Show the passwords'));
    expect([field.getAttribute('type'), again.getAttribute('type')]).toEqual(['text', 'text']);
    await user.click(screen.getByLabelText('Show the passwords'));
    expect([field.getAttribute('type'), again.getAttribute('type')]).toEqual([
      'password',
      'password',
    ]);
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Not sent while a rule is unmet; the checklist says which, and the field has focus.
    expect(calls.some((c) => c.url === '/api/staff/password')).toBe(false);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const unmet = document.querySelectorAll('.requirement[data-state="error"]');
    expect(unmet.length).toBeGreaterThan(0);

    await user.clear(field);
    await user.type(field, 'Lin-Own-Password-7!');
    expect(document.querySelectorAll('.requirement[data-state="error"]')).toHaveLength(0);
    // Typed differently the second time: said, and not sent.
    await user.type(again, 'Lin-Own-Password-8!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      screen.getByText('The two passwords are not the same. Type the new password again.'),
    ).toBeVisible();
    expect(again).toHaveFocus();
    expect(calls.some((c) => c.url === '/api/staff/password')).toBe(false);
    await user.clear(again);
    await user.type(again, 'Lin-Own-Password-7!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/staff/login', { email: 'lin@example.edu', password: 'Gen3rated-Temporary!x' }],
      ['/api/staff/password', { password: 'Lin-Own-Password-7!' }],
    ]);
  });

  it('asks only for the code once TOTP is set up, and shows the server’s message for a wrong one', async () => {
    staffServer({
      'GET /api/staff/sign-in-options': jsonResponse({ oidc: false }),
      'POST /api/staff/login': jsonResponse({ next: 'totp' }),
      'POST /api/staff/totp': jsonResponse(
        { code: 'STAFF_TOTP_INVALID', message: 'That code is not right. Try the current one.' },
        400,
      ),
    });
    const { user } = renderApp('/staff/login');
    await user.type(await screen.findByLabelText('E-mail address'), 'registrar@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    expect(screen.queryByRole('img')).toBeNull();
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Try the current one.',
    );
    expect(document.title).toMatch(/^Error: /);
  });

  it('shows the server’s message for wrong credentials', async () => {
    staffServer({
      'GET /api/staff/sign-in-options': jsonResponse({ oidc: false }),
      'POST /api/staff/login': jsonResponse(
        {
          code: 'STAFF_CREDENTIALS_INVALID',
          message: 'The e-mail address or password is not right.',
        },
        400,
      ),
    });
    const { user } = renderApp('/staff/login');
    await user.type(await screen.findByLabelText('E-mail address'), 'someone@example.edu');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address or password is not right.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
  });

  it('offers single sign-on when the server has it, and says when it was refused', async () => {
    staffServer({ 'GET /api/staff/sign-in-options': jsonResponse({ oidc: true }) });
    renderApp('/staff/login?error=sso');
    const sso = await screen.findByRole('link', { name: 'Sign in with single sign-on' });
    expect(sso).toHaveAttribute('href', '/api/staff/oidc/start');
    expect(screen.getByRole('alert')).toHaveTextContent(/Single sign-on did not sign you in/);
  });
});
