import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { DocumentKind } from '../../engine/file-rules';

/**
 * What a document may hold and still be light: converted in a few seconds, so it may take the
 * runners' light slot (the queue's `express` jobs, JobRunnerOptions.expressSlots) while other
 * applicants' heavy files hold the rest (issue 41, F5). Byte size alone misleads for Word: a
 * 5,000-page document's XML compresses to a few KB, so its main part is judged unpacked. An
 * estimate, not a limit: a file judged light that converts slowly is moved out of the light slot
 * when its time there runs out (JobRunnerOptions.expressBudgetMs).
 */
export const lightDocument = {
  /** The uploaded file's bytes (PDF and Word). */
  maxBytes: 128 * 1024,
  /** Word: word/document.xml unpacked (the text, tables and page breaks laid out). */
  maxMainPartBytes: 64 * 1024,
  /** Word: every part unpacked (styles, fonts and pictures are laid out or decoded too). */
  maxUnpackedBytes: 1024 * 1024,
} as const;

/** Sizes from a zip's central directory; undefined when it cannot be read. */
function zipSizes(bytes: Uint8Array): Promise<{ main: number; all: number } | undefined> {
  return new Promise((resolve) => {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return resolve(undefined);
      const sizes = { main: 0, all: 0 };
      const stop = (result: typeof sizes | undefined) => {
        zip.close();
        resolve(result);
      };
      zip.on('entry', (entry: Entry) => {
        sizes.all += entry.uncompressedSize;
        if (entry.fileName === 'word/document.xml') sizes.main = entry.uncompressedSize;
        zip.readEntry();
      });
      zip.on('end', () => stop(sizes));
      zip.on('error', () => stop(undefined));
      zip.readEntry();
    });
  });
}

/**
 * Whether an upload's conversion is light. Images are: their cost is bounded by the pixel
 * limit, checked before they are decoded (limits.ts). A PDF or Word file is when it is small,
 * and a Word file's parts are small once unpacked too.
 */
export async function isLightConversion(kind: DocumentKind, bytes: Uint8Array): Promise<boolean> {
  if (kind === 'png' || kind === 'jpeg') return true;
  if (bytes.length > lightDocument.maxBytes) return false;
  if (kind !== 'docx') return true;
  const sizes = await zipSizes(bytes);
  return (
    sizes !== undefined &&
    sizes.main <= lightDocument.maxMainPartBytes &&
    sizes.all <= lightDocument.maxUnpackedBytes
  );
}
