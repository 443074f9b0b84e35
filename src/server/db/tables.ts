import type { ColumnType } from 'kysely';
import type { Locale } from '../../contract/locale';
import type { StaffTables } from './staff-tables';

/** Times are ISO-8601 UTC strings (toISOString), which sort and compare as text on both databases. */
export interface Database extends StaffTables {
  accounts: {
    id: string;
    username: string;
    password_hash: string;
    confirmed_at: string | null;
    last_page: string;
    created_at: string;
    /** The definitions version of the applicant's last save (null before any save recorded one). */
    forms_version: string | null;
    /**
     * When the application was submitted (null before): the submission's own time, copied by a
     * trigger (migration 0014) so that a save on PostgreSQL checks it on the row it locks.
     */
    submitted_at: string | null;
    /** The applicant's language (migration 0022): their mail's and PDF's; 'en' unless chosen. */
    language: ColumnType<Locale, Locale | undefined, Locale>;
  };
  confirmation_codes: {
    account_id: string;
    code_hash: string;
    expires_at: string;
    attempts: number;
  };
  /**
   * One row per sign-up of an address not yet confirmed (migration 0017): the password that
   * sign-up chose and its own code; confirming with the code activates that password.
   */
  pending_sign_ups: {
    id: string;
    account_id: string;
    /** The sign-up's place among the address's sign-ups, 1 for the first. */
    seq: number;
    password_hash: string;
    code_hash: string;
    expires_at: string;
    attempts: number;
    created_at: string;
  };
  password_resets: {
    id_hash: string;
    account_id: string;
    expires_at: string;
    used_at: string | null;
  };
  sessions: {
    token_hash: string;
    account_id: string;
    created_at: string;
    last_seen_at: string;
    expires_at: string;
  };
  successful_logins: {
    id: string;
    account_id: string;
    logged_in_at: string;
  };
  answers: {
    account_id: string;
    key: string;
    value: string;
    updated_at: string;
  };
  web_statuses: {
    account_id: string;
    web_status: string;
    created_at: string;
  };
  rate_limits: {
    bucket: string;
    window_start: string;
    hits: number;
  };
  /** The copy of the answers frozen at submission, with the forms it was answered against. */
  submissions: {
    account_id: string;
    answers: string;
    forms_version: string;
    submitted_at: string;
  };
  /** Each definitions version a server has run: its label and pages + schemas as JSON. */
  definition_snapshots: {
    version: string;
    label: string;
    definitions: string;
    created_at: string;
  };
  /** A visitor's answers, kept under a temporary single-use token until they have an account. */
  visitor_answers: {
    token_hash: string;
    answers: string;
    expires_at: string;
    /** Keyed hash of the IP that kept them ('' for rows from before the quota). */
    owner_hash: string;
  };
  /** What applicants were missing when they saved while validating (SPEC §5), kept for staff. */
  validation_reports: {
    id: string;
    account_id: string;
    /** The page id the reported fields are on ('' for keys on no page); one report per page. */
    page: string;
    errors: string;
    created_at: string;
  };
  /**
   * Schools searched by /lookup/find, loaded from data/lookup. The full-text index beside it is
   * dialect-specific and reached with raw SQL: the FTS5 table lookup_fts (rowid = entry_no) on
   * SQLite, the generated tsvector column `search` on PostgreSQL.
   */
  lookup_entries: {
    category: string;
    id: string;
    entry_no: number;
    name: string;
    ceeb: string;
    address_line_1: string;
    city: string;
    state: string;
    zip: string;
    country: string;
    name_key: string;
    search_text: string;
  };
  /** Facts about the loaded lookup data; key "data_hash" tells whether the files changed. */
  lookup_meta: {
    key: string;
    value: string;
  };
  /** How many blocks of each add-another question an applicant shows (SPEC §4 "Add another"). */
  add_another_counts: {
    account_id: string;
    button_id: string;
    num_components: number;
  };
  /** Which tab of each tabs question an applicant chose (SPEC §4 "Tabs"). */
  chosen_tabs: {
    account_id: string;
    tab_id: string;
    chosen_tab: string;
  };
  /**
   * The table-backed job queue (conversions, application PDFs). A runner claims a due job by
   * setting it running with a lease (locked_until, locked_by); a job whose lease ran out is
   * claimed again, so a runner that died loses nothing.
   */
  jobs: {
    id: string;
    kind: string;
    /** JSON. */
    payload: string;
    status: 'queued' | 'running' | 'done' | 'failed';
    attempts: number;
    max_attempts: number;
    run_after: string;
    locked_until: string | null;
    locked_by: string | null;
    last_error: string | null;
    /** Whose job it is (an account id): at most one of an owner's jobs runs at a time. */
    owner: string | null;
    /** 1: a light job (an image or a small document: uploads/conversion-cost.ts), runner's light slot. */
    express: number;
    created_at: string;
    updated_at: string;
  };
  /** Object keys a presigned upload was issued for: only these may be converted, by their owner. */
  upload_grants: {
    object_key: string;
    account_id: string;
    answer_key: string;
    expires_at: string;
    created_at: string;
    /** Set, once, when the form's file is received (the local store's /uploads). */
    uploaded_at: string | null;
  };
  /** An applicant's document for a file question, and its conversion to PDF (SPEC §3, §4). */
  document_answers: {
    account_id: string;
    answer_key: string;
    file_name: string;
    file_size: number;
    /** The type found by content: png, jpeg, pdf or docx. */
    kind: string;
    upload_key: string;
    pdf_key: string | null;
    /** Changes with every new upload, so a superseded conversion job knows to do nothing. */
    conversion_id: string;
    status: 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
    message: string;
    created_at: string;
    updated_at: string;
  };
  /**
   * The application PDF: a draft rebuilt when the answers change, and the copy frozen at submit;
   * with it the staff packet, the same answers in English (kind text: no migration for 'packet').
   */
  application_pdfs: {
    account_id: string;
    kind: 'draft' | 'final' | 'packet';
    /** Changes with every build asked for, so a superseded build job knows to do nothing. */
    build_id: string;
    status: 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
    /** A hash of what the PDF shows (answers, layout choices, documents, forms version). */
    state_hash: string;
    pdf_key: string | null;
    message: string;
    updated_at: string;
  };
}
