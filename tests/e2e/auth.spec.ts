import { expect, test, type Page } from '@playwright/test';
import { passwordField, uniqueEmail } from './journey';
import { waitForMail } from './outbox';

async function signUpAndConfirm(page: Page, email: string, password: string) {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveValue(email);

  const [, code] = await waitForMail(email, /Your confirmation code is (\d{6})/);
  await page.getByLabel('Confirmation Code').fill(code ?? '');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('.notice--success')).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('sign up, confirm with the e-mailed code, log in and log out', async ({ page }) => {
  const email = uniqueEmail('applicant');
  const password = 'Correct-Horse-42';

  await signUpAndConfirm(page, email, password);
  await logIn(page, email, password);

  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId('username')).toHaveText(email);

  // Log Out sits in the account menu of the form layout.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();

  // The session is gone: the form page no longer knows the applicant.
  await page.goto('/about');
  await expect(page.getByTestId('username')).toHaveCount(0);
});

test('forgot password, reset with the e-mailed link and log in with the new password', async ({
  page,
}) => {
  const email = uniqueEmail('applicant');
  const oldPassword = 'Correct-Horse-42';
  const newPassword = 'Battery-Staple-77';

  await signUpAndConfirm(page, email, oldPassword);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  const toast = page.locator('.toast--success');
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);

  const [, link] = await waitForMail(
    email,
    /Open this link to choose a new password: (\S+\/reset\?\S+)/,
  );
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await passwordField(page).fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('.notice--success')).toBeVisible();

  await logIn(page, email, oldPassword);
  await expect(page.getByRole('alert').filter({ hasText: 'Log In Error' })).toBeVisible();

  await passwordField(page).fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId('username')).toHaveText(email);
});

test('each account screen starts at its heading; Log In has the address just confirmed', async ({
  page,
}) => {
  const email = uniqueEmail('focus');
  const password = 'Correct-Horse-42';
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeFocused();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Account' })).toBeFocused();

  const [, code] = await waitForMail(email, /Your confirmation code is (\d{6})/);
  await page.getByLabel('Confirmation Code').fill(code ?? '');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeFocused();
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  // Only the password is left to type.
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId('username')).toHaveText(email);
});
