import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { dialectOf } from '../db/dialect';
import { PreparedQuery } from '../db/prepared-query';
import type { InGroupRunner } from '../db/database';
import { repeatEvery } from '../ops/repeat';
import { searchColumnOf } from './search-words';

/** The answers the staff summary's name is made of (migration 0010). */
const nameKeys: ReadonlySet<string> = new Set(['first_name', 'last_name']);

/**
 * SQLite: notes that answers of accounts were written, each at its `at` and whether a name answer
 * was among them (migration 0016): one narrow row per account, written only when it changes. The
 * notes come as one JSON list of `[account, at, renamed]`, each account once, so that the saves of
 * a group commit are noted by one statement (issue 19). On PostgreSQL migration 0013's
 * statement-level triggers on answers note it.
 */
const note = new PreparedQuery((db, p: { notes: string }) =>
  db
    .insertInto('summary_pending')
    .columns(['account_id', 'at', 'renamed'])
    .expression(
      db
        .selectFrom(sql<{ value: string }>`json_each(${p.notes})`.as('note'))
        .select([
          sql<string>`json_extract(note.value, '$[0]')`.as('account_id'),
          sql<string>`json_extract(note.value, '$[1]')`.as('at'),
          sql<number>`json_extract(note.value, '$[2]')`.as('renamed'),
        ])
        // Without a WHERE, SQLite would read the ON CONFLICT that follows as a join's.
        .where(sql<boolean>`true`),
    )
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({
        at: sql<string>`max(summary_pending.at, excluded.at)`,
        renamed: sql<number>`max(summary_pending.renamed, excluded.renamed)`,
      }).where(sql<boolean>`summary_pending.at < excluded.at
          or summary_pending.renamed < excluded.renamed`),
    ),
);

/** What a write of answers tells the staff summary: whose, when, and which keys. */
export interface AnswersWritten {
  accountId: string;
  keys: Iterable<string>;
  at: string;
}

/** The notes as the statement takes them: each account once, its latest time, any rename. */
function notesOf(writes: Iterable<AnswersWritten>): string {
  const notes = new Map<string, [string, string, number]>();
  for (const { accountId, keys, at } of writes) {
    const [, notedAt = at, notedRenamed = 0] = notes.get(accountId) ?? [];
    const latest = notedAt < at ? at : notedAt;
    notes.set(accountId, [accountId, latest, Math.max(notedRenamed, renamedBy(keys))]);
  }
  return JSON.stringify([...notes.values()]);
}

/**
 * Keeps the staff summary after answers of one account were written, in the writer's transaction:
 * on SQLite it notes the account (above); the summary row itself is brought up to date by
 * flushSummaries. On PostgreSQL the triggers of migrations 0013 and 0016 note it, and this does
 * nothing.
 *
 * Every write of answers goes through answer-store.ts or chosen-tabs.ts, which call this (an
 * ESLint rule keeps other modules from writing the table).
 */
export async function keepSummaryAfterAnswers(
  executor: Kysely<Database>,
  accountId: string,
  keys: Iterable<string>,
  at: string,
): Promise<void> {
  if (dialectOf(executor) !== 'sqlite') return;
  await note.execute(executor, { notes: notesOf([{ accountId, keys, at }]) });
}

/**
 * The same for the saves of a group commit, by one statement run at once in its transaction
 * (database.ts inGroupRunnerOf; SQLite).
 */
export function keepSummaryAfterSavesNow(
  db: Kysely<Database>,
  run: InGroupRunner,
  writes: Iterable<AnswersWritten>,
): void {
  note.runNow(db, run, { notes: notesOf(writes) });
}

/** 1 when a name answer is among `keys`. */
function renamedBy(keys: Iterable<string>): number {
  for (const key of keys) if (nameKeys.has(key)) return 1;
  return 0;
}

/** The most noted accounts one statement of flushSummaries brings up to date. */
const FLUSH_BATCH = 500;

