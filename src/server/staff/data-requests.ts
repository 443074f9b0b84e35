import { Readable } from 'node:stream';
import { sql } from 'kysely';
import yazl from 'yazl';
import type { BlobStore } from '../blobs/blob-store';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { errors } from '../errors';
import { normalise } from '../identity/accounts';
import { AuditLog } from './audit-log';
import type { Erased } from '../../contract/staff-admin';

/** Who asked, for the audit record: "staff:<e-mail>" or "cli:<os user>", and from where. */
export interface Requester {
  actor: string;
  ip: string;
}

/** Every table that holds rows of one applicant, and the column naming them. */
const applicantTables = [
  ['answers', 'account_id'],
  ['add_another_counts', 'account_id'],
  ['chosen_tabs', 'account_id'],
  ['web_statuses', 'account_id'],
  ['submissions', 'account_id'],
  ['validation_reports', 'account_id'],
  ['document_answers', 'account_id'],
  ['application_pdfs', 'account_id'],
  ['upload_grants', 'account_id'],
  ['sessions', 'account_id'],
  ['successful_logins', 'account_id'],
  ['confirmation_codes', 'account_id'],
  ['password_resets', 'account_id'],
  ['staff_links', 'account_id'],
  ['jobs', 'owner'],
] as const satisfies ReadonlyArray<readonly [keyof Database, string]>;

/** The folders of the blob store an applicant's files are kept under (uploads, conversions, PDFs). */
const blobPrefixes = (accountId: string) => [
  `uploads/${accountId}/`,
  `documents/${accountId}/`,
  `pdfs/${accountId}/`,
];

/**
 * An applicant's data requests (FERPA, GDPR; issue 17), shared by the staff console and
 * `npm run applicant`: export everything held about them, as JSON and their files in a zip; and
 * erase them, leaving only the audit record that says so.
 */
