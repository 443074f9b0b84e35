/**
 * The statements that write a save (PUT /api/answer, the busiest write), prepared once: SQLite's
 * upsert, run in a group commit, and PostgreSQL's one statement that holds the account. Used by
 * answer-store.ts; their grouped form for PostgreSQL is grouped-saves.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Answers } from '../../engine/definitions';
import type { Database } from '../db/tables';
import type { Dialect } from '../db/dialect';
import { PreparedQuery } from '../db/prepared-query';
import { sessionLive } from './grouped-saves';

const loneSurrogates = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Whether a text holds a lone surrogate (an expression of its own: `test` on a /g one keeps state). */
const loneSurrogate = new RegExp(loneSurrogates.source);

/**
 * The text with each lone UTF-16 surrogate replaced by U+FFFD, as UTF-8 encoding of a bound text
 * parameter does: PostgreSQL's JSON parser refuses a "\ud800" escape with no partner, so the
 * answers' JSON must not carry one (String.prototype.toWellFormed, ES2024).
 */
function wellFormed(text: string): string {
  return text.replace(loneSurrogates, '\ufffd');
}

/**
 * The answers as JSON text with every lone surrogate replaced (wellFormed). Answers almost never
 * hold one: then they are stringified without a replacer, which calls back for every value.
 */
export function answersJson(answers: Answers): string {
  for (const key in answers) {
    if (loneSurrogate.test(answers[key]!)) {
      return JSON.stringify(answers, (_key, value: unknown) =>
        typeof value === 'string' ? wellFormed(value) : value,
      );
    }
  }
  return JSON.stringify(answers);
}

/**
 * The save (PUT /api/answer, the busiest write): the answers come as one JSON object whose
 * entries the database itself turns into rows, so one prepared statement serves any number of
 * keys. Nothing is written once the applicant has submitted, nor once the row of the session the
 * save came with is gone: on SQLite, whose transactions run one at a time, the submissions and
 * the sessions say so; on PostgreSQL the statement must hold the account's row as `held`, which
 * checks the session too (see saveHoldingAccount).
 */
function upsertAnswers(
  db: Kysely<Database>,
  p: { accountId: string; answers: string; now: string; session: string | null },
  dialect: Dialect,
) {
  return db
    .insertInto('answers')
    .columns(['account_id', 'key', 'value', 'updated_at'])
    .expression(
      db
        .selectFrom(
          (dialect === 'postgres'
            ? sql<{ key: string; value: string }>`json_each_text(${p.answers}::json)`
            : sql<{ key: string; value: string }>`json_each(${p.answers})`
          ).as('entry'),
        )
        .select([
          sql<string>`${p.accountId}`.as('account_id'),
          'entry.key',
          'entry.value',
          sql<string>`${p.now}`.as('updated_at'),
        ])
        .where(({ and, not, exists, selectFrom }) =>
          dialect === 'postgres'
            ? sql<boolean>`exists (select 1 from held)`
            : and([
                sessionLive(sql<string | null>`${p.session}`),
                not(
                  exists(
                    selectFrom('submissions')
                      .select('submissions.account_id')
                      .where('submissions.account_id', '=', p.accountId),
                  ),
                ),
              ]),
        ),
    )
    .onConflict((oc) =>
      oc.columns(['account_id', 'key']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    );
}

export const saveUnlessSubmitted = new PreparedQuery(upsertAnswers);

/** The session's hash as a parameter stated as text, which `is null` needs on PostgreSQL. */
const sessionParameter = (session: string | null) => sql<string | null>`${session}::text`;

/**
 * PostgreSQL: the save as one statement, on its own a transaction: while the session's row still
 * exists, it locks the account's row while that row says the application is not submitted
 * (`held`), as every write that races submit holds it (account-lock.ts), writes the answers and
 * records the definitions version. Submit sets the row's submitted_at in its transaction
 * (migration 0014): a save that waited for it reads the row again once submit commits, finds it
 * submitted and writes nothing. Answers how many answers it wrote, and whether the session was
 * live.
 */
export const saveHoldingAccount = new PreparedQuery(
  (
    db,
    p: { accountId: string; answers: string; now: string; version: string; session: string | null },
    dialect,
  ) =>
    db
      .with('held', (qb) =>
        qb
          .selectFrom('accounts')
          .select('id')
          .where('id', '=', p.accountId)
          .where('submitted_at', 'is', null)
          .where(sessionLive(sessionParameter(p.session)))
          .forNoKeyUpdate(),
      )
      .with('saved', () => upsertAnswers(db, p, dialect).returning('answers.account_id'))
      .with('version', (qb) =>
        qb
          .updateTable('accounts')
          .set({ forms_version: p.version })
          .where('id', '=', p.accountId)
          .where((eb) =>
            eb.and([
              eb.or([eb('forms_version', 'is', null), eb('forms_version', '!=', p.version)]),
              eb.exists(eb.selectFrom('saved').select('saved.account_id')),
            ]),
          ),
      )
      .selectFrom('saved')
      .select((eb) => [
        eb.fn.countAll<string>().as('saved'),
        sessionLive(sessionParameter(p.session)).as('live'),
      ]),
);

/** SQLite: whether the session's row exists, in the group commit's transaction. */
export const sessionRow = new PreparedQuery((db, p: { tokenHash: string }) =>
  db.selectFrom('sessions').select('token_hash').where('token_hash', '=', p.tokenHash),
);
