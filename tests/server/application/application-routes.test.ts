import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../../../src/server/identity/sessions';
import {
  cookieJar,
  createTestApp,
  databases,
  fixtureForms,
  fixtureMessage,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../helpers/test-app';
import { requiredMessage } from '../../helpers/shipped-texts';

describe.each(databases)('application routes on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(url, {}, fixtureForms);
    ada = await signedIn(t, 'ada@example.org');
  });
  afterEach(async () => {
    await t.close();
  });

  const profile = async (cookies = ada) =>
    (await t.call('GET', '/api/profile', undefined, cookies)).json();

  describe('PUT /api/answer', () => {
    it('saves answers and answers with a message', async () => {
      const response = await t.call(
        'PUT',
        '/api/answer',
        { first_name: 'Ada', city: 'London' },
        ada,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Your answers have been saved.' });
      expect((await profile()).answer).toEqual({ first_name: 'Ada', city: 'London' });
    });

    it('merges key by key, so two tabs saving at once keep both answers', async () => {
      await t.call('PUT', '/api/answer', { first_name: 'Ada', last_name: 'Byron' }, ada);
      const [a, b] = await Promise.all([
        t.call('PUT', '/api/answer', { first_name: 'Augusta' }, ada),
        t.call('PUT', '/api/answer', { city: 'London' }, ada),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect((await profile()).answer).toEqual({
        first_name: 'Augusta',
        last_name: 'Byron',
        city: 'London',
      });
    });

    it('keeps applicants apart', async () => {
      const eve = await signedIn(t, 'eve@example.org');
      await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada);
      await t.call('PUT', '/api/answer', { first_name: 'Eve' }, eve);
      expect((await profile()).answer).toEqual({ first_name: 'Ada' });
      expect((await profile(eve)).answer).toEqual({ first_name: 'Eve' });
    });

    it('refuses keys outside the data model, naming them, and stores nothing', async () => {
      const response = await t.call(
        'PUT',
        '/api/answer',
        { first_name: 'Ada', is_admin: 'true' },
        ada,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'These answers are not part of the application: is_admin.',
      );
      expect((await profile()).answer).toEqual({});
    });

    it('stores a lone surrogate as U+FFFD, and the rest of the answer as it came', async () => {
      const response = await t.call(
        'PUT',
        '/api/answer',
        { first_name: 'A\ud800da', last_name: 'B\udc00\u{1f600}', city: 'London' },
        ada,
      );
      expect(response.statusCode).toBe(200);
      expect((await profile()).answer).toEqual({
        first_name: 'A\ufffdda',
        last_name: 'B\ufffd\u{1f600}',
        city: 'London',
      });
    });

    it('refuses values that are not strings', async () => {
      const response = await t.call('PUT', '/api/answer', { first_name: { nested: true } }, ada);
      expect(response.statusCode).toBe(400);
    });

    it('needs a session', async () => {
      expect((await t.call('PUT', '/api/answer', { first_name: 'X' })).statusCode).toBe(401);
    });

    it('refuses a save whose session ended elsewhere, though this server found it live moments ago', async () => {
      const login = async () =>
        cookieJar(
          await t.call('POST', '/public/login', {
            username: 'ada@example.org',
            password: PASSWORD,
          }),
        );
      // Three tabs of Ada's, each a session: a first save looks each one up.
      const tabs = [ada, await login(), await login()];
      for (const [i, tab] of tabs.entries()) {
        expect((await t.call('PUT', '/api/answer', { city: `City ${i}` }, tab)).statusCode).toBe(
          200,
        );
      }
      const resolve = vi.spyOn(SessionStore.prototype, 'resolve');
      try {
        // The next save is let in on what the lookup found, without another.
        expect((await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada)).statusCode).toBe(
          200,
        );
        expect(resolve).not.toHaveBeenCalled();
        // A logout or a password reset in another server: the rows go, this server is not told.
        await t.db.deleteFrom('sessions').execute();
        // Each save is refused by its own write (with answers, and without), cookies cleared.
        for (const [tab, body] of [
          [tabs[0]!, { first_name: 'Eve' }],
          [tabs[1]!, {}],
        ] as const) {
          const refused = await t.call('PUT', '/api/answer', body, tab);
          expect(refused.statusCode).toBe(401);
          expect(refused.json().code).toBe('UNAUTHORIZED');
          const cleared = refused.cookies.filter((c) => c.value === '');
          expect(cleared.map((c) => c.name).sort()).toEqual([
            'admissions_identity.marker',
            'admissions_identity.session',
          ]);
        }
        expect(resolve).not.toHaveBeenCalled();
        // Any other route looks its session up, however recently it was found live.
        expect((await t.call('GET', '/api/profile', undefined, tabs[2])).statusCode).toBe(401);
        expect(resolve).toHaveBeenCalledTimes(1);
      } finally {
        resolve.mockRestore();
      }
      const stored = await t.db
        .selectFrom('answers')
        .select(['key', 'value'])
        .orderBy('key')
        .execute();
      expect(stored).toEqual([
        { key: 'city', value: 'City 2' },
        { key: 'first_name', value: 'Ada' },
      ]);
    });
  });

  describe('PUT /api/last-page', () => {
    it('records a form page', async () => {
      expect(
        (await t.call('PUT', '/api/last-page', { last_page: '/education' }, ada)).statusCode,
      ).toBe(200);
      expect((await profile()).last_page).toBe('/education');
    });

    it('refuses a path that is not a form page', async () => {
      const response = await t.call('PUT', '/api/last-page', { last_page: '/elsewhere' }, ada);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'last_page must be one of /about, /education, /final-steps.',
      );
    });
  });

  describe('POST /api/web-status', () => {
    it('moves forward and never back', async () => {
      await t.call('POST', '/api/web-status', { web_status: 'started' }, ada);
      expect((await profile()).web_status).toEqual([{ web_status: 'started' }]);
      await t.call('POST', '/api/web-status', { web_status: 'validating' }, ada);
      await t.call('POST', '/api/web-status', { web_status: 'started' }, ada);
      const statuses = (await profile()).web_status.map(
        (s: { web_status: string }) => s.web_status,
      );
      expect(statuses.sort()).toEqual(['started', 'validating']);
    });

    it('records started too when validating comes first', async () => {
      await t.call('POST', '/api/web-status', { web_status: 'validating' }, ada);
      expect((await profile()).web_status).toHaveLength(2);
    });

    it('refuses submitted, which only Submit may set', async () => {
      const response = await t.call('POST', '/api/web-status', { web_status: 'submitted' }, ada);
      expect(response.statusCode).toBe(409);
      expect((await profile()).web_status).toEqual([]);
    });

    it('refuses an unknown status', async () => {
      expect(
        (await t.call('POST', '/api/web-status', { web_status: 'done' }, ada)).statusCode,
      ).toBe(400);
    });
  });

  describe('POST /api/validations', () => {
    it('keeps what the applicant is missing, for staff', async () => {
      const errors = { first_name: ['A message the page showed (fixture).'] };
      expect((await t.call('POST', '/api/validations', errors, ada)).statusCode).toBe(200);
      const rows = await t.db.selectFrom('validation_reports').select('errors').execute();
      expect(rows.map((r) => JSON.parse(r.errors))).toEqual([errors]);
    });

    it('refuses a body that is not a map of message lists', async () => {
      expect((await t.call('POST', '/api/validations', { first_name: 'x' }, ada)).statusCode).toBe(
        400,
      );
    });
  });

  describe('POST /api/submit', () => {
    it('refuses an incomplete application with its field errors', async () => {
      const response = await t.call('POST', '/api/submit', {}, ada);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ 'about.first_name': [fixtureMessage] });
      expect((await profile()).web_status).toEqual([]);
    });

    it('submits a complete application, freezing the answers with the forms version', async () => {
      await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada);
      const response = await t.call('POST', '/api/submit', {}, ada);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Your application was successfully submitted.' });
      const statuses = (await profile()).web_status.map(
        (s: { web_status: string }) => s.web_status,
      );
      expect(statuses.sort()).toEqual(['started', 'submitted', 'validating']);
      const frozen = await t.db.selectFrom('submissions').selectAll().executeTakeFirstOrThrow();
      expect(JSON.parse(frozen.answers)).toEqual({ first_name: 'Ada' });
      expect(frozen.forms_version).toBe('fixture-1');
    });

    it('refuses any change after submission with a 409, keeping the answers', async () => {
      await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada);
      await t.call('POST', '/api/submit', {}, ada);
      const change = await t.call('PUT', '/api/answer', { first_name: 'Mallory' }, ada);
      expect(change.statusCode).toBe(409);
      expect(change.json().message).toBe(
        'Your application has been submitted and can no longer be changed.',
      );
      expect((await t.call('POST', '/api/submit', {}, ada)).statusCode).toBe(409);
      expect((await profile()).answer).toEqual({ first_name: 'Ada' });
    });
  });

  describe('visitor answers', () => {
    it('survive signing up: kept under a token, read back, then claimed once into the account', async () => {
      const kept = await t.call('POST', '/public/tmp', {
        answer: { first_name: 'Vera', city: 'Oslo' },
      });
      expect(kept.statusCode).toBe(200);
      const token = kept.json().token as string;
      const read = await t.call('GET', `/public/tmp?token=${encodeURIComponent(token)}`);
      expect(read.json()).toEqual({ answer: { first_name: 'Vera', city: 'Oslo' } });
      expect(read.json()).toEqual(
        (await t.call('GET', `/public/tmp?token=${encodeURIComponent(token)}`)).json(),
      );

      const claim = await t.call('POST', '/api/visitor-answers/claim', { token }, ada);
      expect(claim.statusCode).toBe(200);
      expect((await profile()).answer).toEqual({ first_name: 'Vera', city: 'Oslo' });
      const again = await t.call('POST', '/api/visitor-answers/claim', { token }, ada);
      expect(again.statusCode).toBe(404);
      expect(
        (await t.call('GET', `/public/tmp?token=${encodeURIComponent(token)}`)).statusCode,
      ).toBe(404);
    });

    it('expire after a week', async () => {
      const token = (await t.call('POST', '/public/tmp', { answer: { first_name: 'Vera' } })).json()
        .token;
      t.clock.advance(7 * 24 * 60 * 60 * 1000);
      const read = await t.call('GET', `/public/tmp?token=${encodeURIComponent(token)}`);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(
        'These saved answers have expired or were already used. Please fill in the form again.',
      );
    });

    it('refuse unknown keys and a missing token', async () => {
      expect((await t.call('POST', '/public/tmp', { answer: { evil: 'x' } })).statusCode).toBe(400);
      expect((await t.call('GET', '/public/tmp')).statusCode).toBe(400);
      expect((await t.call('GET', '/public/tmp?token=nope')).statusCode).toBe(404);
    });
  });
});

