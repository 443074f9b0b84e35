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
    const kept = (sessions as unknown as { tokenHashes: Map<string, string> }).tokenHashes;
    expect(kept.size).toBe(TOKEN_HASHES_KEPT);
    expect([...kept.keys()].every((token) => token.length === 43)).toBe(true);
    expect(kept.has(ada)).toBe(false);
    expect(await sessions.resolve(ada)).toMatchObject({ accountId: 'ada' });
    await sessions.destroy(ada);
    expect(kept.has(ada)).toBe(false);
    expect(await sessions.resolve(ada)).toBeUndefined();
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