/**
 * Takes up to FLUSH_BATCH notes away, answering what they said. On PostgreSQL the batch is chosen
 * first, once, as an array the delete then finds through the key: as `in (select … limit)` the
 * planner, trusting statistics older than a burst of notes (a bulk load, a busy hour before
 * autovacuum), joined each of 41,000 notes against the batch, 20 seconds a batch in the staff
 * bench.
 *
 * The batch is locked as it is chosen, skipping the notes a save is writing: those stay, as the
 * save leaves them, for the next flush. Waiting for them deadlocked: a group of saves
 * (grouped-saves.ts) holds one account's note while it goes on to write another's, which the
 * flush had already taken; PostgreSQL broke the cycle after its deadlock_timeout (a second) by
 * failing one of the two (seen once in each run of the save bench).
 */
const takeNotes = new PreparedQuery((db, _p: Record<string, never>, dialect) => {
  const batch = db.selectFrom('summary_pending').select('account_id').limit(FLUSH_BATCH);
  const taken = db.deleteFrom('summary_pending');
  return (
    dialect === 'postgres'
      ? taken.where(sql<boolean>`account_id = any(array(${batch.forUpdate().skipLocked()}))`)
      : taken.where('account_id', 'in', batch)
  ).returning(['account_id', 'at', 'renamed']);
});

/** Takes one account's note away, answering what it said. */
const takeNoteOf = new PreparedQuery((db, p: { accountId: string }) =>
  db
    .deleteFrom('summary_pending')
    .where('account_id', '=', p.accountId)
    .returning(['account_id', 'at', 'renamed']),
);

const answerOf = (key: string) =>
  sql<string>`coalesce((select value from answers
    where answers.account_id = application_summaries.account_id and answers.key = ${key}), '')`;
const nameOf = sql<string>`trim(${answerOf('first_name')} || ' ' || ${answerOf('last_name')})`;

/**
 * The summary rows of the notes (a JSON array of them): the later activity, and the name and its
 * search text again from the answers when a name answer was written. Writes a row only when one
 * of them changes.
 */
const applyNotes = new PreparedQuery((db, p: { notes: string }, dialect) =>
  db
    .updateTable('application_summaries')
    .from(
      (dialect === 'postgres'
        ? sql<{
            account_id: string;
            at: string;
            renamed: number;
          }>`json_to_recordset(${p.notes}::json)`
        : sql<{ account_id: string; at: string; renamed: number }>`(select
            value ->> 'account_id' as account_id, value ->> 'at' as at,
            value ->> 'renamed' as renamed from json_each(${p.notes}))`
      ).as<'note'>(
        dialect === 'postgres' ? sql`note(account_id text, at text, renamed integer)` : sql`note`,
      ),
    )
    .set((eb) => ({
      last_activity_at:
        dialect === 'postgres'
          ? sql<string>`greatest(application_summaries.last_activity_at collate "C", note.at)`
          : sql<string>`max(application_summaries.last_activity_at, note.at)`,
      name: eb.case().when('note.renamed', '=', 1).then(nameOf).else(eb.ref('name')).end(),
      search: eb
        .case()
        .when('note.renamed', '=', 1)
        .then(sql<string>`lower(trim(${nameOf} || ' ' || email))`)
        .else(eb.ref('search'))
        .end(),
    }))
    .whereRef('application_summaries.account_id', '=', 'note.account_id')
    .where((eb) =>
      eb.or([
        eb(
          dialect === 'postgres'
            ? sql`application_summaries.last_activity_at collate "C"`
            : eb.ref('application_summaries.last_activity_at'),
          '<',
          eb.ref('note.at'),
        ),
        eb('note.renamed', '=', 1),
      ]),
    ),
);

/**
 * Brings the summary rows of every noted account up to date (migration 0016), or of `accountId`
 * alone when given, and removes the notes; answers how many accounts it did. Each batch is one
 * transaction: its notes are taken first, then the rows are written by a second statement, which
 * on PostgreSQL sees every write committed before it starts, so a save whose note the first
 * statement waited for (one account's, `accountId`) is in the name it computes (one statement
 * would compute it from the answers as they were when it began). Notes a save is writing, and
 * notes of writes that commit later, stay for the next flush. Two flushes at once each take
 * their own notes.
 */
