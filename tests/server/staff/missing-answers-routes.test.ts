/**
 * GET /api/staff/applications/:accountId/missing (issue 44): what a validating applicant must
 * still put right, by page and summary group, from the same validation the applicant runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databases,
  fixtureForms,
  fixtureMessage,
  type TestApp,
} from '../helpers/test-app';
import type { PageDefinition } from '../../../src/engine/definitions';
import type { FormsRuntime } from '../../../src/server/application/forms-runtime';
import { addStaff } from './staff-helpers';
import { applicant } from './staff-seed';

// Only what the error summary reads of a page (its step, id, title, route and groups), and no
// sections: nothing for the answer checks to walk.
const aboutPage = {
  id: 'about',
  sections: [],
  title: 'About You (fixture)',
  route: '/about',
  step: 1,
  errorSummary: [{ id: 'name', title: 'Name (fixture)', keys: ['first_name', 'last_name'] }],
} as unknown as PageDefinition;

const forms: FormsRuntime = {
  ...fixtureForms,
  pages: [aboutPage],
  validateAll: ({ answers }) => ({
    about: {
      ...(answers.first_name ? {} : { first_name: [fixtureMessage] }),
      ...(answers.last_name ? {} : { last_name: ['Last name missing (fixture).', fixtureMessage] }),
    },
  }),
};

describe.each(databases)('a validating applicant’s missing answers ($name)', ({ url }) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('lists each page’s groups with their messages once, and audits the read', async () => {
    t = await createTestApp(url, {}, forms);
    const reader = await addStaff(t, 'reader', { email: 'reader@staff.example.edu' });
    const grace = await applicant(t, 'grace@example.com', { status: 'validating' });
    const missing = await t.call(
      'GET',
      `/api/staff/applications/${grace.accountId}/missing`,
      undefined,
      reader.cookies,
    );
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json()).toEqual({
      pages: [
        {
          page: 'about',
          title: 'About You (fixture)',
          groups: [
            {
              title: 'Name (fixture)',
              messages: [fixtureMessage, 'Last name missing (fixture).'],
            },
          ],
        },
      ],
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', '=', 'application.read')
      .execute();
    expect(audit).toEqual([
      { actor: 'staff:reader@staff.example.edu', action: 'application.read' },
    ]);

    const done = await applicant(t, 'ada@example.com', {
      answers: { first_name: 'Ada', last_name: 'Lovelace' },
      status: 'validating',
    });
    const none = await t.call(
      'GET',
      `/api/staff/applications/${done.accountId}/missing`,
      undefined,
      reader.cookies,
    );
    expect(none.json()).toEqual({ pages: [] });
  });

  it('answers 404 for an account that does not exist, and 401 without a staff session', async () => {
    t = await createTestApp(url, {}, forms);
    const reader = await addStaff(t, 'reader');
    const unknown = await t.call(
      'GET',
      '/api/staff/applications/00000000-0000-4000-8000-000000000000/missing',
      undefined,
      reader.cookies,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('APPLICATION_NOT_FOUND');
    const anonymous = await t.call(
      'GET',
      '/api/staff/applications/00000000-0000-4000-8000-000000000000/missing',
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
