import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { AppError, errors } from '../errors';
import { randomToken } from '../identity/secrets';
import type { JobQueue } from '../jobs/job-queue';
import { checkFile, MAX_FILE_BYTES } from '../../engine/file-rules';
import { isSafeKey, type BlobStore, type PresignedPost } from '../blobs/blob-store';
import { setAnswer } from '../application/application-service';
import { assertNotSubmitted, exclusive, isSubmitted } from '../application/account-lock';
import { isLightConversion } from './conversion-cost';
import {
  completeConversion,
  failConversion,
  startConversion,
  type ConversionPayload,
} from './conversion-steps';
import { conversionMessages } from '../conversion/conversion-messages';
import { documentKindOf } from '../conversion/file-content';
import type { DocumentAnswer } from '../../contract/documents';

export type ConversionStatus = Database['document_answers']['status'] | 'NOT_ANSWERED';

export const CONVERT_DOCUMENT = 'convert-document';
/** How long a presigned upload form may be used. */
const UPLOAD_TTL_SECONDS = 10 * 60;

export interface DocumentServiceDeps {
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  clock: Clock;
  /** The keys of the forms' file questions. */
  fileKeys: ReadonlySet<string>;
}

/** An applicant's documents: uploads, their conversion to PDF, listing and deleting. */
export class DocumentService {
  constructor(private readonly deps: DocumentServiceDeps) {}

  /** 400 unless `key` is a file question of the forms. */
  assertFileQuestion(key: string): void {
    if (!this.deps.fileKeys.has(key)) {
      throw errors.FILE_QUESTION_UNKNOWN(key);
    }
  }

  /**
   * An early 409 before any work on a file; the write itself checks again inside the account's
   * exclusive step, which is what decides against a racing submit.
   */
  private async assertOpen(accountId: string): Promise<void> {
    if (await isSubmitted(this.deps.db, accountId)) throw new AppError('ALREADY_SUBMITTED');
  }

  /** A presigned POST for a new object of this applicant and question, remembered as issued. */
  async presign(accountId: string, answerKey: string): Promise<PresignedPost> {
    this.assertFileQuestion(answerKey);
    const key = `uploads/${accountId}/${answerKey}/${randomToken()}`;
    const now = this.deps.clock.now();
    await exclusive(this.deps.db, accountId, async (trx) => {
      await assertNotSubmitted(trx, accountId);
      await trx
        .insertInto('upload_grants')
        .values({
          object_key: key,
          account_id: accountId,
          answer_key: answerKey,
          expires_at: new Date(now.getTime() + UPLOAD_TTL_SECONDS * 1000).toISOString(),
          created_at: now.toISOString(),
        })
        .execute();
    });
    return this.deps.blobs.presignPost({
      key,
      accountId,
      maxBytes: MAX_FILE_BYTES,
      expiresInSeconds: UPLOAD_TTL_SECONDS,
    });
  }

  /**
   * Checks an uploaded file (issued to this applicant for this question, name, size, type by
   * content) and queues its conversion, replacing any earlier document of the question.
   */
  async requestConversion(
    accountId: string,
    answerKey: string,
    fileKey: string,
    fileName: string,
  ): Promise<{ status: ConversionStatus; message: string }> {
    const { db, blobs, queue, clock } = this.deps;
    this.assertFileQuestion(answerKey);
    await this.assertOpen(accountId);
    const grant = isSafeKey(fileKey)
      ? await db
          .selectFrom('upload_grants')
          .select('object_key')
          .where('object_key', '=', fileKey)
          .where('account_id', '=', accountId)
          .where('answer_key', '=', answerKey)
          .executeTakeFirst()
      : undefined;
    if (!grant) throw new AppError('UPLOAD_NOT_ISSUED');
    const bytes = await blobs.get(fileKey);
    if (!bytes) throw new AppError('UPLOAD_MISSING');
    const problems = checkFile({ name: fileName, size: bytes.length });
    const content = problems.length === 0 ? await documentKindOf(bytes) : undefined;
    if (problems.length > 0 || !content?.ok) {
      await blobs.delete(fileKey);
      const messages = content && !content.ok ? [content.message] : problems;
      throw new AppError('FILE_REJECTED', messages[0], { [answerKey]: messages });
    }

    const light = await isLightConversion(content.kind, bytes);
    const now = clock.now();
    const conversionId = randomUUID();
    // Checked again inside the account's exclusive step (account-lock.ts): a submit that landed
    // while the file was being checked wins, and this request gets 409.
    const previous = await exclusive(db, accountId, async (trx) => {
      await assertNotSubmitted(trx, accountId);
      const old = await trx
        .selectFrom('document_answers')
        .select(['upload_key', 'pdf_key'])
        .where('account_id', '=', accountId)
        .where('answer_key', '=', answerKey)
        .executeTakeFirst();
      const row = {
        file_name: fileName,
        file_size: bytes.length,
        kind: content.kind,
        upload_key: fileKey,
        pdf_key: null,
        conversion_id: conversionId,
        status: 'UNPROCESSED' as const,
        message: conversionMessages.unprocessed,
        updated_at: now.toISOString(),
      };
      await trx
        .insertInto('document_answers')
        .values({
          account_id: accountId,
          answer_key: answerKey,
          created_at: now.toISOString(),
          ...row,
        })
        .onConflict((oc) => oc.columns(['account_id', 'answer_key']).doUpdateSet(row))
        .execute();
      await setAnswer(trx, accountId, answerKey, '', now);
      const payload: ConversionPayload = { accountId, answerKey, conversionId };
      // A light file may take the runners' light slot while heavy ones convert (issue 41, F5).
      await queue.enqueue(CONVERT_DOCUMENT, payload, { owner: accountId, express: light }, trx);
      return old;
    });
    for (const key of [previous?.upload_key, previous?.pdf_key]) {
      if (key && key !== fileKey) await blobs.delete(key);
    }
    return { status: 'UNPROCESSED', message: conversionMessages.unprocessed };
  }

