import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import complete from '../../fixtures/answers/complete.json';
import type { PageDefinition } from '../../../src/engine/definitions';
import { pageKeys } from '../../../src/engine/page-fields';
import { loadFormsRuntime } from '../../../src/server/application/load-forms-runtime';
import { keysWithHiddenCharacters } from '../../../src/server/application/hidden-character-answers';
import { errorCatalogue } from '../../../src/server/errors';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';

const fieldMessage = errorCatalogue.ANSWER_HIDDEN_CHARACTERS.message;

/** A fixture page with a one-line and a multi-line question. */
const page: PageDefinition = {
  id: 'about',
  title: 'About',
  step: 1,
  route: '/about',
  errorSummary: [],
  sections: [
    {
      id: 'words',
      questions: [
        { type: 'text', key: 'nickname', label: 'Nickname' },
        { type: 'textarea', key: 'essay', label: 'Essay' },
      ],
    },
  ],
};

describe('keysWithHiddenCharacters', () => {
  it('allows TAB and LF in a text area only, and nothing hidden in either', () => {
    const forms = { pages: [page] };
    expect(keysWithHiddenCharacters(forms, { nickname: 'Ada', essay: 'one\n\ttwo' })).toEqual([]);
    expect(keysWithHiddenCharacters(forms, { nickname: 'A\nda', essay: 'ok' })).toEqual([
      'nickname',
    ]);
    expect(keysWithHiddenCharacters(forms, { nickname: 'Ada', essay: 'evil\u202e' })).toEqual([
      'essay',
    ]);
    // A key on no page is held to the one-line rule.
    expect(keysWithHiddenCharacters(forms, { other: 'a\tb' })).toEqual(['other']);
  });
});

// Answers are refused at save and at submit with the catalogue's message (issue 41, F10).
describe.each(databases)('answers with hidden characters on $name', ({ url }) => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(url);
    cookies = await signedIn(t, 'ada@example.org');
  });
  afterEach(async () => {
    await t.close();
  });

  const stored = async () =>
    Object.fromEntries(
      (await t.db.selectFrom('answers').select(['key', 'value']).execute()).map((row) => [
        row.key,
        row.value,
      ]),
    );

  it('refuses a save with ESC, BEL or a right-to-left override in a name, naming the fields', async () => {
    for (const bad of ['Ada\u001b[31m', 'Ada\u0007', 'Ada\u202eecilA']) {
      const response = await t.call(
        'PUT',
        '/api/answer',
        { first_name: bad, last_name: 'Lovelace' },
        cookies,
      );
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: errorCatalogue.ANSWERS_HIDDEN_CHARACTERS.message.replace('%s', 'first_name'),
        errors: { first_name: [fieldMessage] },
      });
    }
    expect(await stored()).toEqual({});
    const visitor = await t.call('POST', '/public/tmp', { answer: { first_name: 'A\u202eB' } });
    expect(visitor.statusCode).toBe(400);
  });

  it('keeps a lone surrogate becoming U+FFFD, as before', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      cookies,
      payload: '{"first_name":"A\\ud800B"}',
    });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toMatchObject({ first_name: 'A\ufffdB' });
  });

  it('refuses to submit an answer stored with one, beside its question', async () => {
    expect((await t.call('PUT', '/api/answer', complete, cookies)).statusCode).toBe(200);
    const { id } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'ada@example.org')
      .executeTakeFirstOrThrow();
    // As if saved before the rule: straight into the table.
    await t.db
      .updateTable('answers')
      .set({ value: 'Ada\u001b' })
      .where('account_id', '=', id)
      .where('key', '=', 'first_name')
      .execute();
    const response = await t.call('POST', '/api/submit', {}, cookies);
    expect(response.statusCode).toBe(errorCatalogue.APPLICATION_INCOMPLETE.status);
    expect(response.json().code).toBe('APPLICATION_INCOMPLETE');
    // Only this: the rest of the fixture's answers are a complete application.
    const about = loadFormsRuntime().pages.find((page) => pageKeys(page).includes('first_name'));
    expect(response.json().errors).toEqual({ [`${about!.id}.first_name`]: [fieldMessage] });
    expect(await t.db.selectFrom('submissions').select('account_id').execute()).toEqual([]);
  });
});
