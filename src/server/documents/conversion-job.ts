import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { PermanentJobError, type JobHandler } from '../jobs/job-runner';
import { DOCUMENT_ANSWERED } from '../../engine/read-only-document';
import type { DocumentKind } from '../../engine/file-rules';
import type { BlobStore } from './blob-store';
import { setAnswer } from './application-rows';
import { ConversionError, conversionMessages } from './conversion-messages';
import { convertToPdf, type ConversionTools } from './convert-document';
import type { DocxConverter } from './convert-docx';
import { defaultDocumentLimits, type DocumentLimits } from './limits';
import type { ConversionPayload } from './document-service';

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
 * and writes nothing when that upload was replaced or deleted meanwhile. COMPLETED marks the
 * answer ANSWERED; FAILED (a file that cannot be converted or passes a limit, at once, with its
 * message; any other error, after the last attempt) clears it.
 */
export function conversionJob(deps: ConversionJobDeps): JobHandler<ConversionPayload> {
  const { db, blobs, clock } = deps;
  const limits = deps.limits ?? defaultDocumentLimits;
  const current = (p: ConversionPayload) =>
    db
      .selectFrom('document_answers')
      .select(['upload_key', 'kind'])
      .where('account_id', '=', p.accountId)
      .where('answer_key', '=', p.answerKey)
      .where('conversion_id', '=', p.conversionId);
  const update = (p: ConversionPayload) =>
    db
      .updateTable('document_answers')
      .where('account_id', '=', p.accountId)
      .where('answer_key', '=', p.answerKey)
      .where('conversion_id', '=', p.conversionId);

  return {
    // The conversion's own deadline comes first and fails it for good (tooSlow): a file that took
    // too long once will again. The runner's timeout is only a backstop.
    timeoutMs: limits.timeoutMs + 30_000,

    async run(payload, { signal }) {
      const document = await current(payload).executeTakeFirst();
      if (!document) return;
      await update(payload)
        .set({
          status: 'IN_PROGRESS',
          message: conversionMessages.inProgress,
          updated_at: clock.now().toISOString(),
        })
        .execute();
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
      const completed = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('document_answers')
          .set({
            status: 'COMPLETED',
            pdf_key: pdfKey,
            message: conversionMessages.completed,
            updated_at: clock.now().toISOString(),
          })
          .where('account_id', '=', payload.accountId)
          .where('answer_key', '=', payload.answerKey)
          .where('conversion_id', '=', payload.conversionId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await setAnswer(trx, payload.accountId, payload.answerKey, DOCUMENT_ANSWERED, clock.now());
        return true;
      });
      if (!completed) await blobs.delete(pdfKey);
    },

    async failed(payload, failure) {
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('document_answers')
          .set({
            status: 'FAILED',
            message: failure.permanent ? failure.message : conversionMessages.failed,
            updated_at: clock.now().toISOString(),
          })
          .where('account_id', '=', payload.accountId)
          .where('answer_key', '=', payload.answerKey)
          .where('conversion_id', '=', payload.conversionId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) {
          await setAnswer(trx, payload.accountId, payload.answerKey, '', clock.now());
        }
      });
    },
  };
}
