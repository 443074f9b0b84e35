import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { dialectOf } from '../db/dialect';
import { PreparedQuery } from '../db/prepared-query';
import type { InGroupRunner } from '../db/database';

/** The answers the staff summary's name is made of (migration 0010). */
const nameKeys: ReadonlySet<string> = new Set(['first_name', 'last_name']);

const answerOf = (key: string) =>
  sql<string>`coalesce((select value from answers
    where answers.account_id = application_summaries.account_id and answers.key = ${key}), '')`;
const nameOf = sql<string>`trim(${answerOf('first_name')} || ' ' || ${answerOf('last_name')})`;

/**
 * The summary row after answers were written at `at`: the later activity, and the name and its
 * search text again when `renamed` (a name answer was among them). One statement, which writes
 * the row only when one of them changes.
 */
const afterAnswers = new PreparedQuery(
  (db, p: { accountId: string; at: string; renamed: number }) =>
    db
      .updateTable('application_summaries')
      .set((eb) => ({
        last_activity_at: sql<string>`max(last_activity_at, ${p.at})`,
        name: eb
          .case()
          .when(sql<boolean>`${p.renamed}`)
          .then(nameOf)
          .else(eb.ref('name'))
          .end(),
        search: eb
          .case()
          .when(sql<boolean>`${p.renamed}`)
          .then(sql<string>`lower(trim(${nameOf} || ' ' || email))`)
          .else(eb.ref('search'))
          .end(),
      }))
      .where('account_id', '=', p.accountId)
      .where(sql<boolean>`(last_activity_at < ${p.at} or ${p.renamed} = 1)`),
);

/**
 * Keeps the staff summary (migration 0010) after answers of one account were written, in the
 * writer's transaction: on SQLite only, where this replaced the row triggers on answers (migration
 * 0015). SQLite has no statement-level triggers, and its row triggers ran once per answer: for a
 * save of ten answers ten activity updates and a name computed and written once per name answer,
 * about 18 µs of a save's 110 (issue 19). On PostgreSQL the statement-level triggers of migration
 * 0013 keep the summary, and this does nothing.
 *
 * Every write of answers goes through application-service.ts, which calls this (an ESLint rule
 * keeps other modules from writing the table).
 */
export async function keepSummaryAfterAnswers(
  executor: Kysely<Database>,
  accountId: string,
  keys: Iterable<string>,
  at: string,
): Promise<void> {
  if (dialectOf(executor) !== 'sqlite') return;
  await afterAnswers.execute(executor, { accountId, at, renamed: renamedBy(keys) });
}

/** The same, run at once inside a group commit's work (database.ts inGroupRunnerOf; SQLite). */
export function keepSummaryAfterAnswersNow(
  db: Kysely<Database>,
  run: InGroupRunner,
  accountId: string,
  keys: Iterable<string>,
  at: string,
): void {
  afterAnswers.runNow(db, run, { accountId, at, renamed: renamedBy(keys) });
}

/** 1 when a name answer is among `keys`. */
function renamedBy(keys: Iterable<string>): number {
  for (const key of keys) if (nameKeys.has(key)) return 1;
  return 0;
}
