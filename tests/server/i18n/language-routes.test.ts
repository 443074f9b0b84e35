import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cookieJar,
  createTestApp,
  databases,
  lastResetId,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../helpers/test-app';
import type { MailMessage } from '../../../src/server/mail/templates';
import { englishCatalogue } from '../../../src/server/i18n/english-catalogue';
import spanish from '../../../src/server/i18n/messages.es.json';
import { errorCatalogue } from '../../../src/server/errors';
import { validate } from '../../../src/engine/validation';
import { passwordRequirements } from '../../../src/engine/password-requirements';
import { validators } from '../../../src/server/identity/account-bodies';
import { messageTranslatorIn, siteConfigIn } from '../../../src/forms/forms-in-language';

const es = spanish as Record<string, string>;
const { name: university, applicationTitle } = siteConfigIn('es').university;
const USER = 'ana@example.org';
const SPANISH = { lang: 'es' };

/** A catalogue text's fixed words: the parts between its placeholders. */
const fixedParts = (message: string) =>
  message
    .split(/\{\w+\}/)
    .map((part) => part.trim())
    .filter((part) => part.length > 3);

/** The English mail sentences a message holds (none, for a Spanish one). */
function englishIn(mail: MailMessage): string[] {
  const english = Object.entries(englishCatalogue)
    .filter(([id]) => id.startsWith('mail.'))
    .flatMap(([id, message]) => fixedParts(message).map((part) => `${id}: ${part}`));
  const said = `${mail.subject}\n${mail.text}\n${mail.html}`;
  return english.filter((entry) => said.includes(entry.slice(entry.indexOf(': ') + 2)));
}

const codeIn = (mail: MailMessage | undefined) => mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';

describe.each(databases)('the account’s language ($name)', ({ url }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(url);
  });
  afterEach(() => t.close());

  /** Signs up and confirms in Spanish; the account is then Spanish. */
  async function spanishAccount() {
    const signUp = await t.call(
      'POST',
      '/public/signup',
      { username: USER, password: PASSWORD },
      SPANISH,
    );
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toEqual({ message: es['messages.signedUp'] });
    const code = codeIn(t.mail.at(-1));
    const confirm = await t.call(
      'POST',
      '/public/confirm',
      { username: USER, code },
      {
        ...SPANISH,
        ...cookieJar(signUp),
      },
    );
    expect(confirm.json()).toEqual({ message: es['messages.confirmed'] });
  }

  it('records the sign-up’s language and mails its code in it, with no English', async () => {
    await spanishAccount();
    const mail = t.mail.at(-1)!;
    expect(mail.subject).toBe(es['mail.confirmationSubject']!.replace('{university}', university));
    expect(mail.text).toContain(es['mail.confirmationCode']!.replace('{code}', codeIn(mail)));
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toContain(`${university}, ${applicationTitle}.`);
    expect(englishIn(mail)).toEqual([]);
  });

  it('follows the applicant to another browser: login answers and sets the account’s language', async () => {
    await spanishAccount();
    // A browser that never chose: no cookie, so the request is English.
    const login = await t.call('POST', '/public/login', { username: USER, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      message: es['messages.loggedIn'],
      username: USER,
      language: 'es',
    });
    const lang = login.cookies.find((c) => c.name === 'lang');
    expect(lang).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax' });
    expect(lang?.httpOnly).toBeFalsy();
    const profile = await t.call('GET', '/api/profile', undefined, cookieJar(login));
    expect(profile.json()).toMatchObject({ language: 'es' });
  });

  it('mails a Spanish account’s password reset in Spanish, with no English', async () => {
    await spanishAccount();
    // Asked for from an English browser: the account's language decides.
    await t.call('POST', '/public/forgot-password', { username: USER });
    const mail = t.mail.at(-1)!;
    expect(mail.subject).toBe(es['mail.resetSubject']!.replace('{university}', university));
    expect(mail.text).toContain(es['mail.resetExpires']);
    expect(lastResetId(t.mail, USER)).not.toBe('');
    expect(englishIn(mail)).toEqual([]);
  });

  it('keeps a choice of language on the account and in the browser', async () => {
    const cookies = await signedIn(t, USER);
    expect((await t.call('GET', '/api/profile', undefined, cookies)).json()).toMatchObject({
      language: 'en',
    });
    const chosen = await t.call('PUT', '/api/profile/language', { language: 'es' }, cookies);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ message: es['messages.saved'] });
    expect(chosen.cookies.find((c) => c.name === 'lang')?.value).toBe('es');
    expect((await t.call('GET', '/api/profile', undefined, cookies)).json()).toMatchObject({
      language: 'es',
    });
    await t.call('POST', '/public/forgot-password', { username: USER });
    expect(t.mail.at(-1)!.subject).toBe(
      es['mail.resetSubject']!.replace('{university}', university),
    );
  });

  it('refuses a language that is not ours, or no language, with a 400', async () => {
    const cookies = await signedIn(t, USER);
    for (const body of [{ language: 'fr' }, {}, { language: 'es', more: 1 }, { language: 1 }]) {
      const refused = await t.call('PUT', '/api/profile/language', body, cookies);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST' });
      expect(refused.json().message).toMatch(/^The request is not valid: .+\.$/);
    }
    expect((await t.call('GET', '/api/profile', undefined, cookies)).json()).toMatchObject({
      language: 'en',
    });
  });

  it('answers a choice without a session with a 401', async () => {
    const refused = await t.call('PUT', '/api/profile/language', { language: 'es' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: englishCatalogue['errors.UNAUTHORIZED'],
    });
  });
});