export class DataRequests {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
  ) {}

  private async accountOf(email: string) {
    const account = await this.db
      .selectFrom('accounts')
      .select(['id', 'username', 'confirmed_at', 'last_page', 'created_at'])
      .where('username', '=', normalise(email))
      .executeTakeFirst();
    if (!account) throw errors.APPLICANT_EMAIL_UNKNOWN(normalise(email));
    return account;
  }

  /**
   * A zip streamed as it is written: applicant.json (every row about them, secrets left out) and
   * each of their files, read from the blob store one at a time as the zip reaches it, so memory
   * holds one file at most. The export is audited (data.export) before it starts.
   */
  async export(email: string, by: Requester): Promise<{ email: string; zip: Readable }> {
    const account = await this.accountOf(email);
    const id = account.id;
    const [
      logins,
      sessions,
      answers,
      addAnother,
      tabs,
      webStatuses,
      submission,
      reports,
      documents,
      pdfs,
      grants,
      jobs,
      links,
    ] = await Promise.all([
      this.db
        .selectFrom('successful_logins')
        .select('logged_in_at')
        .where('account_id', '=', id)
        .orderBy('logged_in_at')
        .execute(),
      this.db
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at', 'expires_at'])
        .where('account_id', '=', id)
        .orderBy('created_at')
        .execute(),
      this.db
        .selectFrom('answers')
        .select(['key', 'value', 'updated_at'])
        .where('account_id', '=', id)
        .orderBy('key')
        .execute(),
      this.db
        .selectFrom('add_another_counts')
        .select(['button_id', 'num_components'])
        .where('account_id', '=', id)
        .orderBy('button_id')
        .execute(),
      this.db
        .selectFrom('chosen_tabs')
        .select(['tab_id', 'chosen_tab'])
        .where('account_id', '=', id)
        .orderBy('tab_id')
        .execute(),
      this.db
        .selectFrom('web_statuses')
        .select(['web_status', 'created_at'])
        .where('account_id', '=', id)
        .orderBy('created_at')
        .execute(),
      this.db
        .selectFrom('submissions')
        .select(['answers', 'forms_version', 'submitted_at'])
        .where('account_id', '=', id)
        .executeTakeFirst(),
      this.db
        .selectFrom('validation_reports')
        .select(['page', 'errors', 'created_at'])
        .where('account_id', '=', id)
        .orderBy('page')
        .execute(),
      this.db
        .selectFrom('document_answers')
        .selectAll()
        .where('account_id', '=', id)
        .orderBy('answer_key')
        .execute(),
      this.db
        .selectFrom('application_pdfs')
        .selectAll()
        .where('account_id', '=', id)
        .orderBy('kind')
        .execute(),
      this.db
        .selectFrom('upload_grants')
        .select(['object_key', 'answer_key', 'created_at', 'uploaded_at'])
        .where('account_id', '=', id)
        .orderBy('created_at')
        .execute(),
      this.db
        .selectFrom('jobs')
        .select(['kind', 'status', 'attempts', 'last_error', 'created_at', 'updated_at'])
        .where('owner', '=', id)
        .orderBy('created_at')
        .execute(),
      this.db
        .selectFrom('staff_links')
        .select(['id', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'revoked_by'])
        .where('account_id', '=', id)
        .orderBy('created_at')
        .execute(),
    ]);
    const audit = await this.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', account.username)
      .orderBy('at')
      .orderBy('id')
      .execute();

    // Each stored file, under a name a person can read; files no row names any more are kept too.
    const names = new Map<string, string>();
    for (const document of documents) {
      names.set(document.upload_key, `uploads/${document.answer_key}/${document.file_name}`);
      if (document.pdf_key) names.set(document.pdf_key, `documents/${document.answer_key}.pdf`);
    }
    for (const pdf of pdfs) {
      if (pdf.pdf_key) names.set(pdf.pdf_key, `application/${pdf.kind}.pdf`);
    }
    const keys = (
      await Promise.all(blobPrefixes(id).map((prefix) => this.blobs.list(prefix)))
    ).flat();
    const files = keys.map((key) => ({ key, name: names.get(key) ?? `other/${key}` }));

    const held = {
      exportedAt: this.clock.now().toISOString(),
      account: {
        id,
        email: account.username,
        confirmedAt: account.confirmed_at,
        lastPage: account.last_page,
        createdAt: account.created_at,
      },
      logins: logins.map((row) => row.logged_in_at),
      sessions,
      answers,
      addAnother,
      tabs,
      webStatuses,
      submission: submission
        ? { ...submission, answers: JSON.parse(submission.answers) as unknown }
        : null,
      validationReports: reports.map((row) => ({
        ...row,
        errors: JSON.parse(row.errors) as unknown,
      })),
      documents: documents.map((row) => ({
        answerKey: row.answer_key,
        fileName: row.file_name,
        fileSize: row.file_size,
        kind: row.kind,
        status: row.status,
        message: row.message,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
      applicationPdfs: pdfs.map((row) => ({
        kind: row.kind,
        status: row.status,
        message: row.message,
        updatedAt: row.updated_at,
      })),
      uploads: grants,
      jobs,
      links,
      audit: audit.map((row) => ({ ...row, detail: JSON.parse(row.detail) as unknown })),
      files: files.map((file) => file.name),
    };

    await new AuditLog(this.db, this.clock).record({
      actor: by.actor,
      action: 'data.export',
      subject: account.username,
      detail: { accountId: id, files: files.length },
      ip: by.ip,
    });

    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(`${JSON.stringify(held, null, 2)}\n`), 'applicant.json');
    for (const file of files) {
      zip.addReadStreamLazy(file.name, (callback) => {
        this.blobs.get(file.key).then(
          // A file erased meanwhile is exported empty rather than failing the whole zip.
          (bytes) => callback(null, Readable.from([Buffer.from(bytes ?? new Uint8Array())])),
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    }
    zip.end();
    return { email: account.username, zip: Readable.from(zip.outputStream) };
  }

  /**
   * Erases an applicant: every row of theirs in one transaction, with the audit record of it
   * (data.erase, about their e-mail, naming the account id); then, once that is committed, every
   * file under their folders of the blob store. Should removing the files fail, erasing the same
   * e-mail again finds the account id in that audit record and removes what is left.
   */
  async erase(email: string, by: Requester): Promise<Erased> {
    const address = normalise(email);
    const account = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', address)
      .executeTakeFirst();
    let counts = { documents: 0, answers: 0, sessions: 0 };
    let accountId: string;
    if (account) {
      accountId = account.id;
      counts = await this.db.transaction().execute(async (trx) => {
        const deleted: Record<string, number> = {};
        for (const [table, column] of applicantTables) {
          const result = await trx
            .deleteFrom(table)
            .where(sql<boolean>`${sql.ref(column)} = ${accountId}`)
            .executeTakeFirst();
          deleted[table] = Number(result.numDeletedRows);
        }
        // Jobs queued before jobs had an owner name the account in their payload only.
        deleted.jobs =
          (deleted.jobs ?? 0) +
          Number(
            (
              await trx
                .deleteFrom('jobs')
                .where('payload', 'like', `%"accountId":"${accountId}"%`)
                .executeTakeFirst()
            ).numDeletedRows,
          );
        await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
        await new AuditLog(trx, this.clock).record({
          actor: by.actor,
          action: 'data.erase',
          subject: address,
          detail: { accountId, rows: deleted },
          ip: by.ip,
        });
        return {
          documents: deleted.document_answers ?? 0,
          answers: deleted.answers ?? 0,
          sessions: deleted.sessions ?? 0,
        };
      });
    } else {
      accountId = await this.erasedAccountOf(address);
    }
    let blobs = 0;
    for (const prefix of blobPrefixes(accountId)) {
      for (const key of await this.blobs.list(prefix)) {
        await this.blobs.delete(key);
        blobs++;
      }
    }
    if (!account) {
      await new AuditLog(this.db, this.clock).record({
        actor: by.actor,
        action: 'data.erase',
        subject: address,
        detail: { accountId, blobs, again: true },
        ip: by.ip,
      });
    }
    return { email: address, blobs, ...counts };
  }

  /** The account id an earlier erasure of this e-mail recorded; a 404 when there was none. */
  private async erasedAccountOf(address: string): Promise<string> {
    const rows = await this.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'data.erase')
      .where('subject', '=', address)
      .orderBy('at', 'desc')
      .execute();
    for (const row of rows) {
      const { accountId } = JSON.parse(row.detail) as { accountId?: unknown };
      if (typeof accountId === 'string') return accountId;
    }
    throw errors.APPLICANT_EMAIL_UNKNOWN(address);
  }
}
