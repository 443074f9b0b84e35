import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { SessionStore } from '../../../src/server/identity/sessions';
import { createTestApp, databases, insertAccounts, type TestApp } from '../helpers/test-app';

describe.each(databases)('sessions on $name', ({ url }) => {
  let t: TestApp;
  let sessions: SessionStore;
  beforeAll(async () => {
    t = await createTestApp(url);
    sessions = new SessionStore(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
    await insertAccounts(t, ['ada', 'eve']);
  });
  afterAll(() => t.close());

  const lastSeenOf = async () =>
    (await t.db.selectFrom('sessions').select(['account_id', 'last_seen_at']).execute()).map(
      (row) => `${row.account_id} ${row.last_seen_at}`,
    );

  it('resolves a token to its own account and e-mail, and an unknown token to nothing', async () => {
    const ada = await sessions.create('ada');
    const eve = await sessions.create('eve');
    expect(await Promise.all([ada, eve, 'no-such-token'].map((x) => sessions.resolve(x)))).toEqual([
      { accountId: 'ada', username: 'ada@example.org' },
      { accountId: 'eve', username: 'eve@example.org' },
      undefined,
    ]);
    await sessions.destroyAllFor('ada');
    await sessions.destroyAllFor('eve');
  });

  it('refreshes the idle timer at most every 30 seconds, and ends an idle session', async () => {
    const token = await sessions.create('ada');
    const created = t.clock.now().toISOString();
    t.clock.advance(20_000);
    expect(await sessions.resolve(token)).toEqual({
      accountId: 'ada',
      username: 'ada@example.org',
    });
    expect(await lastSeenOf()).toEqual([`ada ${created}`]);
    t.clock.advance(20_000);
    expect(await sessions.resolve(token)).toEqual({
      accountId: 'ada',
      username: 'ada@example.org',
    });
    expect(await lastSeenOf()).toEqual([`ada ${t.clock.now().toISOString()}`]);
    t.clock.advance(15 * 60 * 1000);
    expect(await sessions.resolve(token)).toBeUndefined();
    expect(await lastSeenOf()).toEqual([]);
  });
});
