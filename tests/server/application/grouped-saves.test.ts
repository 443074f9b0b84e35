import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApplicationService } from '../../../src/server/application/application-service';
import { GroupedSaves, type Save } from '../../../src/server/application/grouped-saves';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { SessionStore } from '../../../src/server/identity/sessions';
import { createTestApp, databases, insertAccounts, type TestApp } from '../helpers/test-app';
import { flushSummaries } from '../../../src/server/application/summary-upkeep';

describe.each(databases)('saves of one turn on $name', ({ url }) => {
  let t: TestApp;
  let service: ApplicationService;
  beforeAll(async () => {
    t = await createTestApp(url);
    service = new ApplicationService(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
    await insertAccounts(t, ['ada', 'bob', 'cy', 'dee', 'eve', 'fay']);
  });
  afterAll(() => t.close());

  const answersOf = async (accountId: string) =>
    Object.fromEntries(
      (
        await t.db
          .selectFrom('answers')
          .select(['key', 'value'])
          .where('account_id', '=', accountId)
          .orderBy('key')
          .execute()
      ).map((row) => [row.key, row.value]),
    );
  const versionOf = async (accountId: string) =>
    (
      await t.db
        .selectFrom('accounts')
        .select('forms_version')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).forms_version;

  /** 'saved', or the code of the error the save failed with. */
  const outcome = (save: Promise<void>) =>
    save.then(
      () => 'saved',
      (error: { code?: string }) => error.code,
    );

  it('stores each applicant’s answers and version, and a submitted applicant’s save fails alone', async () => {
    await service.answers.save('cy', { city: 'Lima' }, 'v1');
    await service.submissions.submit('cy', 'v1', () => ({}));
    const results = await Promise.all(
      [
        service.answers.save('ada', { city: 'Oslo', first_name: 'Ada' }, 'v2'),
        service.answers.save('cy', { city: 'Rome' }, 'v2'),
        service.answers.save('bob', { city: 'Bonn' }, 'v2'),
      ].map(outcome),
    );
    expect(results).toEqual(['saved', 'ALREADY_SUBMITTED', 'saved']);
    expect(await answersOf('ada')).toEqual({ city: 'Oslo', first_name: 'Ada' });
    expect(await answersOf('bob')).toEqual({ city: 'Bonn' });
    expect(await answersOf('cy')).toEqual({ city: 'Lima' });
    expect([await versionOf('ada'), await versionOf('bob'), await versionOf('cy')]).toEqual([
      'v2',
      'v2',
      'v1',
    ]);
  });

  it('writes two saves of one applicant in one turn in the order they came', async () => {
    await Promise.all([
      service.answers.save('dee', { city: 'Lyon', last_name: 'Day' }, 'v1'),
      service.answers.save('eve', { city: 'Graz' }, 'v1'),
      service.answers.save('dee', { city: 'Nice' }, 'v1'),
      service.answers.save('dee', { city: 'Metz' }, 'v1'),
    ]);
    expect(await answersOf('dee')).toEqual({ city: 'Metz', last_name: 'Day' });
    expect(await answersOf('eve')).toEqual({ city: 'Graz' });
  });

  /** Two new applicants with a session each, the second ended: the sessions' keyed hashes. */
  const liveAndEnded = async (live: string, ended: string) => {
    const sessions = new SessionStore(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
    await insertAccounts(t, [live, ended]);
    const endedToken = await sessions.create(ended);
    const hashes = [
      sessions.tokenHashOf(await sessions.create(live)),
      sessions.tokenHashOf(endedToken),
    ] as const;
    // Ended elsewhere: the row goes, its saves still carry its hash.
    await sessions.destroy(endedToken);
    return hashes;
  };

  it('writes a save only while the row of the session it came with exists, alone or grouped', async () => {
    const [ivy, jon] = await liveAndEnded('ivy', 'jon');
    expect(await outcome(service.answers.save('ivy', { city: 'Ivrea' }, 'v1', ivy))).toBe('saved');
    expect(
      await Promise.all([
        outcome(service.answers.save('ivy', { city: 'Imola' }, 'v1', ivy)),
        outcome(service.answers.save('jon', { city: 'Jena' }, 'v1', jon)),
      ]),
    ).toEqual(['saved', 'UNAUTHORIZED']);
    expect(await outcome(service.answers.save('jon', { city: 'Jena' }, 'v1', jon))).toBe(
      'UNAUTHORIZED',
    );
    expect(await outcome(service.answers.save('jon', {}, 'v1', jon))).toBe('UNAUTHORIZED');
    expect(await answersOf('ivy')).toEqual({ city: 'Imola' });
    expect(await answersOf('jon')).toEqual({});
    expect(await versionOf('jon')).toBeNull();
  });

  it('tells an ended session from a submitted application when a save writes nothing', async () => {
    const [mia, ned] = await liveAndEnded('mia', 'ned');
    await service.answers.save('mia', { city: 'Milan' }, 'v1', mia);
    await service.answers.save('ned', { city: 'Nantes' }, 'v1');
    await service.submissions.submit('mia', 'v1', () => ({}));
    await service.submissions.submit('ned', 'v1', () => ({}));
    expect(
      await Promise.all([
        outcome(service.answers.save('mia', { city: 'Mainz' }, 'v2', mia)),
        outcome(service.answers.save('ned', { city: 'Nancy' }, 'v2', ned)),
      ]),
    ).toEqual(['ALREADY_SUBMITTED', 'UNAUTHORIZED']);
    expect(await outcome(service.answers.save('mia', { city: 'Mainz' }, 'v2', mia))).toBe(
      'ALREADY_SUBMITTED',
    );
    expect(await outcome(service.answers.save('ned', { city: 'Nancy' }, 'v2', ned))).toBe(
      'UNAUTHORIZED',
    );
    expect([await answersOf('mia'), await answersOf('ned')]).toEqual([
      { city: 'Milan' },
      { city: 'Nantes' },
    ]);
    expect([await versionOf('mia'), await versionOf('ned')]).toEqual(['v1', 'v1']);
  });

  // PostgreSQL only (defined only there, so no run reports a skipped test): SQLite groups saves
  // in one transaction instead (group-commit.test.ts).
  if (url) {
    const save = (accountId: string, answers: Record<string, string>): Save => ({
      accountId,
      answers: JSON.stringify(answers),
      now: t.clock.now().toISOString(),
      version: 'v1',
      session: null,
    });

    it('writes the saves of one turn in one statement, each answered with its own count', async () => {
      const saveOne = vi.fn(async () => 0);
      const group = new GroupedSaves(t.db, saveOne);
      const saved = await Promise.all([
        group.save(save('fay', { city: 'Bern', hs_name: 'North' })),
        group.save(save('bob', { city: 'Kiel' })),
        group.save(save('cy', { city: 'Pisa' })),
        // Second saves of bob's and fay's: a statement of their own after the first one.
        group.save(save('bob', { city: 'Hof', first_name: 'Bob' })),
        group.save(save('eve', { city: 'Wels' })),
        group.save(save('fay', { hs_name: 'South' })),
      ]);
      expect(saved).toEqual([2, 1, 0, 2, 1, 1]);
      expect(saveOne).not.toHaveBeenCalled();
      expect(await answersOf('fay')).toEqual({ city: 'Bern', hs_name: 'South' });
      expect(await answersOf('bob')).toEqual({ city: 'Hof', first_name: 'Bob' });
      expect(await answersOf('eve')).toEqual({ city: 'Wels' });

      // Answers that exist are updated and the others inserted by the same statement; both note
      // the accounts for the staff summary (migration 0016).
      await insertAccounts(t, ['gus', 'hal']);
      expect(
        await Promise.all([
          group.save(save('gus', { first_name: 'Gus' })),
          group.save(save('hal', { city: 'Ulm' })),
        ]),
      ).toEqual([1, 1]);
      t.clock.advance(1000);
      expect(
        await Promise.all([
          group.save(save('gus', { first_name: 'Guy', last_name: 'Gale' })),
          group.save(save('hal', { city: 'Linz' })),
        ]),
      ).toEqual([2, 1]);
      expect(saveOne).not.toHaveBeenCalled();
      expect(await answersOf('gus')).toEqual({ first_name: 'Guy', last_name: 'Gale' });
      expect(await answersOf('hal')).toEqual({ city: 'Linz' });
      await flushSummaries(t.db);
      const summaries = await t.db
        .selectFrom('application_summaries')
        .select(['account_id', 'name', 'last_activity_at'])
        .where('account_id', 'in', ['gus', 'hal'])
        .orderBy('account_id')
        .execute();
      const now = t.clock.now().toISOString();
      expect(summaries).toEqual([
        { account_id: 'gus', name: 'Guy Gale', last_activity_at: now },
        { account_id: 'hal', name: '', last_activity_at: now },
      ]);
    });

    it('writes in the one statement only the saves whose session’s row still exists', async () => {
      const [kai, lea] = await liveAndEnded('kai', 'lea');
      const saveOne = vi.fn(async () => 0);
      const group = new GroupedSaves(t.db, saveOne);
      expect(
        await Promise.all([
          group.save({ ...save('kai', { city: 'Kobe', first_name: 'Kai' }), session: kai }),
          group.save({ ...save('lea', { city: 'Lund' }), session: lea }),
          group.save(save('cy', { city: 'Cork' })),
        ]),
      ).toEqual([2, 'no session', 0]);
      expect(saveOne).not.toHaveBeenCalled();
      expect(await answersOf('kai')).toEqual({ city: 'Kobe', first_name: 'Kai' });
      expect(await answersOf('lea')).toEqual({});
    });

    it('writes two groups at a time: the saves asked for meanwhile wait, then go together', async () => {
      // Another session holds two accounts, so that the first two groups wait for it.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        t.db,
      );
      const other = new pg.Client({
        connectionString: url,
        options: `-c search_path=${rows[0]!.schema}`,
      });
      await other.connect();
      await other.query('begin');
      await other.query("select id from accounts where id in ('bob', 'eve') for no key update");
      const saveOne = vi.fn(async () => 0);
      const group = new GroupedSaves(t.db, saveOne);
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      const first = [
        group.save(save('bob', { city: 'Bari' })),
        group.save(save('ada', { city: 'Agen' })),
      ];
      await turn();
      const second = [
        group.save(save('eve', { city: 'Enna' })),
        group.save(save('dee', { city: 'Dax' })),
      ];
      await turn();
      const later = [
        group.save(save('fay', { city: 'Fez' })),
        group.save(save('cy', { city: 'Cork' })),
      ];
      await new Promise((resolve) => setTimeout(resolve, 300));
      let stored: unknown[];
      try {
        stored = (
          await other.query(
            "select account_id from answers where account_id = 'fay' and value = 'Fez'",
          )
        ).rows;
      } finally {
        await other.query('commit');
        await other.end();
      }
      expect(stored).toEqual([]);
      expect(await Promise.all([...first, ...second, ...later])).toEqual([1, 1, 1, 1, 1, 0]);
      expect(saveOne).not.toHaveBeenCalled();
      expect((await answersOf('fay')).city).toBe('Fez');
    });

    it('runs a failed statement’s saves one by one, so the save that cannot be written fails alone', async () => {
      const alone = new ApplicationService(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
      const saveOne = vi.fn((one: Save) =>
        alone.answers.save(one.accountId, JSON.parse(one.answers), one.version).then(() => 1),
      );
      const group = new GroupedSaves(t.db, saveOne);
      // PostgreSQL's text cannot hold U+0000: this save's statement fails.
      const results = await Promise.all(
        [
          group.save(save('fay', { city: 'Gent' })),
          group.save(save('eve', { city: 'Zero\u0000' })),
          group.save(save('bob', { city: 'Ulm' })),
        ].map((p) => p.then(String, () => 'failed')),
      );
      expect(results).toEqual(['1', 'failed', '1']);
      expect(saveOne).toHaveBeenCalledTimes(3);
      expect(await answersOf('fay')).toEqual({ city: 'Gent', hs_name: 'South' });
      expect(await answersOf('eve')).toEqual({ city: 'Enna' });
      expect(await answersOf('bob')).toEqual({ city: 'Ulm', first_name: 'Bob' });
    });
  }
});