  /** The conversion's status and message (SPEC §3); NOT_ANSWERED when there is no document. */
  async status(
    accountId: string,
    answerKey: string,
  ): Promise<{ status: ConversionStatus; message: string }> {
    this.assertFileQuestion(answerKey);
    const row = await this.row(accountId, answerKey);
    return row
      ? { status: row.status, message: row.message }
      : { status: 'NOT_ANSWERED', message: conversionMessages.notAnswered };
  }

  /** Deletes a question's document: the answer, the conversion and every stored file. */
  async remove(accountId: string, answerKey: string): Promise<void> {
    const { db, blobs, clock } = this.deps;
    this.assertFileQuestion(answerKey);
    const keys = await exclusive(db, accountId, async (trx) => {
      await assertNotSubmitted(trx, accountId);
      const document = await trx
        .deleteFrom('document_answers')
        .where('account_id', '=', accountId)
        .where('answer_key', '=', answerKey)
        .returning(['upload_key', 'pdf_key'])
        .executeTakeFirst();
      const grants = await trx
        .deleteFrom('upload_grants')
        .where('account_id', '=', accountId)
        .where('answer_key', '=', answerKey)
        .returning('object_key')
        .execute();
      await setAnswer(trx, accountId, answerKey, '', clock.now());
      return [document?.upload_key, document?.pdf_key, ...grants.map((g) => g.object_key)];
    });
    for (const key of new Set(keys)) if (key) await blobs.delete(key);
  }

  /** The applicant's documents that are attached or being converted (failed ones are not). */
  async list(accountId: string): Promise<Record<string, DocumentAnswer>> {
    const rows = await this.deps.db
      .selectFrom('document_answers')
      .select(['answer_key', 'file_name', 'file_size'])
      .where('account_id', '=', accountId)
      .where('status', '!=', 'FAILED')
      .orderBy('answer_key')
      .execute();
    return Object.fromEntries(
      rows.map((r) => [r.answer_key, { file_name: r.file_name, file_size: Number(r.file_size) }]),
    );
  }

  /** The converted documents, for the application PDF. */
  async completed(
    accountId: string,
  ): Promise<Array<{ answerKey: string; fileName: string; pdfKey: string; conversionId: string }>> {
    const rows = await this.deps.db
      .selectFrom('document_answers')
      .select(['answer_key', 'file_name', 'pdf_key', 'conversion_id'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'COMPLETED')
      .orderBy('answer_key')
      .execute();
    return rows.flatMap((r) =>
      r.pdf_key
        ? [
            {
              answerKey: r.answer_key,
              fileName: r.file_name,
              pdfKey: r.pdf_key,
              conversionId: r.conversion_id,
            },
          ]
        : [],
    );
  }

  /** A question's converted PDF, if its conversion completed. */
  async convertedPdf(accountId: string, answerKey: string): Promise<Uint8Array | undefined> {
    this.assertFileQuestion(answerKey);
    const row = await this.row(accountId, answerKey);
    return row?.status === 'COMPLETED' && row.pdf_key
      ? this.deps.blobs.get(row.pdf_key)
      : undefined;
  }

  /*
   * The conversion job's steps (conversion/conversion-job.ts), in conversion-steps.ts: each takes
   * the account's exclusive step with submit and writes nothing once the application is submitted
   * or the upload the payload names was replaced or deleted.
   */

  /** Marks the conversion IN_PROGRESS; its upload, or undefined when there is nothing to do. */
  startConversion(p: ConversionPayload): Promise<{ upload_key: string; kind: string } | undefined> {
    return startConversion(this.deps, p);
  }

  /** Records the converted PDF and marks the answer ANSWERED; false when it came too late. */
  completeConversion(p: ConversionPayload, pdfKey: string): Promise<boolean> {
    return completeConversion(this.deps, p, pdfKey);
  }

  /** Records the failure with its message and clears the answer. */
  failConversion(p: ConversionPayload, message: string): Promise<void> {
    return failConversion(this.deps, p, message);
  }

  private row(accountId: string, answerKey: string) {
    return this.deps.db
      .selectFrom('document_answers')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('answer_key', '=', answerKey)
      .executeTakeFirst();
  }
}
