/** Steps the e2e journeys share: an applicant signed in through the real screens, answers saved, a file. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir, e2ePort } from '../../playwright.config';
import { waitForMail } from './outbox';
import { requiredAnswers } from '../fixtures/answers/required';
import { pageTitle } from '../helpers/shipped-texts';

const run = promisify(execFile);

/** An address no other test uses, so tests never share an account. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.edu`;

/** Answers that pass every page's validation. */
export const completeAnswers: Record<string, string> = { ...requiredAnswers };

export const password = 'Correct-Horse-42';
export const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

/** Sign Up → Confirm (code from the outbox) → Log In, ending on About You. */
export async function signUpConfirmAndLogIn(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  const [, code] = await waitForMail(email, /Your confirmation code is (\d{6})/);
  await page.getByLabel('Confirmation Code').fill(code ?? '');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: pageTitle('about') })).toBeVisible();
}

/**
 * Resolves once the page has fetched the idle timer's code (a chunk of its own, loaded lazily
 * once an applicant is signed in). Called before signing in, so that the fetch cannot be missed.
 */
export function idleTimerFetched(page: Page): Promise<unknown> {
  return page
    .waitForResponse((response) => /\/inactivity-guard-[\w-]+\.js$/.test(response.url()))
    .then((response) => response.finished());
}

/**
 * Waits until the idle timer counts: it starts when its guard mounts, so a fake clock moved before
 * then moves nothing the timer sees. `networkidle` alone did not do: a client-side navigation does
 * not reset it, so after signing in it could hold already while the guard's chunk was on its way
 * (the inactivity test failed about 1 run in 10 that way).
 */
export async function idleTimerLoaded(page: Page, fetched: Promise<unknown>) {
  await fetched;
  await page.waitForLoadState('networkidle');
  // The module evaluated, the guard rendered, its effect run: a few frames.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 3;
        const next = () => (--frames === 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
}

/** Saves answers through the API, from the page (same origin, same session). */
export async function saveAnswers(page: Page, answers: Record<string, string>) {
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/api/answer', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return response.status;
  }, answers);
  expect(status).toBe(200);
}

/** A valid PNG of one pixel: signature, IHDR, one IDAT row, IEND. */
export function onePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const row = Buffer.from([0, 0x1d, 0x3e, 0x72, 0xff]); // filter byte, one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(row)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A staff link from `npm run service-link`, run with the e2e server's environment, so it reads
 * the same database and signs with the same secret (DATA_DIR/session-secret).
 */
export async function serviceLink(email: string): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'scripts/service-link.ts', email], {
    env: {
      ...process.env,
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  const link = stdout.trim().split('\n').pop() ?? '';
  expect(link).toMatch(/\/about\?service_token=[^&\s]+$/);
  return link;
}
