/**
 * The entry of a conversion's child process (isolation.ts starts one per task, at the lowest CPU
 * priority): the work that decodes, parses or lays out an applicant's file, away from the process
 * that answers HTTP.
 */
import type { ApplicationPdfInput } from '../pdf/application-pdf';
import { ConversionError, conversionMessages } from './conversion-messages';

export type WorkerTask =
  | { task: 'image'; bytes: Uint8Array; kind: 'png' | 'jpeg'; maxPixels: number }
  | {
      task: 'check-pdf';
      bytes: Uint8Array;
      maxPages: number;
      maxInflatedBytes: number;
      maxImagePixels: number;
    }
  | {
      task: 'finish-pdf';
      bytes: Uint8Array;
      maxPages: number;
      maxBytes: number;
      maxImagePixels: number;
    }
  | { task: 'prepare-docx'; bytes: Uint8Array }
  | { task: 'docx-js'; bytes: Uint8Array }
  | {
      task: 'application-pdf';
      bytes: Uint8Array;
      input: ApplicationPdfInput;
      maxPages: number;
      maxBytes: number;
    };

export type WorkerReply =
  { ok: true; bytes: Uint8Array } | { ok: false; message: string; conversion: boolean };

/** Each task loads only the modules it needs (a thread starts faster without mammoth or fonts). */
async function perform(task: WorkerTask): Promise<Uint8Array> {
  switch (task.task) {
    case 'image': {
      const { imageToPdf } = await import('./convert-image');
      return imageToPdf(task.bytes, task.kind, task.maxPixels);
    }
    case 'check-pdf': {
      const { checkPdf } = await import('./convert-pdf');
      await checkPdf(task.bytes, task);
      return new Uint8Array();
    }
    case 'finish-pdf': {
      const { normalisePdf } = await import('./convert-pdf');
      const pdf = await normalisePdf(task.bytes, task.maxPages, task.maxImagePixels);
      if (pdf.byteLength > task.maxBytes) throw new ConversionError(conversionMessages.pdfTooLarge);
      return pdf;
    }
    case 'prepare-docx': {
      const { docxLimits, listZip, verifyZipSizes } = await import('./zip-inspection');
      const { stripExternalLinks } = await import('./docx-externals');
      const listing = await listZip(task.bytes, docxLimits);
      if (!listing.ok) {
        throw new ConversionError(
          listing.problem === 'unreadable'
            ? conversionMessages.docxUnreadable
            : conversionMessages.docxTooLarge,
        );
      }
      if (!(await verifyZipSizes(task.bytes))) {
        throw new ConversionError(conversionMessages.docxUnreadable);
      }
      try {
        return (await stripExternalLinks(task.bytes)).bytes;
      } catch {
        throw new ConversionError(conversionMessages.docxUnreadable);
      }
    }
    case 'docx-js': {
      const { JavascriptDocxConverter } = await import('./convert-docx');
      return new JavascriptDocxConverter().convert(task.bytes);
    }
    case 'application-pdf': {
      const { renderApplicationPdf } = await import('../pdf/application-pdf');
      const pdf = await renderApplicationPdf(task.input, task.maxPages);
      if (pdf.byteLength > task.maxBytes) {
        throw new ConversionError(conversionMessages.applicationTooLarge);
      }
      return pdf;
    }
  }
}

const send = process.send?.bind(process);

if (send) {
  // A spare process waits for its task: the modules most tasks need are loaded meanwhile.
  void import('./convert-image').catch(() => {});
  void import('./convert-pdf').catch(() => {});
  // The server is gone (or has let go of this process): nothing is left to answer.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (task: WorkerTask) => {
    const reply = (message: WorkerReply) => send(message);
    // Deserialised bytes are a view into the message's buffer: a copy of their own, as decoders
    // that read `.buffer` (the JPEG path) expect.
    perform({ ...task, bytes: new Uint8Array(task.bytes) }).then(
      (bytes) => reply({ ok: true, bytes }),
      (error: unknown) =>
        reply({
          ok: false,
          message: error instanceof Error ? error.message : String(error),
          conversion: error instanceof ConversionError,
        }),
    );
  });
}
