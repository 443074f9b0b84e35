import { createRequire } from 'node:module';
import type { PDFDocument, PDFImage } from 'pdf-lib';
import { ConversionError, conversionMessages } from './conversion-messages';
import { defaultDocumentLimits } from './limits';

/** The part of UPNG (the PNG decoder pdf-lib's embedPng runs) that sizes its pixel buffers. */
interface Upng {
  decode: {
    _decompress: (out: unknown, data: Uint8Array, width: number, height: number) => Uint8Array;
  };
}

/** The pixels the decoder may unpack in this process now (lowered or raised around one call). */
let cap = defaultDocumentLimits.maxImagePixels;

/**
 * UPNG has no pixel limit of its own, and it sizes its buffers from the last IHDR it met and
 * from each APNG frame, whatever came first. Every buffer it fills is allocated in `_decompress`
 * (the image and each frame, width × height given), so the limit is put there: past the cap, the
 * decoder throws before it allocates. The module is loaded through `require` so that this is the
 * instance pdf-lib's own (CommonJS) build requires.
 */
function capDecoder(): void {
  const loaded = createRequire(import.meta.url)('@pdf-lib/upng') as { default?: Upng } & Upng;
  const upng = loaded.default ?? loaded;
  const decompress = upng.decode._decompress;
  if ((decompress as { capped?: true }).capped) return;
  const capped = Object.assign(
    (out: unknown, data: Uint8Array, width: number, height: number) => {
      if (!(width * height <= cap)) throw new ConversionError(conversionMessages.imageTooLarge);
      return decompress(out, data, width, height);
    },
    { capped: true as const },
  );
  upng.decode._decompress = capped;
}

capDecoder();

/**
 * `doc.embedPng` with the decoder capped at `maxPixels`. pdf-lib decodes the PNG synchronously
 * when embedPng is called (before its first await), so the cap is set around that call only.
 * A refusal by the decoder is the catalogue's "too many pixels".
 */
export function embedPngWithin(
  doc: PDFDocument,
  bytes: Uint8Array,
  maxPixels: number,
): Promise<PDFImage> {
  const previous = cap;
  cap = maxPixels;
  try {
    return doc.embedPng(bytes);
  } finally {
    cap = previous;
  }
}
