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
import { blobPrefixes, heldAbout } from './held-data';
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
  // Last: a note for the staff summary not yet brought in (summary-upkeep.ts). Deleting rows
  // above writes none (migration 0013's triggers are on inserts and updates of answers).
  ['summary_pending', 'account_id'],
] as const satisfies ReadonlyArray<readonly [keyof Database, string]>;

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
    const { held, files } = await heldAbout(this.db, this.blobs, this.clock, account);
    await new AuditLog(this.db, this.clock).record({
      actor: by.actor,
      action: 'data.export',
      subject: account.username,
      detail: { accountId: account.id, files: files.length },
      ip: by.ip,
    });

    const zip = new yazl.ZipFile();
    // A file that cannot be read (the blob store failing) ends the download with that error:
    // without a listener, yazl's "error" event would throw and take the process down.
    const output = Readable.from(zip.outputStream);
    zip.on('error', (error: Error) => output.destroy(error));
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
    return { email: account.username, zip: output };
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
