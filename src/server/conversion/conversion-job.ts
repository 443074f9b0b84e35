import { PermanentJobError, type JobHandler } from '../jobs/job-handler';
import type { DocumentKind } from '../../engine/file-rules';
import type { BlobStore } from '../blobs/blob-store';
import { ConversionError, conversionMessages } from './conversion-messages';
import { convertToPdf, type ConversionTools } from './convert-document';
import { asLightConversion } from './conversion-priority';
import type { DocxConverter } from './convert-docx';
import { defaultDocumentLimits, type DocumentLimits } from './limits';
import type { ConversionPayload } from '../uploads/conversion-steps';
import type { DocumentService } from '../uploads/document-service';

export interface ConversionJobDeps {
  /** The document rows' steps: started, completed, failed. */
  documents: Pick<DocumentService, 'startConversion' | 'completeConversion' | 'failConversion'>;
  blobs: BlobStore;
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
  const { documents, blobs } = deps;
  const limits = deps.limits ?? defaultDocumentLimits;

  return {
    // The conversion's own deadline comes first and fails it for good (tooSlow): a file that took
    // too long once will again. The runner's timeout is only a backstop.
    timeoutMs: limits.timeoutMs + 30_000,

    async run(payload, { signal, light }) {
      // Every write takes the account's exclusive step with submit (DocumentService).
      const document = await documents.startConversion(payload);
      if (!document) return;
      const upload = await blobs.get(document.upload_key);
      if (!upload) throw new PermanentJobError(conversionMessages.uploadMissing);
      let pdf: Uint8Array;
      try {
        const convert = () =>
          convertToPdf(document.kind as DocumentKind, upload, deps.docx, signal, {
            limits,
            tools: deps.tools?.(),
          });
        // In a light slot, its processes come before heavy conversions' (conversion-priority.ts).
        pdf = light ? await asLightConversion(convert) : await convert();
      } catch (error) {
        if (error instanceof ConversionError) throw new PermanentJobError(error.message);
        throw error;
      }
      if (signal.aborted) return;
      const pdfKey = `documents/${payload.accountId}/${payload.answerKey}/${payload.conversionId}.pdf`;
      await blobs.put(pdfKey, pdf, 'application/pdf');
      if (!(await documents.completeConversion(payload, pdfKey))) await blobs.delete(pdfKey);
    },

    async failed(payload, failure) {
      await documents.failConversion(
        payload,
        failure.permanent ? failure.message : conversionMessages.failed,
      );
    },
  };
}
