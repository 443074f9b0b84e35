import { constants, inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import { ConversionError, conversionMessages } from './conversion-messages';
import { defaultDocumentLimits, type DocumentLimits } from './limits';
import { checkPdfImages } from './pdf-image-check';

type PdfLimits = Pick<DocumentLimits, 'maxPages' | 'maxInflatedBytes'> &
  Partial<Pick<DocumentLimits, 'maxImagePixels'>>;

/**
 * What is checked before an uploaded (or LibreOffice's) PDF is handed to Ghostscript: its
 * compressed streams, all together, inflate to no more than the bound (a few KB may inflate to
 * gigabytes), it is readable, not encrypted, has at most `maxPages` pages, and holds no image of
 * more than `maxImagePixels` (Ghostscript would decode it).
 */
export async function checkPdf(
  bytes: Uint8Array,
  limits: PdfLimits = defaultDocumentLimits,
): Promise<void> {
  if (inflatedSize(bytes, limits.maxInflatedBytes) > limits.maxInflatedBytes) {
    throw new ConversionError(conversionMessages.pdfTooLarge);
  }
  const source = await load(bytes);
  if (source.getPageCount() > limits.maxPages) {
    throw new ConversionError(conversionMessages.tooManyPages);
  }
  checkPdfImages(source, limits.maxImagePixels ?? defaultDocumentLimits.maxImagePixels);
}

/**
 * The bytes every compressed stream of a PDF inflates to, summed, read from the file itself (not
 * through pdf-lib, whose parser unpacks object streams without a bound): each `stream … endstream`
 * body that is zlib data is inflated with at most what is left of the bound as output. Stops
 * counting (returning more than the bound) as soon as the bound is passed.
 */
export function inflatedSize(bytes: Uint8Array, bound: number): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const begin = /stream\r?\n/g;
  let total = 0;
  let match: RegExpExecArray | null;
  while ((match = begin.exec(text))) {
    if (text.slice(Math.max(0, match.index - 3), match.index) === 'end') continue;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    // zlib data starts with a header whose first byte is 0x?8 (deflate); anything else is not Flate.
    if ((bytes[start]! & 0x0f) === 8) {
      try {
        total += inflateSync(bytes.subarray(start, end), {
          maxOutputLength: Math.max(1, bound - total + 1),
          finishFlush: constants.Z_SYNC_FLUSH,
        }).length;
      } catch (error) {
        if (error instanceof RangeError) return bound + 1;
        // Not zlib after all, or damaged: Ghostscript judges what it can read.
      }
      if (total > bound) return total;
    }
    begin.lastIndex = end + 'endstream'.length;
  }
  return total;
}

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  let source: PDFDocument;
  try {
    // pdf-lib's own error classes do not survive instanceof, so encryption is asked, not caught.
    source = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    throw new ConversionError(conversionMessages.pdfUnreadable);
  }
  if (source.isEncrypted) throw new ConversionError(conversionMessages.pdfEncrypted);
  try {
    // The page tree is read lazily: a broken one throws here.
    if (source.getPageCount() > 0) return source;
  } catch {
    // unreadable, below
  }
  throw new ConversionError(conversionMessages.pdfUnreadable);
}

/**
 * A PDF checked and rewritten: an encrypted or unreadable one is refused with a message, and the
 * pages of a readable one are copied into a new document, which leaves behind its catalogue
 * (open actions, scripts, attachments, forms, XFA, outlines). Whatever active content the pages
 * still reach is then removed (scrubActiveContent). Ghostscript has already re-distilled the
 * file when it is installed; this is the second line, and the only one without it. The copy's
 * images are checked against `maxImagePixels` before it is handed back to be stored.
 */
export async function normalisePdf(
  bytes: Uint8Array,
  maxPages = defaultDocumentLimits.maxPages,
  maxImagePixels = defaultDocumentLimits.maxImagePixels,
): Promise<Uint8Array> {
  try {
    const source = await load(bytes);
    if (source.getPageCount() > maxPages)
      throw new ConversionError(conversionMessages.tooManyPages);
    const out = await PDFDocument.create();
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) out.addPage(page);
    scrubActiveContent(out);
    checkPdfImages(out, maxImagePixels);
    return await out.save();
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError(conversionMessages.pdfUnreadable);
  }
}

/** Keys that hold scripts, automatic actions, attachments or forms' logic, wherever they are. */
const activeKeys = [
  'AA',
  'OpenAction',
  'JS',
  'JavaScript',
  'EmbeddedFiles',
  'EF',
  'XFA',
  'AcroForm',
];
/** Action types that are allowed to stay: moving within the document, and plain web links. */
const safeActions = new Set(['/GoTo', '/URI', '/Thread', '/Named']);
/** Action types that run, open, send or play something (/S also names other things: /P, /R…). */
const activeActions = new Set([
  '/JavaScript',
  '/Launch',
  '/GoToR',
  '/GoToE',
  '/Rendition',
  '/SubmitForm',
  '/ImportData',
  '/ResetForm',
  '/Sound',
  '/Movie',
  '/RichMediaExecute',
  '/SetOCGState',
  '/Hide',
  '/Trans',
  '/GoTo3DView',
]);

/**
 * Removes active content from every object of a document: the keys above, actions (and `/Next`
 * chains) of any other type, and embedded file streams. Returns how many things it removed.
 */
export function scrubActiveContent(doc: PDFDocument): number {
  let removed = 0;
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined): void => {
    if (!object || seen.has(object)) return;
    seen.add(object);
    const dict =
      object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined;
    if (dict) {
      for (const key of activeKeys) if (dict.delete(PDFName.of(key))) removed++;
      const type = dict.lookupMaybe(PDFName.of('Type'), PDFName)?.asString();
      const kind = dict.lookupMaybe(PDFName.of('S'), PDFName)?.asString();
      if (type === '/EmbeddedFile' || (kind && activeActions.has(kind))) {
        for (const key of dict.keys()) dict.delete(key);
        removed++;
      }
      for (const key of ['A', 'Next', 'PA']) {
        const action = dict.lookup(PDFName.of(key));
        if (action && !isSafeAction(action)) {
          dict.delete(PDFName.of(key));
          removed++;
        }
      }
      for (const [, value] of dict.entries()) visit(value);
    } else if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) visit(object.get(i));
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object);
  return removed;
}

/** An action (or an array of them, as /Next may hold) of a safe type only, its chain included. */
function isSafeAction(action: PDFObject, depth = 0): boolean {
  if (depth > 50) return false;
  if (action instanceof PDFArray) {
    for (let i = 0; i < action.size(); i++) {
      const next = action.lookup(i);
      if (next && !isSafeAction(next, depth + 1)) return false;
    }
    return true;
  }
  if (!(action instanceof PDFDict)) return false;
  const kind = action.lookupMaybe(PDFName.of('S'), PDFName)?.asString();
  if (!kind || !safeActions.has(kind)) return false;
  const next = action.lookup(PDFName.of('Next'));
  return !next || isSafeAction(next, depth + 1);
}

/** Pages of a PDF (after it was checked): for the caps on converted documents. */
export async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await load(bytes)).getPageCount();
}
