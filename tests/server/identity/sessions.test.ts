import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { SessionStore, TOKEN_HASHES_KEPT } from '../../../src/server/identity/sessions';
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

  it("keeps a bounded number of tokens' hashes, and resolves a token whose hash it dropped", async () => {
    const ada = await sessions.create('ada');
    expect(await sessions.resolve(ada)).toMatchObject({ accountId: 'ada' });
    // More unknown tokens than it keeps, as a flood of forged cookies would send.
    for (let i = 0; i <= TOKEN_HASHES_KEPT; i += 2000) {
      // Forged tokens of a real token's length (43), and a few long ones, which are never kept.
      const forged = Array.from({ length: 2000 }, (_, j) =>
        j % 500 === 0 ? `long-${i + j}-${'x'.repeat(8000)}` : `forged-${i + j}`.padEnd(43, '-'),
      );
      expect(new Set(await Promise.all(forged.map((x) => sessions.resolve(x))))).toEqual(
        new Set([undefined]),
      );
    }
    const kept = (sessions as unknown as { tokens: Map<string, unknown> }).tokens;
    expect(kept.size).toBe(TOKEN_HASHES_KEPT);
    expect([...kept.keys()].every((token) => token.length === 43)).toBe(true);
    expect(kept.has(ada)).toBe(false);
    expect(await sessions.resolve(ada)).toMatchObject({ accountId: 'ada' });
    await sessions.destroy(ada);
    expect(kept.has(ada)).toBe(false);
    expect(await sessions.resolve(ada)).toBeUndefined();
  });

  it('lets a write that checks the session itself in on a session found live, while no refresh is due', async () => {
    const token = await sessions.create('ada');
    const ada = { accountId: 'ada', username: 'ada@example.org' };
    // Not before a lookup found it live.
    expect(sessions.recentlyLive(token)).toBeUndefined();
    expect(await sessions.resolve(token)).toEqual(ada);
    t.clock.advance(29_000);
    expect(sessions.recentlyLive(token)).toEqual(ada);
    // Once its idle timer is due a refresh, only a lookup (which refreshes it) will do.
    t.clock.advance(1_000);
    expect(sessions.recentlyLive(token)).toBeUndefined();
    expect(await sessions.resolve(token)).toEqual(ada);
    expect(sessions.recentlyLive(token)).toEqual(ada);
    // Forgotten when a write found it gone, and when a lookup finds it gone.
    sessions.forgetLive(token);
    expect(sessions.recentlyLive(token)).toBeUndefined();
    expect(await sessions.resolve(token)).toEqual(ada);
    await sessions.destroyAllFor('ada');
    expect(await sessions.resolve(token)).toBeUndefined();
    expect(sessions.recentlyLive(token)).toBeUndefined();
    // Nor past its absolute expiry, however recently it was seen.
    const late = await sessions.create('eve');
    t.clock.advance(12 * 60 * 60 * 1000 - 10_000);
    await t.db.updateTable('sessions').set({ last_seen_at: t.clock.now().toISOString() }).execute();
    expect(await sessions.resolve(late)).toMatchObject({ accountId: 'eve' });
    expect(sessions.recentlyLive(late)).toMatchObject({ accountId: 'eve' });
    t.clock.advance(10_000);
    expect(sessions.recentlyLive(late)).toBeUndefined();
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
