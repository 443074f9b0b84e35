import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { createTable, type MigrationDb } from './schema-parts';

/**
 * The staff summary's activity and name are brought up to date in batches instead of at every
 * write of answers (issue 19). A write of answers now only notes the account in summary_pending:
 * the latest time written and whether a name answer was among the writes, one narrow row per
 * account, updated in place. summary-upkeep.ts's flushSummaries applies the notes to the summary
 * rows and removes them: before every staff read of the summary's name or activity, so staff
 * read what they read before, and every second in each server, so the notes stay few.
 *
 * Each save rewrote the applicant's summary row, whose eight indexes made every write a new row
 * version with eight index entries (about a third of PostgreSQL's CPU a save under the save
 * bench); an applicant typing saves every few seconds, and the summary row is now written at most
 * once a second however often they save.
 *
 * PostgreSQL: migration 0013's statement-level triggers on answers keep their names and now note
 * the accounts. SQLite: the statements that write answers note them (summary-upkeep.ts).
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await createTable(db, 'summary_pending', {
      columns: `account_id key, at text, renamed integer`,
    });
    if (dialectOf(db) !== 'postgres') return;
    await sql`create or replace function application_summaries_answers() returns trigger
      language plpgsql as $$
      begin
        insert into summary_pending as p (account_id, at, renamed)
          select account_id, max(updated_at collate "C"),
            max(case when key in ('first_name', 'last_name') then 1 else 0 end)
          from written_answers group by account_id
        on conflict (account_id) do update
          set at = greatest(p.at collate "C", excluded.at), renamed = greatest(p.renamed, excluded.renamed)
          where p.at collate "C" < excluded.at or p.renamed < excluded.renamed;
        return null;
      end $$`.execute(db);
  },
};
