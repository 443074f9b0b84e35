import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import type { MigrationDb } from './schema-parts';

/**
 * PostgreSQL: the staff summary (migration 0010) is kept by statement-level triggers on answers and
 * web_statuses instead of row-level ones (issue 19). A save writes ten answers in one statement;
 * the row triggers ran ten PL/pgSQL calls and rewrote the applicant's summary row up to three times
 * (its activity, then its name for each of first_name and last_name), each time with its seven
 * indexes. Now the statement's rows come as a transition table and each account's summary row is
 * updated once, only when what it shows changes: a later activity, or a name whose answers were
 * written. The summary reads as it did: the same values, computed from the same rows.
 *
 * A statement that inserts and updates (INSERT … ON CONFLICT DO UPDATE) fires both statement
 * triggers, each with its own rows: a save that adds keys and changes others may touch the row
 * twice, never more. SQLite has no statement-level triggers: its row triggers stay as they are.
 * The other triggers of 0010 stay row-level: each of their statements writes one row (an account,
 * a submission, a page's validation report).
 */
const nameOf = (account: string) =>
  `trim(coalesce((select value from answers where account_id = ${account} and key = 'first_name'), '')
    || ' ' || coalesce((select value from answers where account_id = ${account} and key = 'last_name'), ''))`;

const answersChanged = `create function application_summaries_answers() returns trigger
  language plpgsql as $$
  begin
    update application_summaries s set
      last_activity_at = greatest(s.last_activity_at, c.at),
      name = coalesce(c.name, s.name),
      search = coalesce(lower(trim(c.name || ' ' || s.email)), s.search)
    from (
      select w.account_id, w.at, case when w.renamed then ${nameOf('w.account_id')} end as name
      from (
        select account_id, max(updated_at collate "C") as at,
          bool_or(key in ('first_name', 'last_name')) as renamed
        from written_answers group by account_id
      ) w
    ) c
    where s.account_id = c.account_id
      and (s.last_activity_at < c.at or s.name is distinct from coalesce(c.name, s.name));
    return null;
  end $$`;

const statusesAdded = `create function application_summaries_statuses() returns trigger
  language plpgsql as $$
  begin
    update application_summaries s set
      status = (select count(*) from web_statuses w where w.account_id = s.account_id
        and w.web_status in ('started', 'validating', 'submitted')),
      last_activity_at = greatest(s.last_activity_at, c.at)
    from (
      select account_id, max(created_at collate "C") as at from added_statuses group by account_id
    ) c
    where s.account_id = c.account_id;
    return null;
  end $$`;

export const migration: Migration = {
  async up(db: MigrationDb) {
    if (dialectOf(db) !== 'postgres') return;
    const statements = [
      'drop trigger application_summaries_answer on answers',
      'drop function application_summaries_answer()',
      answersChanged,
      // Transition tables take one event per trigger: inserted rows, then updated rows.
      ...['insert', 'update'].map(
        (event) => `create trigger application_summaries_answers_${event} after ${event} on answers
          referencing new table as written_answers
          for each statement execute function application_summaries_answers()`,
      ),
      'drop trigger application_summaries_status on web_statuses',
      'drop function application_summaries_status()',
      statusesAdded,
      `create trigger application_summaries_statuses after insert on web_statuses
        referencing new table as added_statuses
        for each statement execute function application_summaries_statuses()`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
