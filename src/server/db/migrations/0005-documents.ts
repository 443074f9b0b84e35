import type { Migration } from 'kysely';
import { createTable, type MigrationDb } from './schema-parts';

export const migration: Migration = {
  async up(db: MigrationDb) {
    await createTable(db, 'jobs', {
      columns: `id key, kind text, payload text, status text, attempts integer default 0,
        max_attempts integer, run_after text, locked_until text?, locked_by text?, last_error text?,
        created_at text, updated_at text`,
      // What a runner looks for: queued jobs that are due, and running ones whose lease ran out.
      indexes: { jobs_claimable: ['status', 'run_after'] },
    });
    await createTable(db, 'upload_grants', {
      columns: `object_key key, account_id account, answer_key text, expires_at text,
        created_at text`,
      indexes: { upload_grants_answer: ['account_id', 'answer_key'] },
    });
    await createTable(db, 'document_answers', {
      columns: `account_id account, answer_key text, file_name text, file_size integer, kind text,
        upload_key text, pdf_key text?, conversion_id text, status text, message text default '',
        created_at text, updated_at text`,
      primaryKey: ['account_id', 'answer_key'],
    });
    await createTable(db, 'application_pdfs', {
      columns: `account_id account, kind text, build_id text, status text, state_hash text,
        pdf_key text?, message text default '', updated_at text`,
      primaryKey: ['account_id', 'kind'],
    });
  },
};
