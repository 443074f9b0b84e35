/**
 * Issue 14 (data safety), on SQLite and PostgreSQL: submit is one atomic step, confirmation-code
 * attempts and upload forms are counted atomically, each pending sign-up keeps its own password
 * (issue 41), a new password spends every reset link. The races run many rounds with real
 * concurrency (on PostgreSQL the pool's ten connections run them side by side).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieJar,
  createTestApp,
  databases,
  fixtureForms,
  lastCode,
  lastResetId,
  PASSWORD,
  signedIn,
  type TestApp,
} from './helpers/test-app';
import { pdf } from './helpers/fixtures';
import { postUpload, presign } from './helpers/uploads';
import { ruleMessage } from '../helpers/shipped-texts';

const ROUNDS = 10;
/** No limit gets in the way of the races themselves. */
const roomy = {
  RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  RATE_LIMIT_PER_USERNAME_PER_HOUR: '100000',
  RATE_LIMIT_API_WRITES_PER_MINUTE: '100000',
};

describe.each(databases)('submit is one atomic step on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, roomy, fixtureForms);
  });
  afterAll(async () => t?.close());

  it(`keeps every acknowledged save in the frozen copy and refuses later ones with 409 (${ROUNDS} rounds)`, async () => {
    let refused = 0;
    let saved = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const cookies = await signedIn(t, `racer${round}@example.org`);
      await t.call('PUT', '/api/answer', { first_name: 'Ada' }, cookies);
      const save = (i: number) =>
        t.call('PUT', '/api/answer', { city: `city-${i}`, last_name: `last-${i}` }, cookies);
      // Saves sent before, with and after the submit, all in flight together.
      const early = Array.from({ length: 6 }, (_, i) => save(i));
      // A head start that differs by round, so the submit meets the saves at different points.
      await new Promise((resolve) => setTimeout(resolve, round * 2));
      const submit = t.call('POST', '/api/submit', {}, cookies);
      const late = Array.from({ length: 6 }, (_, i) => save(6 + i));
      const [submitted, ...answered] = await Promise.all([submit, ...early, ...late]);
      expect(submitted.statusCode).toBe(200);
      for (const response of answered) {
        expect([200, 409]).toContain(response.statusCode);
        if (response.statusCode === 409) refused += 1;
        else saved += 1;
      }
      const account = await t.db
        .selectFrom('accounts')
        .select('id')
        .where('username', '=', `racer${round}@example.org`)
        .executeTakeFirstOrThrow();
      const frozen = await t.db
        .selectFrom('submissions')
        .select('answers')
        .where('account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      const live = await t.db
        .selectFrom('answers')
        .select(['key', 'value'])
        .where('account_id', '=', account.id)
        .execute();
      // Nothing landed after the freeze: what staff read is what the applicant last saved.
      expect(JSON.parse(frozen.answers)).toEqual(
        Object.fromEntries(live.map((r) => [r.key, r.value])),
      );
    }
    console.log(`submit race: ${saved} saves acknowledged and frozen, ${refused} refused with 409`);
  });

  it(`lets exactly one of two simultaneous submits succeed (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const cookies = await signedIn(t, `twice${round}@example.org`);
      await t.call('PUT', '/api/answer', { first_name: 'Ada' }, cookies);
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => t.call('POST', '/api/submit', {}, cookies)),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
    }
  });
});

describe.each(databases)('atomic counters on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, roomy);
  });
  afterAll(async () => t?.close());

  it(`counts at most five guesses of a code, however many arrive at once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const username = `guess${round}@example.org`;
      await t.call('POST', '/public/signup', { username, password: PASSWORD });
      const code = lastCode(t.mail, username);
      const wrong = code === '000000' ? '111111' : '000000';
      const guesses = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.call('POST', '/public/confirm', { username, code: wrong }),
        ),
      );
      expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
      const row = await t.db
        .selectFrom('pending_sign_ups')
        .innerJoin('accounts', 'accounts.id', 'pending_sign_ups.account_id')
        .select('attempts')
        .where('accounts.username', '=', username)
        .executeTakeFirstOrThrow();
      expect(Number(row.attempts)).toBe(5);
      // The five attempts are spent: even the right code is refused now.
      expect((await t.call('POST', '/public/confirm', { username, code })).statusCode).toBe(400);
    }
  });

  it(`accepts an upload form once, however many times it is posted at once (${ROUNDS} rounds)`, async () => {
    const cookies = await signedIn(t, 'uploader@example.org');
    const bytes = await pdf(1);
    for (let round = 0; round < ROUNDS; round++) {
      const form = await presign(t, cookies);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          postUpload(t, form.url, form.fields, { name: 'a.pdf', bytes }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([204, ...Array<number>(9).fill(409)]);
    }
  });
});