export async function flushSummaries(db: Kysely<Database>, accountId?: string): Promise<number> {
  let flushed = 0;
  for (;;) {
    const taken = await db.transaction().execute(async (trx) => {
      const { rows } =
        accountId === undefined
          ? await takeNotes.execute(trx, {})
          : await takeNoteOf.execute(trx, { accountId });
      if (rows.length > 0) await applyNotes.execute(trx, { notes: JSON.stringify(rows) });
      return rows.length;
    });
    flushed += taken;
    if (taken < FLUSH_BATCH) break;
  }
  await foldSearchWords(db, accountId);
  return flushed;
}

/**
 * Summary rows whose search text changed since it was folded (migration 0021's partial index), in
 * account order. On PostgreSQL they are locked, skipping rows a flush's applyNotes holds: the fold
 * then never waits for a lock while holding one, so the two cannot deadlock (SQLite has one writer).
 */
const unfolded = (db: Kysely<Database>, accountId: string | undefined) => {
  let query = db
    .selectFrom('application_summaries')
    .select(['account_id', 'name', 'email', 'search'])
    .where('words', '=', '');
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  query = query.orderBy('account_id').limit(FLUSH_BATCH);
  return (dialectOf(db) === 'postgres' ? query.forUpdate().skipLocked() : query).execute();
};

/**
 * Writes the folded words of rows (a JSON list of [account, search it was folded from, words]),
 * each only if its search text is still the one folded: a rename meanwhile empties them again.
 */
const writeWords = new PreparedQuery((db, p: { folded: string }, dialect) =>
  db
    .updateTable('application_summaries')
    .from(
      (dialect === 'postgres'
        ? sql<{ account_id: string; search: string; words: string }>`(select
            value ->> 0 as account_id, value ->> 1 as search, value ->> 2 as words
            from json_array_elements(${p.folded}::json))`
        : sql<{ account_id: string; search: string; words: string }>`(select
            value ->> 0 as account_id, value ->> 1 as search, value ->> 2 as words
            from json_each(${p.folded}))`
      ).as('f'),
    )
    .set((eb) => ({ words: eb.ref('f.words') }))
    .whereRef('application_summaries.account_id', '=', 'f.account_id')
    .whereRef('application_summaries.search', '=', 'f.search')
    .where('application_summaries.words', '=', ''),
);

/**
 * Folds the search words (search-words.ts) of every summary row whose name or e-mail changed, or
 * of `accountId`'s alone: JavaScript folds them, so "García" is "garcia" on SQLite as on PostgreSQL.
 */
async function foldSearchWords(db: Kysely<Database>, accountId?: string): Promise<void> {
  // Most flushes find nothing to fold: a look through the partial index, with no transaction.
  let pending = db.selectFrom('application_summaries').select('account_id').where('words', '=', '');
  if (accountId !== undefined) pending = pending.where('account_id', '=', accountId);
  if (!(await pending.limit(1).executeTakeFirst())) return;
  for (;;) {
    const folded = await db.transaction().execute(async (trx) => {
      const rows = await unfolded(trx, accountId);
      if (rows.length === 0) return 0;
      const words = rows.map((row) => [
        row.account_id,
        row.search,
        searchColumnOf(row.name, row.email),
      ]);
      await writeWords.execute(trx, { folded: JSON.stringify(words) });
      return rows.length;
    });
    if (folded < FLUSH_BATCH) return;
  }
}

/** How often each server brings the noted summaries up to date (flushSummaries). */
const SUMMARY_FLUSH_EVERY_MS = 1000;

/**
 * Runs flushSummaries every `everyMs` (one at a time; a flush that fails is logged and tried
 * again at the next tick). Returns the stop function, which waits for a flush under way.
 */
export function scheduleSummaryFlush(
  db: Kysely<Database>,
  log: { error(object: object, message: string): void },
  everyMs = SUMMARY_FLUSH_EVERY_MS,
): () => Promise<void> {
  return repeatEvery(everyMs, () =>
    flushSummaries(db).then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'staff summaries not brought up to date'),
    ),
  );
}
