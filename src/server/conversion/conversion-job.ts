import type { Clock } from '../clock';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { PermanentJobError, type JobHandler } from '../jobs/job-runner';
import { DOCUMENT_ANSWERED } from '../../engine/read-only-document';
import type { DocumentKind } from '../../engine/file-rules';
import type { BlobStore } from '../blobs/blob-store';
import { exclusive, isSubmitted } from '../application/account-lock';
import { setAnswer } from '../application/application-service';
import { ConversionError, conversionMessages } from './conversion-messages';
import { convertToPdf, type ConversionTools } from './convert-document';
import type { DocxConverter } from './convert-docx';
import { defaultDocumentLimits, type DocumentLimits } from './limits';
import type { ConversionPayload } from '../uploads/document-service';

export interface ConversionJobDeps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  docx: DocxConverter;
  limits?: DocumentLimits;
  /** The sandbox and Ghostscript to use (default: found on this machine). */
  tools?: () => ConversionTools;
}

/**
 * The job that converts an uploaded document to PDF. It works on the upload its payload names
 * and writes nothing when that upload was replaced or deleted meanwhile, or the application was
 * submitted (a conversion finishing after the freeze is discarded). COMPLETED marks the
 * answer ANSWERED; FAILED (a file that cannot be converted or passes a limit, at once, with its
 * message; any other error, after the last attempt) clears it.
 */
export function conversionJob(deps: ConversionJobDeps): JobHandler<ConversionPayload> {
  const { db, blobs, clock } = deps;
  const limits = deps.limits ?? defaultDocumentLimits;
  const current = (p: ConversionPayload, executor: Kysely<Database>) =>
    executor
      .selectFrom('document_answers')
      .select(['upload_key', 'kind'])
      .where('account_id', '=', p.accountId)
      .where('answer_key', '=', p.answerKey)
      .where('conversion_id', '=', p.conversionId);
  const update = (p: ConversionPayload, executor: Kysely<Database>) =>
    executor
      .updateTable('document_answers')
      .where('account_id', '=', p.accountId)
      .where('answer_key', '=', p.answerKey)
      .where('conversion_id', '=', p.conversionId);

  return {
    // The conversion's own deadline comes first and fails it for good (tooSlow): a file that took
    // too long once will again. The runner's timeout is only a backstop.
    timeoutMs: limits.timeoutMs + 30_000,

    async run(payload, { signal }) {
      // Every write below takes the account's exclusive step with submit (account-lock.ts) and
      // writes nothing once the application is submitted: the frozen copy stays as it was.
      const document = await exclusive(db, payload.accountId, async (trx) => {
        if (await isSubmitted(trx, payload.accountId)) return undefined;
        const found = await current(payload, trx).executeTakeFirst();
        if (!found) return undefined;
        await update(payload, trx)
          .set({
            status: 'IN_PROGRESS',
            message: conversionMessages.inProgress,
            updated_at: clock.now().toISOString(),
          })
          .execute();
        return found;
      });
      if (!document) return;
      const upload = await blobs.get(document.upload_key);
      if (!upload) throw new PermanentJobError(conversionMessages.uploadMissing);
      let pdf: Uint8Array;
      try {
        pdf = await convertToPdf(document.kind as DocumentKind, upload, deps.docx, signal, {
          limits,
          tools: deps.tools?.(),
        });
      } catch (error) {
        if (error instanceof ConversionError) throw new PermanentJobError(error.message);
        throw error;
      }
      if (signal.aborted) return;
      const pdfKey = `documents/${payload.accountId}/${payload.answerKey}/${payload.conversionId}.pdf`;
      await blobs.put(pdfKey, pdf, 'application/pdf');
      const completed = await exclusive(db, payload.accountId, async (trx) => {
        if (await isSubmitted(trx, payload.accountId)) return false;
        const result = await update(payload, trx)
          .set({
            status: 'COMPLETED',
            pdf_key: pdfKey,
            message: conversionMessages.completed,
            updated_at: clock.now().toISOString(),
          })
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await setAnswer(trx, payload.accountId, payload.answerKey, DOCUMENT_ANSWERED, clock.now());
        return true;
      });
      if (!completed) await blobs.delete(pdfKey);
    },

    async failed(payload, failure) {
      await exclusive(db, payload.accountId, async (trx) => {
        if (await isSubmitted(trx, payload.accountId)) return;
        const result = await update(payload, trx)
          .set({
            status: 'FAILED',
            message: failure.permanent ? failure.message : conversionMessages.failed,
            updated_at: clock.now().toISOString(),
          })
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) {
          await setAnswer(trx, payload.accountId, payload.answerKey, '', clock.now());
        }
      });
    },
  };
}