describe.each(databases)('accounts cannot be taken over on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, roomy);
  });
  afterAll(async () => t?.close());

  it('activates the password of the sign-up whose code is confirmed when someone signs up again', async () => {
    const username = 'pending@example.org';
    const first = await t.call('POST', '/public/signup', { username, password: PASSWORD });
    const again = await t.call('POST', '/public/signup', {
      username,
      password: 'Attacker-Chosen-99',
    });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    const codes = t.mail.filter((m) => m.to === username && /confirmation code/.test(m.text));
    expect(codes).toHaveLength(2);
    // The owner confirms with the owner's own code, in the browser that signed up: the account
    // has the owner's password only.
    const ownersCode = codes[0]!.text.match(/confirmation code is (\d{6})/)![1]!;
    await t.call('POST', '/public/confirm', { username, code: ownersCode }, cookieJar(first));
    const attacker = await t.call('POST', '/public/login', {
      username,
      password: 'Attacker-Chosen-99',
    });
    expect(attacker.statusCode).toBe(400);
    const owner = await t.call('POST', '/public/login', { username, password: PASSWORD });
    expect(owner.statusCode).toBe(200);
  });

  it('spends every outstanding reset link once the password is changed', async () => {
    const username = 'resetter@example.org';
    await signedIn(t, username);
    await t.call('POST', '/public/forgot-password', { username });
    const older = lastResetId(t.mail, username);
    await t.call('POST', '/public/forgot-password', { username });
    const newer = lastResetId(t.mail, username);
    expect(newer).not.toBe(older);
    const reset = (id: string, password: string) =>
      t.call('POST', '/public/reset-password', {
        username,
        id,
        password,
        confirm_password: password,
      });
    expect((await reset(newer, 'Brand-New-Pass-1')).statusCode).toBe(200);
    const stale = await reset(older, 'Attacker-Pass-22');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('RESET_INVALID');
    expect(
      (await t.call('POST', '/public/login', { username, password: 'Brand-New-Pass-1' }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    'a,b@example.org',
    'x<y@example.org>',
    'Ann <ann@example.org>',
    '"ann"@example.org',
    'ann(comment)@example.org',
    'ann@example.org, bob@example.org',
    'ann;bob@example.org',
  ])('refuses %s as an address, with the spec messages', async (username) => {
    const signup = await t.call('POST', '/public/signup', { username, password: PASSWORD });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().message).toBe(ruleMessage('username', { schema: 'signup' }));
    const login = await t.call('POST', '/public/login', { username, password: PASSWORD });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe(ruleMessage('username', { schema: 'login' }));
    const forgot = await t.call('POST', '/public/forgot-password', { username });
    expect(forgot.json().message).toBe(ruleMessage('username', { schema: 'forgot-password' }));
    expect(t.mail.some((m) => m.to === username || m.to.includes('bob@'))).toBe(false);
  });

  it("still takes a plain address with the characters mailboxes use (+, ', -, .)", async () => {
    const username = "o'brien-smith.j+apply@mail.example.co.uk";
    expect(
      (await t.call('POST', '/public/signup', { username, password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});
