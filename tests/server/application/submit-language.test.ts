/**
 * Submit in the applicant's language (issue 40): a refused Submit's messages come in the language
 * of the request (the `lang` cookie, else Accept-Language), from the same compiled validators.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localeCookie } from '../../../src/contract/locale';
import { requiredMessage } from '../../helpers/shipped-texts';
import { everySpanishText, spanishBuiltIn, spanishMessage } from '../../helpers/spanish-texts';
import { createTestApp, signedIn, type TestApp } from '../helpers/test-app';

describe('a refused submit in the applicant’s language', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp();
    cookies = await signedIn(t, 'ana@example.org');
    await t.call('PUT', '/api/answer', { first_name: 'Ana', gender: 'Q' }, cookies);
  });
  afterEach(async () => {
    await t.close();
  });

  const refused = async (extra: Record<string, string>) => {
    const response = await t.call('POST', '/api/submit', {}, { ...cookies, ...extra });
    expect(response.statusCode).toBe(422);
    return response.json().errors as Record<string, string[]>;
  };

  it('answers in Spanish when the applicant chose Español, every message of every page', async () => {
    const errors = await refused({ [localeCookie]: 'es' });
    expect(errors['about.last_name']).toEqual([
      spanishMessage('about', 'last_name', requiredMessage('last_name')),
    ]);
    expect(errors['about.gender']).toEqual([spanishBuiltIn('notAnOption')]);
    const spanish = everySpanishText();
    const messages = Object.values(errors).flat();
    expect(messages.length).toBeGreaterThan(5);
    expect(messages.filter((m) => !spanish.has(m))).toEqual([]);
  });

  it('answers in English when the applicant chose English', async () => {
    const errors = await refused({ [localeCookie]: 'en' });
    expect(errors['about.last_name']).toEqual([requiredMessage('last_name')]);
  });
});