describe('errors in the request’s language', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('');
  });
  afterEach(() => t.close());

  it('says a refusal in Spanish for the lang cookie, and in English without it', async () => {
    const body = { username: USER, password: 'Wrong-Password-1' };
    const spanishReply = await t.call('POST', '/public/login', body, SPANISH);
    expect(spanishReply.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: es['errors.INVALID_CREDENTIALS'],
    });
    const englishReply = await t.call('POST', '/public/login', body);
    expect(englishReply.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: englishCatalogue['errors.INVALID_CREDENTIALS'],
    });
  });

  it('says an account form’s rule messages in Spanish, from the same validators', async () => {
    const body = { username: 'ana', password: 'short' };
    const english = validate(validators.signup, body);
    const expected = validate(validators.signup, body, { translate: messageTranslatorIn('es') });
    expect(expected.username).not.toEqual(english.username);
    const refused = await t.call('POST', '/public/signup', body, SPANISH);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'BAD_REQUEST',
      message: expected.username![0],
      errors: expected,
    });
  });

  it('names the password requirements not yet met in Spanish', async () => {
    const body = { username: USER, password: 'short' };
    const english = validate(validators.signup, body).password!;
    const said = validate(validators.signup, body, {
      translate: messageTranslatorIn('es'),
    }).password!;
    const unmet = said.filter((_, i) =>
      (passwordRequirements as readonly string[]).includes(english[i]!),
    );
    expect(unmet.length).toBeGreaterThan(0);
    expect(said).not.toEqual(english);
    const refused = await t.call('POST', '/public/signup', body, SPANISH);
    expect(refused.json()).toEqual({
      code: 'BAD_REQUEST',
      message: es['errors.PASSWORD_REQUIREMENTS_UNMET']!.replace('{0}', unmet.join('; ')),
      errors: { password: said },
    });
  });

  it('follows Accept-Language when there is no cookie, and the cookie over it', async () => {
    const inject = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { origin: t.config.publicUrl, ...headers },
      });
    const mexico = await inject({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(mexico.json()).toEqual({ code: 'UNAUTHORIZED', message: es['errors.UNAUTHORIZED'] });
    const chosen = await inject({ 'accept-language': 'es-MX', cookie: 'lang=en' });
    expect(chosen.json().message).toBe(englishCatalogue['errors.UNAUTHORIZED']);
  });

  it('fills a Spanish error’s values, and keeps staff routes in English', async () => {
    const cookies = { ...(await signedIn(t, USER)), ...SPANISH };
    const unknown = await t.call('PUT', '/api/last-page', { last_page: '/nowhere' }, cookies);
    expect(unknown.statusCode).toBe(400);
    const template = es['errors.LAST_PAGE_UNKNOWN']!;
    expect(unknown.json().message).toMatch(new RegExp(`^${template.split('{0}')[0]}.+\\.$`));
    const staff = await t.call('GET', '/api/staff/me', undefined, SPANISH);
    expect(staff.statusCode).toBe(401);
    expect(staff.json().message).toBe(errorCatalogue.STAFF_UNAUTHORIZED.message);
  });
});
