import { constants, inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFRawStream,
  type PDFStream,
} from 'pdf-lib';

/** Filters that turn bytes into bytes, which pdf-lib decodes; viewers accept the short names. */
const byteFilters: Record<string, string> = {
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
};
/** Filters that turn bytes into pixels: only ever the last of a chain. */
const imageCodecs: Record<string, string> = {
  DCTDecode: 'DCTDecode',
  DCT: 'DCTDecode',
  JPXDecode: 'JPXDecode',
  JBIG2Decode: 'JBIG2Decode',
  CCITTFaxDecode: 'CCITTFaxDecode',
  CCF: 'CCITTFaxDecode',
};

/** A stream's filters as a decoder applies them: byte filters, then at most one image codec. */
export interface FilterChain {
  bytes: string[];
  /** Each byte filter's parameters (LZW's EarlyChange), an empty dictionary where none. */
  params: PDFDict[];
  codec?: string;
  /** Whether a byte filter's parameters ask for a predictor, which pdf-lib does not undo. */
  predicted: boolean;
}

/** The stream's filter chain, or undefined when a viewer would read it in a way this cannot. */
export function filterChain(stream: PDFStream): FilterChain | undefined {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const params = stream.dict.lookup(PDFName.of('DecodeParms'));
  const entries =
    filter instanceof PDFArray ? filter.asArray() : filter === undefined ? [] : [filter];
  const chain: FilterChain = { bytes: [], params: [], predicted: false };
  for (const [index, entry] of entries.entries()) {
    const resolved = stream.dict.context.lookup(entry);
    if (!(resolved instanceof PDFName) || chain.codec !== undefined) return undefined;
    const name = resolved.decodeText();
    const codec = imageCodecs[name];
    const bytes = byteFilters[name];
    const param = params instanceof PDFArray ? params.lookup(index) : params;
    if (codec) chain.codec = codec;
    else if (bytes) chain.bytes.push(bytes);
    else return undefined;
    if (bytes) {
      chain.params.push(
        param instanceof PDFDict ? param : PDFDict.withContext(stream.dict.context),
      );
    }
    if (param instanceof PDFDict && bytes) {
      const predictor = param.lookup(PDFName.of('Predictor'));
      if (predictor instanceof PDFNumber && predictor.asNumber() > 1) chain.predicted = true;
    } else if (param !== undefined && !(param instanceof PDFDict) && param !== PDFNull) {
      return undefined;
    }
  }
  return chain;
}

/**
 * The bytes a stream's byte filters decode to (what its image codec, if any, then reads), at
 * most `bound` of them; undefined when the chain is not understood, predicted, damaged, or
 * decodes to more than `bound` bytes.
 */
export function decodeBytes(stream: PDFStream, bound: number): Uint8Array | undefined {
  const chain = filterChain(stream);
  if (!chain || chain.predicted) return undefined;
  const contents = stream.getContents();
  if (chain.bytes.length === 0) return contents;
  if (chain.bytes.length === 1 && chain.bytes[0] === 'FlateDecode') {
    // zlib itself: faster, and it hands back what a truncated stream holds, as viewers draw it.
    try {
      return inflateSync(contents, { maxOutputLength: bound, finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      return undefined;
    }
  }
  const dict = PDFDict.withContext(stream.dict.context);
  const names = chain.bytes.map((name) => PDFName.of(name));
  dict.set(PDFName.of('Filter'), stream.dict.context.obj(names));
  dict.set(PDFName.of('DecodeParms'), stream.dict.context.obj(chain.params));
  try {
    const decoded = decodePDFRawStream(PDFRawStream.of(dict, contents)).getBytes(bound + 1);
    return decoded.length > bound ? undefined : Uint8Array.from(decoded);
  } catch {
    return undefined;
  }
}
