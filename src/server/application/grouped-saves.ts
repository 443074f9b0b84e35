import { sql, type Expression } from 'kysely';
import type { Db } from '../db/database';
import { PreparedQuery } from '../db/prepared-query';

/**
 * One applicant's save: the answers as a JSON object's text, when, under which definitions, and
 * the keyed hash of the session it came with (null: none to check), whose row must still exist.
 */
export interface Save {
  accountId: string;
  answers: string;
  now: string;
  version: string;
  session: string | null;
}

/**
 * What a save did: how many answers it wrote (0 once the applicant has submitted), or nothing
 * because its session's row no longer exists.
 */
export type Saved = number | 'no session';

interface Waiting {
  save: Save;
  resolve: (saved: Saved) => void;
  reject: (error: unknown) => void;
}

/**
 * A save's condition: the row of the session it came with (the keyed hash, text) exists, or it
 * came with none to check. For the grouped statement below and the single saves in
 * answer-statements.ts (PostgreSQL's, and SQLite's upsert of the answers).
 */
export function sessionLive(session: Expression<string | null>) {
  return sql<boolean>`(${session} is null or exists (select 1 from sessions where token_hash = ${session}))`;
}

/**
 * PostgreSQL: many applicants' saves as one statement, the grouped form of the single save in
 * answer-statements.ts. It keeps the saves whose session's row still exists (`live`), locks
 * their accounts' rows in id order while they say not submitted (`held`; a save that waited for
 * submit's lock finds the row submitted and writes nothing), writes each held account's answers
 * (updating those it has, inserting the others) and records the definitions version, and answers
 * for every save how many answers it wrote and whether its session was live. An account appears
 * at most once (an upsert may not touch a row twice in one statement, and an update would write
 * only one of two saves); the rows are locked in one order by every group, so two groups never
 * wait for each other in a cycle.
 */
const saveGroup = new PreparedQuery((db, p: { saves: string }) =>
  db
    .with('batch', (qb) =>
      qb
        .selectFrom(
          sql<Save>`json_to_recordset(${p.saves}::json)`.as<'batch'>(
            sql`batch("accountId" text, answers json, now text, version text, session text)`,
          ),
        )
        .selectAll(),
    )
    .with('live', (qb) =>
      qb
        .selectFrom('batch')
        .selectAll()
        .where(sessionLive(sql.ref('batch.session'))),
    )
    .with('held', (qb) =>
      qb
        .selectFrom('accounts')
        .select('id')
        .where('id', 'in', (eb) => eb.selectFrom('live').select('live.accountId'))
        .where('submitted_at', 'is', null)
        .orderBy('id')
        .forNoKeyUpdate(),
    )
    // The held accounts' answers, one row each: read once (a CTE named twice is materialized).
    .with('entries', (qb) =>
      qb
        .selectFrom('live')
        .innerJoin('held', 'held.id', 'live.accountId')
        .crossJoin(
          sql<{ key: string; value: string }>`json_each_text("live"."answers")`.as('entry'),
        )
        .select([
          'live.accountId as account_id',
          'entry.key',
          'entry.value',
          'live.now as updated_at',
        ]),
    )
    // The answers the applicants had already: updated in place. An upsert of them (insert … on
    // conflict do update) locked each row before updating it, a second WAL record a row: about a
    // quarter of the group's writing (issue 19). Watch its plan on a large table: the planner
    // takes the JSON's rows for far more than a group has, and an earlier update of this shape was
    // joined to answers by a sequential scan at 1,000,000 answers (316 ms a group of 20; by the
    // index, 4 ms). This one held its rate at 1,000,500 answers, planned afresh or once analysed;
    // a plan kept from an empty table did not (docs/performance.md, docs/deploy.md).
    .with('updated', (qb) =>
      qb
        .updateTable('answers')
        .from('entries')
        .set((eb) => ({ value: eb.ref('entries.value'), updated_at: eb.ref('entries.updated_at') }))
        .whereRef('answers.account_id', '=', 'entries.account_id')
        .whereRef('answers.key', '=', 'entries.key')
        .returning(['answers.account_id', 'answers.key']),
    )
    // The new ones (the statement's snapshot did not have them); as an upsert still, should a
    // writer that holds no account lock have added one meanwhile.
    .with('inserted', (qb) =>
      qb
        .insertInto('answers')
        .columns(['account_id', 'key', 'value', 'updated_at'])
        .expression((eb) =>
          eb
            .selectFrom('entries')
            .select(['entries.account_id', 'entries.key', 'entries.value', 'entries.updated_at'])
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('updated')
                    .select('updated.key')
                    .whereRef('updated.account_id', '=', 'entries.account_id')
                    .whereRef('updated.key', '=', 'entries.key'),
                ),
              ),
            ),
        )
        .onConflict((oc) =>
          oc.columns(['account_id', 'key']).doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning('answers.account_id'),
    )
    .with('saved', (qb) =>
      qb
        .selectFrom('updated')
        .select('updated.account_id')
        .unionAll(qb.selectFrom('inserted').select('inserted.account_id')),
    )
    .with('version', (qb) =>
      qb
        .updateTable('accounts')
        .from('batch')
        .set((eb) => ({ forms_version: eb.ref('batch.version') }))
        .whereRef('accounts.id', '=', 'batch.accountId')
        .where((eb) =>
          eb.and([
            eb.or([
              eb('accounts.forms_version', 'is', null),
              eb('accounts.forms_version', '!=', eb.ref('batch.version')),
            ]),
            eb.exists(
              eb
                .selectFrom('saved')
                .select('saved.account_id')
                .whereRef('saved.account_id', '=', 'batch.accountId'),
            ),
          ]),
        ),
    )
    // Every save answers (an account is in `batch` once): its count, and whether it was live.
    .selectFrom('batch')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('saved')
          .select((c) => ['saved.account_id', c.fn.countAll<string>().as('count')])
          .groupBy('saved.account_id')
          .as('counts'),
      (join) => join.onRef('counts.account_id', '=', 'batch.accountId'),
    )
    .leftJoin('live', 'live.accountId', 'batch.accountId')
    .select((eb) => [
      'batch.accountId as account_id',
      'counts.count as saved',
      eb('live.accountId', 'is not', null).as('live'),
    ]),
);

