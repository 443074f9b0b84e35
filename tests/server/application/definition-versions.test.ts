import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { createDocuments } from '../../../src/server/documents';
import { loadSite } from '../../../src/server/site';
import type { FormsRuntime } from '../../../src/server/application/forms-runtime';
import { loadFormsRuntime } from '../../../src/server/application/load-forms-runtime';
import { fileAnswerKeys } from '../../../src/engine/page-fields';
import { validateApplication } from '../../../src/engine/page-validation';
import { pageValidator } from '../../../src/forms/page-validators';
import { requiredAnswers } from '../../fixtures/answers/required';
import { editDataModel, editPages, edits } from '../../fixtures/edited-forms';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { labelOf, pageTitle } from '../../helpers/shipped-texts';

const today = loadFormsRuntime();

/** Today's forms edited as tests/fixtures/edited-forms.ts says: a deploy of new definitions. */
function editedForms(): FormsRuntime {
  const pages = editPages(today.pages);
  const schemas = {
    ...today.definitions.schemas,
    'answers.schema.json': editDataModel(
      today.definitions.schemas['answers.schema.json'] as { properties: Record<string, unknown> },
    ),
  };
  return {
    ...today,
    version: 'edited-version',
    label: edits.label,
    knownKeys: new Set(
      Object.keys((schemas['answers.schema.json'] as { properties: object }).properties),
    ),
    fileKeys: fileAnswerKeys(pages),
    pages,
    definitions: { pages, schemas },
    validateAll: (state, now) => validateApplication(pages, pageValidator, state, { now }),
  };
}