describe('submit with the real forms', () => {
  it('refuses an answer that is not one of its question’s options, naming the field', async () => {
    const t = await createTestApp();
    try {
      const cookies = await signedIn(t, 'grace@example.org');
      await t.call('PUT', '/api/answer', { gender: 'Q' }, cookies);
      const response = await t.call('POST', '/api/submit', {}, cookies);
      expect(response.statusCode).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      expect(errors['about.gender']).toEqual(['Please choose one of the options in the list.']);
    } finally {
      await t.close();
    }
  });

  it('refuses an empty application with the messages of SPEC §5, page by page', async () => {
    const t = await createTestApp();
    try {
      const cookies = await signedIn(t, 'ada@example.org');
      await t.call('PUT', '/api/answer', { first_name: 'Ada' }, cookies);
      const response = await t.call('POST', '/api/submit', {}, cookies);
      expect(response.statusCode).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      expect(errors['about.last_name']).toEqual([requiredMessage('last_name')]);
      expect(errors['about.first_name']).toBeUndefined();
      expect(errors['final-steps.legal_agree']?.length).toBe(1);
      expect(Object.keys(errors).some((k) => k.startsWith('education.'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe.each(databases)('add-another and tabs on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(url, {}, fixtureForms);
    ada = await signedIn(t, 'ada@example.org');
  });
  afterEach(async () => {
    await t.close();
  });

  it('store and return the number of blocks per button', async () => {
    expect((await t.call('GET', '/api/add-another', undefined, ada)).json()).toEqual({});
    const put = await t.call(
      'PUT',
      '/api/add-another',
      { button_id: 'activities', num_components: 2 },
      ada,
    );
    expect(put.statusCode).toBe(200);
    expect((await t.call('GET', '/api/add-another', undefined, ada)).json()).toEqual({
      activities: 2,
    });
  });

  it('refuse a count over the button maximum, an unknown button, and a non-integer', async () => {
    const over = await t.call(
      'PUT',
      '/api/add-another',
      { button_id: 'activities', num_components: 4 },
      ada,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('"activities" allows at most 3.');
    const unknown = await t.call(
      'PUT',
      '/api/add-another',
      { button_id: 'nope', num_components: 2 },
      ada,
    );
    expect(unknown.json().message).toBe('There is no add-another button "nope".');
    const text = await t.call(
      'PUT',
      '/api/add-another',
      { button_id: 'activities', num_components: '2' },
      ada,
    );
    expect(text.statusCode).toBe(400);
  });

  it('store and return the chosen tab, refusing unknown tabs', async () => {
    expect(
      (await t.call('PUT', '/api/tabs', { tab_id: 'transcript', chosen_tab: 'mail' }, ada))
        .statusCode,
    ).toBe(200);
    expect((await t.call('GET', '/api/tabs', undefined, ada)).json()).toEqual({
      transcript: 'mail',
    });
    const bad = await t.call('PUT', '/api/tabs', { tab_id: 'transcript', chosen_tab: 'fax' }, ada);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('"transcript" has no tab "fax"; choose one of upload, mail.');
  });

  it('clear the answers a chosen tab lists in the same step as the choice', async () => {
    await t.call('PUT', '/api/answer', { first_name: 'Ada', city: 'Rochester' }, ada);
    // The first tab is the one chosen until another is: choosing it again clears nothing.
    await t.call('PUT', '/api/tabs', { tab_id: 'transcript', chosen_tab: 'upload' }, ada);
    expect((await t.call('GET', '/api/profile', undefined, ada)).json().answer).toMatchObject({
      city: 'Rochester',
    });
    await t.call('PUT', '/api/tabs', { tab_id: 'transcript', chosen_tab: 'mail' }, ada);
    await t.call('PUT', '/api/answer', { city: 'Winona' }, ada);

    const back = await t.call(
      'PUT',
      '/api/tabs',
      { tab_id: 'transcript', chosen_tab: 'upload' },
      ada,
    );
    expect(back.statusCode).toBe(200);
    expect((await t.call('GET', '/api/tabs', undefined, ada)).json()).toEqual({
      transcript: 'upload',
    });
    expect((await t.call('GET', '/api/profile', undefined, ada)).json().answer).toEqual({
      first_name: 'Ada',
      city: '',
    });
  });

  it('are refused to visitors and after submission', async () => {
    expect((await t.call('GET', '/api/tabs')).statusCode).toBe(401);
    await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada);
    await t.call('POST', '/api/submit', {}, ada);
    const late = await t.call(
      'PUT',
      '/api/tabs',
      { tab_id: 'transcript', chosen_tab: 'mail' },
      ada,
    );
    expect(late.statusCode).toBe(409);
  });
});
