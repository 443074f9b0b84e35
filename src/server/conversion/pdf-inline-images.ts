import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import { ConversionError, conversionMessages } from './conversion-messages';
import { ContentLexer, type Token } from './pdf-content-lexer';
import { decodeBytes, filterChain } from './pdf-stream-filters';

/** "BI" followed by whitespace, a delimiter or the end: where a reader may start an inline image. */
const beginInline = /BI(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/g;
/** Nesting deeper than this in an inline image's dictionary is refused rather than followed. */
const maxDepth = 100;

/**
 * The most pixels an inline image (BI … ID … EI, in a page's content, a form, a pattern, a Type 3
 * glyph or an appearance) declares. Inline images may be compressed, so a few bytes in a content
 * stream can declare 16000×16000 pixels; a viewer decodes them as it does an image XObject. Every
 * stream but an image codec's is decoded (any chain of Flate, LZW, ASCII85, ASCIIHex and
 * RunLength) up to `bound` bytes and read, whatever its dictionary says it is (a viewer runs a
 * page's contents whatever keys they carry); one that cannot be decoded is refused as unreadable
 * when it is used as content, since it may hide an inline image. Every "BI" starts a dictionary,
 * wherever it sits (readers disagree on where an inline image's data ends).
 */
export function inlineImagePixels(doc: PDFDocument, bound: number): number {
  const content = contentStreams(doc);
  let largest = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const chain = filterChain(object);
    if (chain?.codec !== undefined) continue;
    const bytes = decodeBytes(object, bound);
    if (!bytes) {
      if (content.has(object)) throw new ConversionError(conversionMessages.pdfUnreadable);
      continue;
    }
    largest = Math.max(
      largest,
      largestDeclared(bytes, (ref) => doc.context.lookup(ref)),
    );
  }
  return largest;
}

/**
 * Streams some dictionary uses as drawing operators: a page's /Contents, a form XObject (any
 * XObject but an image: viewers go by its /Subtype), a tiling pattern, a Type 3 glyph, an
 * annotation's appearance. Found in every dictionary of the file, reachable or not.
 */
function contentStreams(doc: PDFDocument): Set<PDFObject> {
  const found = new Set<PDFObject>();
  const lookup = (value: PDFObject | undefined) => (value ? doc.context.lookup(value) : undefined);
  const mark = (value: PDFObject | undefined, unlessImage = false) => {
    const target = lookup(value);
    if (target instanceof PDFArray) target.asArray().forEach((item) => mark(item, unlessImage));
    if (!(target instanceof PDFStream)) return;
    const subtype = target.dict.lookup(PDFName.of('Subtype'));
    if (!(unlessImage && subtype === PDFName.of('Image'))) found.add(target);
  };
  const eachValue = (value: PDFObject | undefined, then: (item: PDFObject) => void) => {
    const dict = lookup(value);
    if (dict instanceof PDFDict) for (const [, item] of dict.entries()) then(item);
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dicts = [object instanceof PDFStream ? object.dict : object];
    for (let dict = dicts.pop(); dict; dict = dicts.pop()) {
      if (!(dict instanceof PDFDict)) continue;
      mark(dict.get(PDFName.of('Contents')));
      eachValue(dict.get(PDFName.of('XObject')), (item) => mark(item, true));
      eachValue(dict.get(PDFName.of('Pattern')), (item) => mark(item));
      eachValue(dict.get(PDFName.of('CharProcs')), (item) => mark(item));
      eachValue(dict.get(PDFName.of('AP')), (item) => {
        mark(item);
        eachValue(item, (state) => mark(state));
      });
      // Direct dictionaries inside this one (a page's /Resources, an /Annots entry written in place).
      for (const [, value] of dict.entries()) {
        if (value instanceof PDFDict) dicts.push(value);
        if (value instanceof PDFArray) dicts.push(...value.asArray());
      }
    }
  }
  return found;
}

type Resolve = (ref: PDFRef) => unknown;

/**
 * Width × height of the largest inline image dictionary in the operators. Each dictionary is read
 * from its "BI" to its "ID" (or to where it stops being one); /W and /Width, /H and /Height all
 * count, the largest of each, and a reference is followed as pdf.js follows it. The lexing done
 * for all the "BI"s together is bounded by a few times the stream's length: a stream built to
 * make it more is refused.
 */
function largestDeclared(operators: Uint8Array, resolve: Resolve = () => undefined): number {
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
