import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { BlobStore } from '../blobs/blob-store';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { errors } from '../errors';
import { normalise } from '../identity/accounts';
import { removeOutboxMail } from '../mail/mailer';
import { AuditLog } from './audit-log';
import { deleteRowsOf, flushFreedPages } from './erasure-traces';
import { blobPrefixes, heldAbout } from './held-data';
import { applicationSummary } from './applications-query';
import type { DataRequestApplicant, Erased } from '../../contract/staff-admin';

/** Who asked, for the audit record: "staff:<e-mail>" or "cli:<os user>", and from where. */
export interface Requester {
  actor: string;
  ip: string;
}

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
    /** `outbox`: the folder mail is written to, with no SMTP_URL (mailer.ts's outboxOf). */
    private readonly options: { outbox?: string } = {},
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
   * What an erasure of `email` would remove, for the erase dialog: the applicant's name, status,
   * submission time and number of documents; APPLICANT_EMAIL_UNKNOWN at once for an address no
   * account has. It shows personal data, so it is audited (data.lookup).
   */
  async describe(email: string, by: Requester): Promise<DataRequestApplicant> {
    const account = await this.accountOf(email);
    const [summary, documents] = await Promise.all([
      applicationSummary(this.db, account.id),
      this.db
        .selectFrom('document_answers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('account_id', '=', account.id)
        .executeTakeFirstOrThrow(),
    ]);
    await new AuditLog(this.db, this.clock).record({
      actor: by.actor,
      action: 'data.lookup',
      subject: account.username,
      ip: by.ip,
    });
    return {
      email: account.username,
      name: summary?.name ?? '',
      status: summary?.status ?? 'none',
      submittedAt: summary?.submittedAt ?? null,
      documents: Number(documents.n),
    };
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
      detail: { files: files.length },
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
   * (data.erase, about their subject id); then, once that is committed, every file under their
   * folders of the blob store, the mail to them still in the outbox, and the link from their
   * subject id to their e-mail (audit-subjects.ts), so the audit no longer says whose rows those
   * are. Until that last step the link keeps the account id: should removing the files fail,
   * erasing the same e-mail again finds it there and removes what is left. SQLite's freed pages
   * are zeroed as they go (secure_delete) and its WAL is emptied at the end (erasure-traces.ts).
   */
  async erase(email: string, by: Requester): Promise<Erased> {
    const address = normalise(email);
    const account = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', address)
      .executeTakeFirst();
    let counts = { documents: 0, answers: 0, sessions: 0 };
    let accountId: string | null;
    if (account) {
      accountId = account.id;
      counts = await this.db.transaction().execute(async (trx) => {
        const deleted = await deleteRowsOf(trx, account.id, address);
        await trx.deleteFrom('accounts').where('id', '=', account.id).execute();
        await new AuditLog(trx, this.clock).record({
          actor: by.actor,
          action: 'data.erase',
          subject: address,
          detail: { rows: deleted },
          ip: by.ip,
        });
        await trx
          .updateTable('audit_subjects')
          .set({ erased_account_id: account.id })
          .where('email', '=', address)
          .execute();
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
    for (const prefix of accountId ? blobPrefixes(accountId) : []) {
      for (const key of await this.blobs.list(prefix)) {
        await this.blobs.delete(key);
        blobs++;
      }
    }
    const mails = this.options.outbox ? await removeOutboxMail(this.options.outbox, address) : 0;
    if (!account) {
      await new AuditLog(this.db, this.clock).record({
        actor: by.actor,
        action: 'data.erase',
        subject: address,
        detail: { blobs, mails, again: true },
        ip: by.ip,
      });
    }
    await this.db.deleteFrom('audit_subjects').where('email', '=', address).execute();
    await flushFreedPages(this.db);
    return { email: address, blobs, ...counts };
  }

  /**
   * For an address with no account: the account id of its erasure left unfinished, or null when
   * the audit still links the address though its account went otherwise (an unconfirmed sign-up
   * purged), whose link the erasure then removes; a 404 when the audit does not know it either.
   */
  private async erasedAccountOf(address: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('audit_subjects')
      .select('erased_account_id')
      .where('email', '=', address)
      .executeTakeFirst();
    if (!row) throw errors.APPLICANT_EMAIL_UNKNOWN(address);
    return row.erased_account_id;
  }
}
