import type { DocumentKind } from '../../engine/file-rules';
import { ConversionError, conversionMessages } from './conversion-messages';
import { imageToPdf } from './convert-image';
import { normalisePdf } from './convert-pdf';
import type { DocxConverter } from './convert-docx';
import { docxLimits, listZip, verifyZipSizes } from './zip-inspection';

/**
 * An uploaded document as PDF bytes: images become a page, PDFs are checked and rewritten, Word
 * documents are converted once their archive is proven not to be a zip bomb (limits from the
 * central directory, then every entry held to its declared size). Throws ConversionError with
 * the applicant's message when the file cannot be converted.
 */
export async function convertToPdf(
  kind: DocumentKind,
  bytes: Uint8Array,
  docx: DocxConverter,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  switch (kind) {
    case 'png':
    case 'jpeg':
      return imageToPdf(bytes, kind);
    case 'pdf':
      return normalisePdf(bytes);
    case 'docx': {
      const listing = await listZip(bytes, docxLimits);
      if (!listing.ok) {
        throw new ConversionError(
          listing.problem === 'unreadable'
            ? conversionMessages.docxUnreadable
            : conversionMessages.docxTooLarge,
        );
      }
      if (!(await verifyZipSizes(bytes))) {
        throw new ConversionError(conversionMessages.docxUnreadable);
      }
      return docx.convert(bytes, signal);
    }
  }
}
