import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { addColumns, type MigrationDb } from './schema-parts';

/**
 * The account's row says when its application was submitted, copied from the submission by a
 * trigger (so every path that writes a submission keeps it). A save on PostgreSQL is then one
 * statement that locks the account's row and writes only while that row says "not submitted"
 * (issue 19): when submit holds the row, the save waits, and PostgreSQL reads the row again once
 * submit commits, which a check of the submissions table within the same statement would not (it
 * reads them as they were when the statement began). Before, a save took four round trips
 * (begin, the lock, the save, commit), each holding a pooled connection.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await addColumns(db, 'accounts', 'submitted_at text?');
    await sql`update accounts set submitted_at =
      (select submitted_at from submissions where account_id = accounts.id)`.execute(db);
    const copy = `update accounts set submitted_at = new.submitted_at where id = new.account_id;`;
    if (dialectOf(db) === 'postgres') {
      await sql
        .raw(
          `create function accounts_submitted() returns trigger language plpgsql as $$
          begin
            ${copy}
            return null;
          end $$`,
        )
        .execute(db);
      await sql`create trigger accounts_submitted after insert on submissions
        for each row execute function accounts_submitted()`.execute(db);
    } else {
      await sql
        .raw(`create trigger accounts_submitted after insert on submissions begin ${copy} end`)
        .execute(db);
    }
  },
};
