import type { Migration } from 'kysely';
import { createTable, type MigrationDb } from './schema-parts';

export const migration: Migration = {
  async up(db: MigrationDb) {
    await createTable(db, 'accounts', {
      columns: `id key, username unique text, password_hash text, confirmed_at text?,
        last_page text default '', created_at text`,
    });
    await createTable(db, 'confirmation_codes', {
      columns: `account_id account key, code_hash text, expires_at text,
        attempts integer default 0`,
    });
    await createTable(db, 'password_resets', {
      columns: `id_hash key, account_id account, expires_at text, used_at text?`,
    });
    await createTable(db, 'sessions', {
      columns: `token_hash key, account_id account, created_at text, last_seen_at text,
        expires_at text`,
      indexes: { sessions_account: ['account_id'] },
    });
    await createTable(db, 'successful_logins', {
      columns: `id key, account_id account, logged_in_at text`,
      indexes: { successful_logins_account: ['account_id'] },
    });
    await createTable(db, 'answers', {
      columns: `account_id account, key text, value text, updated_at text`,
      primaryKey: ['account_id', 'key'],
    });
    await createTable(db, 'web_statuses', {
      columns: `account_id account, web_status text, created_at text`,
      primaryKey: ['account_id', 'web_status'],
    });
    await createTable(db, 'rate_limits', {
      columns: `bucket key, window_start text, hits integer`,
    });
  },
};
