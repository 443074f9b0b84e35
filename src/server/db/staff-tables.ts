/**
 * The admissions office's tables (staff members, their sessions and service links, the audit log)
 * and those kept for the staff console (summaries, pending notes, missed-field counts): part of
 * Database (tables.ts), apart so that neither file passes 300 lines.
 */
import type { ColumnType } from 'kysely';

export interface StaffTables {
  /** An admissions staff member (issue 17): readers view applications; admins also manage. */
  staff: {
    id: string;
    email: string;
    role: 'reader' | 'admin';
    /** argon2id; null for a member who signs in only by single sign-on. */
    password_hash: string | null;
    /** The TOTP secret (base32), sealed with the server's key; null until set up. */
    totp_secret: string | null;
    /** When the member first gave a right code for the secret; null while it is being set up. */
    totp_confirmed_at: string | null;
    created_at: string;
    /**
     * 1 while the password is one generated for the member, to be replaced at sign-in; else 0
     * (the default: an insert may leave it out).
     */
    password_temporary: ColumnType<number, number | undefined, number>;
  };
  /** A staff sign-in; factor 'password' is half-way (TOTP still to give), 'full' is signed in. */
  staff_sessions: {
    token_hash: string;
    staff_id: string;
    factor: 'password' | 'full';
    created_at: string;
    last_seen_at: string;
    expires_at: string;
  };
  /** A service link issued from the console: its id is in the token, so it can be revoked. */
  staff_links: {
    id: string;
    account_id: string;
    /** The staff member's e-mail. */
    created_by: string;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
    revoked_by: string | null;
  };
  /** Append-only: rows are inserted, never updated or deleted (no code path does either). */
  audit_log: {
    id: string;
    at: string;
    /** Who: "staff:<e-mail>", "link:<link id>", "cli:<os user>". */
    actor: string;
    /** What: application.read, application.packet, export.csv, link.issue, data.erase, … */
    action: string;
    /** Whom: the applicant's subject id (audit_subjects, migration 0018), or null. */
    subject: string | null;
    /** JSON with what else the action needs said (filters, link id, counts). */
    detail: string;
    /** From where: the client's address as the server saw it. */
    ip: string;
  };
  /**
   * The audit log's applicants by pseudonym (migration 0018): a subject id and the e-mail it
   * stands for, until an erasure deletes the link; `erased_account_id` while its files go.
   */
  audit_subjects: {
    id: string;
    email: string;
    erased_account_id: string | null;
    created_at: string;
  };
  /**
   * One row per account for the staff console's list (issue 17), kept by triggers (migration
   * 0010): the name from the answers, the status as 0–3 recognised statuses, '' while unsubmitted.
   * The name and activity from answers come in batches (summary_pending, migration 0016).
   */
  application_summaries: {
    account_id: string;
    email: string;
    name: string;
    /** The name and e-mail in lower case: a change of it empties `words` (migration 0021). */
    search: string;
    /** The name and e-mail folded (search-words.ts), ' ' before each word; '' until folded. */
    words: ColumnType<string, string | undefined, string>;
    status: number;
    last_page: string;
    last_activity_at: string;
    submitted_at: string;
  };
  /**
   * Accounts whose answers were written since their summary row was last brought up to date
   * (migration 0016, summary-upkeep.ts): the latest time written, and 1 when a name answer was
   * among the writes.
   */
  summary_pending: {
    account_id: string;
    at: string;
    renamed: number;
  };
  /** Per page and field, how many applicants' latest validation reports name it (triggers). */
  missed_field_counts: {
    page: string;
    key: string;
    count: number;
  };
}
