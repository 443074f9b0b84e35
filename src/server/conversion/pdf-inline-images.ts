import { PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument } from 'pdf-lib';
import { ConversionError, conversionMessages } from './conversion-messages';
import { ContentLexer, type Token } from './pdf-content-lexer';
import { decodeBytes, filterChain } from './pdf-stream-filters';

/** Streams that hold no drawing operators: fonts (Length1, a subtype), ICC profiles (N), the rest. */
const notContent = ['Length1', 'N', 'Subtype'];
const notContentTypes = new Set(['/XRef', '/ObjStm', '/Metadata', '/EmbeddedFile', '/XObject']);
/** "BI" followed by whitespace, a delimiter or the end: where a reader may start an inline image. */
const beginInline = /BI(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/g;
/** Nesting deeper than this in an inline image's dictionary is refused rather than followed. */
const maxDepth = 100;

/**
 * The most pixels an inline image (BI … ID … EI, in a page's content, a form, a pattern or a
 * Type 3 glyph) declares, read from every stream that may hold drawing operators. Inline images
 * may be compressed, so a few bytes in a content stream can declare 16000×16000 pixels; a viewer
 * decodes them as it does an image XObject. Each stream is decoded (any chain of Flate, LZW,
 * ASCII85, ASCIIHex and RunLength) up to `bound` bytes; one that cannot be is refused as
 * unreadable, since it may hide an inline image. Every "BI" starts a dictionary, wherever it
 * sits (readers disagree on where an inline image's data ends), read with a real lexer.
 */
export function inlineImagePixels(doc: PDFDocument, bound: number): number {
  let largest = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    const type = dict.lookupMaybe(PDFName.of('Type'), PDFName)?.asString();
    const subtype = dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.asString();
    const form = subtype === '/Form';
    const picture = filterChain(object)?.codec !== undefined || dict.has(PDFName.of('Width'));
    if (
      !form &&
      (picture ||
        notContent.some((key) => dict.has(PDFName.of(key))) ||
        notContentTypes.has(type ?? ''))
    ) {
      continue;
    }
    const bytes = decodeBytes(object, bound);
    if (!bytes) throw new ConversionError(conversionMessages.pdfUnreadable);
    largest = Math.max(
      largest,
      largestDeclared(bytes, (ref) => doc.context.lookup(ref)),
    );
  }
  return largest;
}

type Resolve = (ref: PDFRef) => unknown;

/**
 * Width × height of the largest inline image dictionary in the operators. Each dictionary is read
 * from its "BI" to its "ID" (or to where it stops being one); /W and /Width, /H and /Height all
 * count, the largest of each, and a reference is followed as pdf.js follows it. The lexing done
 * for all the "BI"s together is bounded by a few times the stream's length: a stream built to
 * make it more is refused.
 */
export function largestDeclared(operators: Uint8Array, resolve: Resolve = () => undefined): number {
  const text = Buffer.from(operators.buffer, operators.byteOffset, operators.byteLength).toString(
    'latin1',
  );
  if (!text.includes('BI')) return 0;
  let budget = 2 * operators.length + 65_536;
  let largest = 0;
  for (const match of text.matchAll(beginInline)) {
    const lexer = new ContentLexer(operators, match.index + 2);
    const size = { width: 0, height: 0 };
    readDictionary(lexer, size, resolve);
    budget -= lexer.at - match.index;
    if (budget < 0) throw new ConversionError(conversionMessages.pdfUnreadable);
    largest = Math.max(largest, size.width * size.height);
  }
  return largest;
}

function readDictionary(
  lexer: ContentLexer,
  size: { width: number; height: number },
  resolve: Resolve,
): void {
  for (;;) {
    const key = lexer.next();
    if (key.kind !== 'name') return; // ID, the end, or no dictionary at all
    const value = readValue(lexer, lexer.next(), 0, resolve);
    if (value === false) return;
    if (typeof value !== 'number') continue;
    if (key.value === 'W' || key.value === 'Width') size.width = Math.max(size.width, value);
    if (key.value === 'H' || key.value === 'Height') size.height = Math.max(size.height, value);
  }
}

/** One object's value: a number (its magnitude), true for another object, false for none. */
function readValue(
  lexer: ContentLexer,
  token: Token,
  depth: number,
  resolve: Resolve,
): number | boolean {
  if (depth > maxDepth) throw new ConversionError(conversionMessages.pdfUnreadable);
  if (token.kind === 'number') {
    const back = lexer.at;
    const [generation, r] = [lexer.next(), lexer.next()];
    if (generation.kind === 'number' && r.kind === 'keyword' && r.value === 'R') {
      const target = resolve(PDFRef.of(token.value, generation.value));
      return target instanceof PDFNumber ? Math.abs(target.asNumber()) : true;
    }
    lexer.at = back;
    return Math.abs(token.value);
  }
  if (token.kind === 'open-array' || token.kind === 'open-dict') {
    const close = token.kind === 'open-array' ? 'close-array' : 'close-dict';
    for (let inner = lexer.next(); inner.kind !== close; inner = lexer.next()) {
      if (readValue(lexer, inner, depth + 1, resolve) === false) return false;
    }
    return true;
  }
  if (token.kind === 'keyword') return ['true', 'false', 'null'].includes(token.value);
  return token.kind === 'name' || token.kind === 'string';
}
