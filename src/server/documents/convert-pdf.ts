import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { ConversionError, conversionMessages } from './conversion-messages';

/**
 * A PDF checked and rewritten: an encrypted or unreadable one is refused with a message, and the
 * pages of a readable one are copied into a new document, which leaves behind its catalogue
 * (open actions, scripts, attachments, forms' logic) and the scripts of its pages' annotations.
 */
export async function normalisePdf(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    // pdf-lib's own error classes do not survive instanceof, so encryption is asked, not caught.
    const source = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    if (source.isEncrypted) throw new ConversionError(conversionMessages.pdfEncrypted);
    if (source.getPageCount() === 0) throw new ConversionError(conversionMessages.pdfUnreadable);
    const out = await PDFDocument.create();
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      withoutScripts(page.node);
      out.addPage(page);
    }
    return await out.save();
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError(conversionMessages.pdfUnreadable);
  }
}

const AA = PDFName.of('AA');
const A = PDFName.of('A');
const S = PDFName.of('S');
const Annots = PDFName.of('Annots');
const scriptActions = new Set(['/JavaScript', '/Launch', '/ImportData', '/SubmitForm']);

/** Removes a page's automatic actions and its annotations' script, launch and submit actions. */
function withoutScripts(page: PDFDict): void {
  page.delete(AA);
  const annots = page.lookupMaybe(Annots, PDFArray);
  if (!annots) return;
  for (let i = 0; i < annots.size(); i++) {
    const annot = annots.lookupMaybe(i, PDFDict);
    if (!annot) continue;
    annot.delete(AA);
    const action = annot.lookupMaybe(A, PDFDict);
    const kind = action?.lookupMaybe(S, PDFName)?.asString();
    if (kind && scriptActions.has(kind)) annot.delete(A);
  }
}