describe.each(databases)('definition versions on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  let deployed: FastifyInstance[] = [];
  beforeEach(async () => {
    t = await createTestApp(url, {}, today);
    ada = await signedIn(t, 'ada@example.org');
  });
  afterEach(async () => {
    for (const app of deployed) await app.close();
    deployed = [];
    await t.close();
  });

  /** A second server on the same database running other definitions, as after a deploy. */
  async function deploy(forms: FormsRuntime): Promise<FastifyInstance> {
    const { config, db, clock } = t;
    const documents = createDocuments({ config, db, clock, forms, site: loadSite() });
    const mailer = { send: async () => {} };
    const app = await buildApp({ config, db, clock, mailer, logger: false, forms, documents });
    deployed.push(app);
    await app.ready();
    return app;
  }

  const call = (
    app: FastifyInstance,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body?: object,
  ) =>
    app.inject({
      method,
      url: path,
      headers: {
        origin: t.config.publicUrl,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
      cookies: ada,
    });

  const savedVersion = async () =>
    (
      await t.db
        .selectFrom('accounts')
        .select('forms_version')
        .where('username', '=', 'ada@example.org')
        .executeTakeFirstOrThrow()
    ).forms_version;

  it('keeps the definitions of the version a server runs, once, with its label', async () => {
    await deploy(editedForms());
    const snapshots = await t.db
      .selectFrom('definition_snapshots')
      .select(['version', 'label', 'definitions'])
      .orderBy('label')
      .execute();
    expect(snapshots.map((s) => [s.version, s.label])).toEqual([
      [today.version, '2027 entry, edition 1'],
      ['edited-version', edits.label],
    ]);
    const kept = JSON.parse(snapshots[0]!.definitions) as FormsRuntime['definitions'];
    expect(kept.pages).toEqual(JSON.parse(JSON.stringify(today.pages)));
    expect(Object.keys(kept.schemas)).toContain('about.schema.json');
  });

  it('records the version of each save on the account', async () => {
    expect(await savedVersion()).toBeNull();
    await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada);
    expect(await savedVersion()).toBe(today.version);
    const after = await deploy(editedForms());
    await call(after, 'PUT', '/api/answer', { last_name: 'Lovelace' });
    expect(await savedVersion()).toBe('edited-version');
  });

  it('tells a returning applicant what changed since their last save, until they save again', async () => {
    const before = { ...requiredAnswers, gender: 'X', preferred_name: 'Ace' };
    expect((await t.call('PUT', '/api/answer', before, ada)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/profile', undefined, ada)).json()).not.toHaveProperty(
      'definition_changes',
    );

    const after = await deploy(editedForms());
    const profile = (await call(after, 'GET', '/api/profile')).json();
    expect(profile.definition_changes).toEqual({
      since: '2027 entry, edition 1',
      pages: [
        {
          page: 'about',
          title: pageTitle('about'),
          route: '/about',
          added: [{ key: 'pronouns', label: 'Pronouns', href: '/about#pronouns' }],
          options: [
            {
              key: 'gender',
              label: labelOf('gender'),
              href: '/about#gender',
              was: edits.removedOption.label,
            },
          ],
          removed: ['preferred_name'],
        },
        {
          page: 'education',
          title: pageTitle('education'),
          route: '/education',
          added: [
            {
              key: 'counselor_phone',
              label: 'Counselor Phone',
              href: '/education#counselor_phone',
            },
          ],
          options: [],
          removed: [],
        },
      ],
    });
    // The answer to the removed question is kept but never handed to the page.
    expect(profile.answer).not.toHaveProperty('preferred_name');
    expect(profile.answer.first_name).toBe('Ada');

    expect((await call(after, 'PUT', '/api/answer', { gender: 'F' })).statusCode).toBe(200);
    expect((await call(after, 'GET', '/api/profile')).json()).not.toHaveProperty(
      'definition_changes',
    );
  });

  it('keeps the answer to a removed question through saves and submit, in the frozen copy', async () => {
    await t.call('PUT', '/api/answer', { ...requiredAnswers, preferred_name: 'Ace' }, ada);
    const after = await deploy(editedForms());
    // The page sends back only what changed; a stale key sent back is refused, not stored.
    const stale = await call(after, 'PUT', '/api/answer', { preferred_name: '' });
    expect(stale.statusCode).toBe(400);
    const save = await call(after, 'PUT', '/api/answer', {
      pronouns: 'she/her',
      counselor_phone: '1',
    });
    expect(save.statusCode).toBe(200);
    const submit = await call(after, 'POST', '/api/submit', {});
    expect(submit.statusCode).toBe(200);
    const frozen = await t.db.selectFrom('submissions').selectAll().executeTakeFirstOrThrow();
    expect(frozen.forms_version).toBe('edited-version');
    expect(JSON.parse(frozen.answers)).toMatchObject({
      preferred_name: 'Ace',
      pronouns: 'she/her',
      first_name: 'Ada',
    });
    const stored = await t.db
      .selectFrom('answers')
      .select('value')
      .where('key', '=', 'preferred_name')
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe('Ace');
    // Submitted, then the forms change again: nothing is announced to a finished application.
    const later = await deploy({ ...today, version: 'later-version', label: 'later' });
    expect((await call(later, 'GET', '/api/profile')).json()).not.toHaveProperty(
      'definition_changes',
    );
  });

  it("hands back a visitor's answers without removed keys, and keeps them when claimed", async () => {
    const kept = await t.call('POST', '/public/tmp', {
      answer: { first_name: 'Ada', preferred_name: 'Ace' },
    });
    const { token } = kept.json() as { token: string };
    const after = await deploy(editedForms());
    const read = await after.inject({ method: 'GET', url: `/public/tmp?token=${token}` });
    expect(read.json()).toEqual({ answer: { first_name: 'Ada' } });
    const claim = await call(after, 'POST', '/api/visitor-answers/claim', { token });
    expect(claim.json()).toEqual({ answer: { first_name: 'Ada' } });
    const stored = await t.db
      .selectFrom('answers')
      .select('value')
      .where('key', '=', 'preferred_name')
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe('Ace');
  });

  it('reports nothing to an applicant whose last save has no version kept', async () => {
    await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada);
    await t.db.updateTable('accounts').set({ forms_version: 'never-kept' }).execute();
    const profile = (await t.call('GET', '/api/profile', undefined, ada)).json();
    expect(profile).not.toHaveProperty('definition_changes');
  });
});