/**
 * Groups being written at once: while as many are under way, the saves asked for meanwhile wait
 * and go together in the next group. Under the save bench (PostgreSQL on the same two cores) a
 * group a turn, each on its own connection, made groups of 8 to 12 and about 1,300-1,500 saves a
 * second; two at a time, larger groups and 2,300-2,700 (fewer statements and commits for the same
 * saves). A group that waits for an account's lock (submit, a document's step: a few
 * milliseconds) holds up the saves behind it that long.
 */
const GROUPS_AT_ONCE = 2;
/**
 * The most saves one group writes: under a flood the saves waiting behind two groups in flight
 * would otherwise make one statement of them all, past PostgreSQL's 65,535 parameters (which
 * would then run save by save). The rest wait for the next group.
 */
const MOST_IN_A_GROUP = 200;

/**
 * Group commit for saves on PostgreSQL: the saves asked for in one turn of the event loop are
 * written by one statement, on one pooled connection, with one commit (one WAL flush), where each
 * save alone took a connection and a commit of its own; while GROUPS_AT_ONCE groups are under way,
 * the saves of later turns gather into the next. Each save is answered with its own count once its
 * statement has committed. A second save of an account in the same group goes in a statement after
 * the first (`rounds`), so saves of one applicant land in the order they came. When the statement
 * fails, nothing of it is stored, and its saves run again one by one (`saveOne`), so that a save
 * that cannot be written fails alone.
 */
export class GroupedSaves {
  private waiting: Waiting[] = [];
  private writing = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly saveOne: (save: Save) => Promise<Saved>,
  ) {}

  /** What the save did (see Saved). */
  save(save: Save): Promise<Saved> {
    return new Promise<Saved>((resolve, reject) => {
      this.waiting.push({ save, resolve, reject });
      this.schedule();
    });
  }

  /** The next group after this turn, unless as many as may be are being written. */
  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0 || this.writing >= GROUPS_AT_ONCE) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const group = this.waiting.splice(0, MOST_IN_A_GROUP);
    this.writing++;
    // What is left over goes as the next group at once, if one more may be written.
    this.schedule();
    try {
      for (const round of rounds(group)) await this.write(round);
    } finally {
      this.writing--;
      this.schedule();
    }
  }

  private async write(round: Waiting[]): Promise<void> {
    if (round.length === 1) {
      const [only] = round as [Waiting];
      await this.saveOne(only.save).then(only.resolve, only.reject);
      return;
    }
    let saved: Map<string, Saved>;
    try {
      const { rows } = await saveGroup.execute(this.db, {
        saves: `[${round.map(({ save }) => json(save)).join(',')}]`,
      });
      saved = new Map(
        rows.map((row) => [row.account_id, row.live ? Number(row.saved ?? 0) : 'no session']),
      );
    } catch {
      await Promise.all(round.map((w) => this.saveOne(w.save).then(w.resolve, w.reject)));
      return;
    }
    for (const { save, resolve } of round) resolve(saved.get(save.accountId) ?? 0);
  }
}

/** The group split so that each account appears once a round: its first save, then its second… */
function rounds(group: Waiting[]): Waiting[][] {
  const result: Waiting[][] = [];
  const seen = new Map<string, number>();
  for (const waiting of group) {
    const round = seen.get(waiting.save.accountId) ?? 0;
    seen.set(waiting.save.accountId, round + 1);
    (result[round] ??= []).push(waiting);
  }
  return result;
}

/** The save as a JSON object, its answers (already JSON) copied in as they are. */
function json({ accountId, answers, now, version, session }: Save): string {
  return `{"accountId":${JSON.stringify(accountId)},"answers":${answers},"now":${JSON.stringify(
    now,
  )},"version":${JSON.stringify(version)},"session":${JSON.stringify(session)}}`;
}
