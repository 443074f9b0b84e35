import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from './dialect';

/**
 * Versioned migrations, applied in name order at start. Never edit one that has shipped: add a
 * new one. Each works on SQLite and PostgreSQL alike.
 */
export const migrations: Record<string, Migration> = {
  '0001_identity': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .addColumn('last_page', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('confirmation_codes')
        .addColumn('account_id', 'text', (c) =>
          c.primaryKey().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('password_resets')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
      await db.schema
        .createTable('successful_logins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('logged_in_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('successful_logins_account')
        .on('successful_logins')
        .column('account_id')
        .execute();
      await db.schema
        .createTable('answers')
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('answers_pk', ['account_id', 'key'])
        .execute();
      await db.schema
        .createTable('web_statuses')
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('web_status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('web_statuses_pk', ['account_id', 'web_status'])
        .execute();
      await db.schema
        .createTable('rate_limits')
        .addColumn('bucket', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '0002_application': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('submissions')
        .addColumn('account_id', 'text', (c) =>
          c.primaryKey().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('forms_version', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('visitor_answers')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('validation_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('errors', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0003_lookup': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('lookup_entries')
        // A number of our own for each entry; on SQLite the table's rowid, which the full-text
        // table's rowids point to.
        .addColumn('entry_no', 'integer', (c) => c.primaryKey())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('ceeb', 'text', (c) => c.notNull())
        .addColumn('address_line_1', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('zip', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        // The name's words, folded: "name starts with the query" compares against it.
        .addColumn('name_key', 'text', (c) => c.notNull())
        // The folded words of name, city and code that the full-text index holds.
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addUniqueConstraint('lookup_entries_category_id', ['category', 'id'])
        .execute();
      await db.schema
        .createTable('lookup_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      if (dialectOf(db) === 'postgres') {
        // 'simple': no stemming and no stop words, so every word of a name is found by prefix.
        await sql`alter table lookup_entries add column search tsvector
          generated always as (to_tsvector('simple', search_text)) stored`.execute(db);
        // Written only when the data are loaded: without a pending list, reads stay fast.
        await sql`create index lookup_entries_search on lookup_entries
          using gin (search) with (fastupdate = off)`.execute(db);
      } else {
        // Contentless (the text is in lookup_entries); prefix indexes of 1 to 3 characters keep
        // the short queries of a typing user fast.
        await sql`create virtual table lookup_fts using fts5(
          search_text,
          content = '',
          tokenize = 'unicode61 remove_diacritics 2',
          prefix = '1 2 3'
        )`.execute(db);
      }
    },
  },
  '0004_form_layout': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('add_another_counts')
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('button_id', 'text', (c) => c.notNull())
        .addColumn('num_components', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('add_another_counts_pk', ['account_id', 'button_id'])
        .execute();
      await db.schema
        .createTable('chosen_tabs')
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('tab_id', 'text', (c) => c.notNull())
        .addColumn('chosen_tab', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chosen_tabs_pk', ['account_id', 'tab_id'])
        .execute();
    },
  },
  '0005_documents': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_after', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('locked_by', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // What a runner looks for: queued jobs that are due, and running ones whose lease ran out.
      await db.schema
        .createIndex('jobs_claimable')
        .on('jobs')
        .columns(['status', 'run_after'])
        .execute();
      await db.schema
        .createTable('upload_grants')
        .addColumn('object_key', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('answer_key', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('upload_grants_answer')
        .on('upload_grants')
        .columns(['account_id', 'answer_key'])
        .execute();
      await db.schema
        .createTable('document_answers')
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('answer_key', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('file_size', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('upload_key', 'text', (c) => c.notNull())
        .addColumn('pdf_key', 'text')
        .addColumn('conversion_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_answers_pk', ['account_id', 'answer_key'])
        .execute();
      await db.schema
        .createTable('application_pdfs')
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('build_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('state_hash', 'text', (c) => c.notNull())
        .addColumn('pdf_key', 'text')
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('application_pdfs_pk', ['account_id', 'kind'])
        .execute();
    },
  },
};
