import type { Migration } from 'kysely';
import { createTable, type MigrationDb } from './schema-parts';

/**
 * The admissions office's side (issue 17): staff members and their sessions, the staff links
 * issued from the console (revocable, unlike the CLI's signed links), and the append-only audit
 * log of every read, export and data request.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await createTable(db, 'staff', {
      columns: `id key, email unique text, role text, password_hash text?, totp_secret text?,
        totp_confirmed_at text?, created_at text`,
    });
    await createTable(db, 'staff_sessions', {
      columns: `token_hash key, staff_id staff, factor text, created_at text, last_seen_at text,
        expires_at text`,
      indexes: { staff_sessions_staff: ['staff_id'] },
    });
    await createTable(db, 'staff_links', {
      columns: `id key, account_id text, created_by text, created_at text, expires_at text,
        revoked_at text?, revoked_by text?`,
      indexes: { staff_links_account: ['account_id'] },
    });
    await createTable(db, 'audit_log', {
      columns: `id key, at text, actor text, action text, subject text?, detail text, ip text`,
      indexes: { audit_log_at: ['at'] },
    });
  },
};
