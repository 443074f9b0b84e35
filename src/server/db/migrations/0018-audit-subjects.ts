import { randomUUID } from 'node:crypto';
import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { createTable, type MigrationDb } from './schema-parts';

/**
 * The audit log names applicants by pseudonym (issue 41): audit_subjects links a random subject
 * id to an e-mail, and an erasure deletes that link, so the append-only rows keep saying that
 * something was read, no longer whose. `erased_account_id` is set by an erasure whose files are
 * still being removed, so that a second erasure of the address can finish it; the row goes when
 * they are gone.
 *
 * The rows written before name the e-mail itself, and the account id in their detail. They are
 * rewritten here, once, with migration 0011's append-only triggers lifted for the length of this
 * migration's transaction (the schema's history records it): an applicant who still has an account
 * gets a linked subject id; an address with no account any more (erased before this migration) gets
 * an id nothing links, and the account id leaves every detail.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    // PostgreSQL runs every migration in a transaction; Kysely runs SQLite's outside one.
    if (dialectOf(db) === 'postgres') await rewrite(db);
    else await db.transaction().execute(rewrite);
  },
};

async function rewrite(db: MigrationDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await createTable(db, 'audit_subjects', {
    columns: `id key, email unique text, erased_account_id text?, created_at text`,
  });

  if (postgres) {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_update`.execute(db);
  }

  const now = new Date().toISOString();
  const subjects = await db
    .selectFrom('audit_log')
    .leftJoin('accounts', 'accounts.username', 'audit_log.subject')
    .select(['audit_log.subject as email', 'accounts.id as account'])
    .where('audit_log.subject', 'is not', null)
    .distinct()
    .execute();
  for (const { email, account } of subjects as Array<{ email: string; account: string | null }>) {
    const id = randomUUID();
    if (account !== null) {
      await db
        .insertInto('audit_subjects')
        .values({ id, email, erased_account_id: null, created_at: now })
        .execute();
    }
    await db.updateTable('audit_log').set({ subject: id }).where('subject', '=', email).execute();
  }
  await (
    postgres
      ? sql`update audit_log set detail = (detail::jsonb - 'accountId')::text
        where detail::jsonb ? 'accountId'`
      : sql`update audit_log set detail = json_remove(detail, '$.accountId')
        where json_type(detail, '$.accountId') is not null`
  ).execute(db);

  if (postgres) {
    await sql`create trigger audit_log_append_only
      before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update
      before update on audit_log
      begin
        select raise(abort, 'audit_log is append-only: update is not allowed');
      end`.execute(db);
  }
}
