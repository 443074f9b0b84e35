/**
 * The entry of a conversion's worker thread (isolation.ts starts one per task): the work that
 * decodes, parses or lays out an applicant's file, away from the thread that answers HTTP.
 */
import { setPriority } from 'node:os';
import { isMainThread, parentPort } from 'node:worker_threads';
import type { ApplicationPdfInput } from './application-pdf';
import { ConversionError, conversionMessages } from './conversion-messages';

export type WorkerTask =
  | { task: 'image'; bytes: Uint8Array; kind: 'png' | 'jpeg'; maxPixels: number }
  | { task: 'check-pdf'; bytes: Uint8Array; maxPages: number; maxInflatedBytes: number }
  | { task: 'finish-pdf'; bytes: Uint8Array; maxPages: number; maxBytes: number }
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
      const pdf = await normalisePdf(task.bytes, task.maxPages);
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
      const { renderApplicationPdf } = await import('./application-pdf');
      const pdf = await renderApplicationPdf(task.input, task.maxPages);
      if (pdf.byteLength > task.maxBytes) {
        throw new ConversionError(conversionMessages.applicationTooLarge);
      }
      return pdf;
    }
  }
}

if (!isMainThread && process.platform === 'linux') {
  // The lowest CPU priority for this thread alone: on Linux, setpriority(PRIO_PROCESS, 0) applies
  // to the calling thread, so the thread answering HTTP keeps its own (elsewhere it would lower the
  // whole server's, hence Linux only). isolation.ts starts libuv's thread pool from the main thread
  // first, as threads started from this one would inherit its priority.
  try {
    setPriority(0, 19);
  } catch {
    // refused (a seccomp profile): the thread runs at the server's priority
  }
}

if (parentPort) {
  // A spare thread waits for its task: the modules most tasks need are loaded meanwhile.
  void import('./convert-image').catch(() => {});
  void import('./convert-pdf').catch(() => {});
}

parentPort?.once('message', (task: WorkerTask) => {
  perform(task).then(
    (bytes) => {
      const copy = new Uint8Array(bytes);
      parentPort!.postMessage({ ok: true, bytes: copy } satisfies WorkerReply, [copy.buffer]);
    },
    (error: unknown) =>
      parentPort!.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        conversion: error instanceof ConversionError,
      } satisfies WorkerReply),
  );
});
