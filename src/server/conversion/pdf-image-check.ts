import { PDFName, PDFNumber, PDFStream, type PDFDocument } from 'pdf-lib';
import { ConversionError, conversionMessages } from './conversion-messages';
import { jpegStructure } from './jpeg-structure';
import { defaultDocumentLimits } from './limits';
import { inlineImagePixels } from './pdf-inline-images';
import { decodeBytes, filterChain } from './pdf-stream-filters';

/**
 * Refuses a PDF (converted, or uploaded) that holds an image of more than `maxPixels`, with the
 * catalogue's "too many pixels": whoever opens the stored PDF (staff, the application PDF's
 * readers) would decode it. Each image XObject (soft masks included) counts by its /Width ×
 * /Height, and a JPEG or JPEG 2000 stream also by the size its own headers declare, which is
 * what a viewer decodes whatever the dictionary says; inline images (BI … EI) count by the size
 * their dictionary declares.
 */
export function checkPdfImages(doc: PDFDocument, maxPixels: number): void {
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue;
    const dict = object.dict;
    if (dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.asString() !== '/Image') continue;
    const width = dict.lookupMaybe(PDFName.of('Width'), PDFNumber)?.asNumber() ?? 0;
    const height = dict.lookupMaybe(PDFName.of('Height'), PDFNumber)?.asNumber() ?? 0;
    if (!(width * height <= maxPixels) || decodedPixels(object) > maxPixels) {
      throw new ConversionError(conversionMessages.imageTooLarge);
    }
  }
  if (inlineImagePixels(doc, defaultDocumentLimits.maxInflatedBytes) > maxPixels) {
    throw new ConversionError(conversionMessages.imageTooLarge);
  }
}

/**
 * The pixels a JPEG (DCTDecode) or JPEG 2000 (JPXDecode) image stream declares, after the byte
 * filters before it (Flate then DCT: pdf.js sizes the JPEG from its own frame header), decoded
 * up to the inflation bound; 0 for other codecs, whose dictionary's size is what decodes. A chain
 * a viewer would read in a way this cannot (an unknown filter, a codec not last, a predictor
 * before a codec) is refused as unreadable.
 */
function decodedPixels(stream: PDFStream): number {
  const chain = filterChain(stream);
  if (!chain) throw new ConversionError(conversionMessages.pdfUnreadable);
  if (chain.codec !== 'DCTDecode' && chain.codec !== 'JPXDecode') return 0;
  const bytes = decodeBytes(stream, defaultDocumentLimits.maxInflatedBytes);
  if (!bytes) throw new ConversionError(conversionMessages.pdfUnreadable);
  return chain.codec === 'DCTDecode' ? jpegStructure(bytes).largestPixels : jpeg2000Pixels(bytes);
}

/**
 * The size a JPEG 2000 image declares in its codestream's SIZ segment (image minus its offset),
 * or 0: a raw codestream opens with SOC then SIZ; a JP2 file holds it in its `jp2c` box, found by
 * walking the boxes (not by searching, which a decoy in an earlier box would fool).
 */
function jpeg2000Pixels(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 8 <= bytes.length && view.getUint32(at + 4) !== 0x6a703263 /* jp2c */) {
    const size = view.getUint32(at);
    // 1: a 64-bit size follows; 0: the box runs to the end of the file.
    const length = size === 1 && at + 16 <= bytes.length ? Number(view.getBigUint64(at + 8)) : size;
    if (at === 0 && view.getUint16(0) === 0xff4f) break; // a raw codestream
    if (length < 8) return 0;
    at += length;
  }
  if (at + 8 <= bytes.length && view.getUint32(at + 4) === 0x6a703263) at += 8;
  if (at + 24 > bytes.length || view.getUint32(at) !== 0xff4fff51) return 0;
  const [width, height] = [
    view.getUint32(at + 8) - view.getUint32(at + 16),
    view.getUint32(at + 12) - view.getUint32(at + 20),
  ];
  return Math.max(0, width) * Math.max(0, height);
}
