/**
 * Staff single sign-on in a real browser (issue 17): an admin added by `npm run staff` signs in
 * through the OpenID Connect provider that playwright.config.ts starts beside the server (the
 * provider's own sign-in and consent pages), and lands in the console signed in. An e-mail that
 * is not staff is sent back to the login page.
 */
import { expect, test, type Page } from '@playwright/test';
import { oidcPort, ssoAdminEmail } from '../../playwright.config';
import { staffMessages } from '../../src/client/staff/staff-messages';
import { addStaffByCli } from './staff-cli';

/** Signs in at the provider's development pages as `login`, and consents. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${oidcPort}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a staff member signs in through single sign-on', async ({ page }) => {
  expect(await addStaffByCli(ssoAdminEmail, 'admin')).toContain(`Added ${ssoAdminEmail} as admin.`);

  await page.goto('/staff/login');
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
  await signInAtProvider(page, 'sso-admin');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('banner')).toContainText(ssoAdminEmail);
  const me = await page.request.get('/api/staff/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toEqual({ email: ssoAdminEmail, role: 'admin' });
});

test('an e-mail that is not staff is sent back to the login page', async ({ page }) => {
  await page.goto('/staff/login');
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
  await signInAtProvider(page, 'stranger@example.org');
  await expect(page).toHaveURL(/\/staff\/login\?error=sso$/);
  await expect(page.getByText(staffMessages.ssoRefused)).toBeVisible();
  expect((await page.request.get('/api/staff/me')).status()).toBe(401);
});
