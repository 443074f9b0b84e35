import type { ColumnType } from 'kysely';

/** Times are ISO-8601 UTC strings (toISOString), which sort and compare as text on both databases. */
export interface Database {
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
    /** 1: a job of bounded cost (an image) that may use the runner's express slot. */
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
  /** The application PDF: a draft rebuilt when the answers change, and the copy frozen at submit. */
  application_pdfs: {
    account_id: string;
    kind: 'draft' | 'final';
    /** Changes with every build asked for, so a superseded build job knows to do nothing. */
    build_id: string;
    status: 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
    /** A hash of what the PDF shows (answers, layout choices, documents, forms version). */
    state_hash: string;
    pdf_key: string | null;
    message: string;
    updated_at: string;
  };
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
    /** The name and e-mail in lower case, searched with LIKE. */
    search: string;
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
