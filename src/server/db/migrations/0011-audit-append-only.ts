import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { createIndexes, type MigrationDb } from './schema-parts';

/**
 * The audit log is append-only (issue 17) in the database itself, not only by the code's habit:
 * a trigger refuses every UPDATE and DELETE of audit_log, whoever connects. Emptying it on
 * purpose takes dropping the trigger first, which leaves its own trace in the schema. With it, the
 * indexes the audit page's filters by applicant and by actor use (and a data request's look-up of
 * the records about an applicant), newest first.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await createIndexes(db, 'audit_log', {
      audit_log_subject: ['subject', 'at'],
      audit_log_actor: ['actor', 'at'],
    });
    if (dialectOf(db) === 'postgres') {
      await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_log is append-only: % is not allowed', tg_op;
        end
      $$`.execute(db);
      await sql`create trigger audit_log_append_only
        before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
    } else {
      for (const operation of ['update', 'delete'] as const) {
        await sql`create trigger ${sql.raw(`audit_log_no_${operation}`)}
          before ${sql.raw(operation)} on audit_log
          begin
            select raise(abort, 'audit_log is append-only: ${sql.raw(operation)} is not allowed');
          end`.execute(db);
      }
    }
  },
};
