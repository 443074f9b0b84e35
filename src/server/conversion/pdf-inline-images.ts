import { constants, inflateSync } from 'node:zlib';
import { PDFArray, PDFName, PDFRawStream, type PDFDocument } from 'pdf-lib';

/** Streams that hold no drawing operators: fonts (Length1, a subtype), ICC profiles (N), the rest. */
const notContent = ['Length1', 'N', 'Subtype'];
const notContentTypes = new Set(['/XRef', '/ObjStm', '/Metadata', '/EmbeddedFile', '/XObject']);

/**
 * The most pixels an inline image (BI … ID … EI, in a page's content, a form, a pattern or a
 * Type 3 glyph) declares, read from every stream that may hold drawing operators. Inline images
 * may be compressed, so a few bytes in a content stream can declare 16000×16000 pixels; a viewer
 * decodes them as it does an image XObject. Streams are inflated (Flate, or none) up to `bound`
 * bytes each; a stream of another filter, or larger, is not read (Ghostscript, where installed,
 * has turned large inline images into XObjects, which are checked by their dictionary).
 */
export function inlineImagePixels(doc: PDFDocument, bound: number): number {
  let largest = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    const type = dict.lookupMaybe(PDFName.of('Type'), PDFName)?.asString();
    const subtype = dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.asString();
    const form = subtype === '/Form';
    if (
      !form &&
      (notContent.some((key) => dict.has(PDFName.of(key))) || notContentTypes.has(type ?? ''))
    ) {
      continue;
    }
    const text = decoded(object, bound);
    if (text?.includes('BI')) largest = Math.max(largest, largestDeclared(text));
  }
  return largest;
}

function decoded(stream: PDFRawStream, bound: number): string | undefined {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const names =
    filter instanceof PDFArray ? filter.asArray() : filter === undefined ? [] : [filter];
  if (names.length > 1 || stream.dict.has(PDFName.of('DecodeParms'))) return undefined;
  const only = names[0];
  let bytes: Uint8Array = stream.getContents();
  if (only !== undefined) {
    if (!(only instanceof PDFName) || only.asString() !== '/FlateDecode') return undefined;
    try {
      bytes = inflateSync(bytes, { maxOutputLength: bound, finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      return undefined;
    }
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Width × height of the largest inline image dictionary (between BI and ID) in the operators. */
function largestDeclared(operators: string): number {
  let largest = 0;
  const inline = /(?:^|[\s\]>)}])BI\s([\s\S]{0,4000}?)\sID\s/g;
  for (let match; (match = inline.exec(operators));) {
    const dict = match[1]!;
    const width = /\/W(?:idth)?\s+(\d+)/.exec(dict)?.[1];
    const height = /\/H(?:eight)?\s+(\d+)/.exec(dict)?.[1];
    largest = Math.max(largest, Number(width ?? 0) * Number(height ?? 0));
  }
  return largest;
}
