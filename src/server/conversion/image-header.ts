import { createInflate } from 'node:zlib';
import { ConversionError, conversionMessages } from './conversion-messages';
import { jpegStructure } from './jpeg-structure';
import { pngStructure, type PngStructure } from './png-structure';

/** An image that may be decoded: its size, and the bytes to hand the decoder. */
export interface InspectedImage {
  width: number;
  height: number;
  /** A PNG's still picture only (see PngStructure.still); a JPEG as it came. */
  bytes: Uint8Array;
}

/**
 * An image judged by what it decodes to, before any decoder runs: every size it declares
 * anywhere (each PNG IHDR and APNG frame, each JPEG frame header) within `maxPixels`, else
 * "too many pixels"; a structure a strict decoder would refuse (a second IHDR, data after IEND,
 * several SOFs, another format under the PNG or JPEG name) is "could not be read"; and a PNG's
 * image data inflates to exactly what its IHDR says, counted without keeping it.
 */
export async function inspectImage(
  bytes: Uint8Array,
  kind: 'png' | 'jpeg',
  maxPixels: number,
): Promise<InspectedImage> {
  if (kind === 'jpeg') {
    const jpeg = jpegStructure(bytes);
    if (jpeg.largestPixels > maxPixels) throw new ConversionError(conversionMessages.imageTooLarge);
    const frame = jpeg.frames[0];
    if (jpeg.problem || !frame) throw new ConversionError(conversionMessages.imageUnreadable);
    return { width: frame.width, height: frame.height, bytes };
  }
  const png = pngStructure(bytes);
  if (png.largestPixels > maxPixels) throw new ConversionError(conversionMessages.imageTooLarge);
  if (png.problem) throw new ConversionError(conversionMessages.imageUnreadable);
  const expected = rawImageBytes(png);
  if ((await inflatedLength(png.imageData, expected)) !== expected) {
    throw new ConversionError(conversionMessages.imageUnreadable);
  }
  return { width: png.width, height: png.height, bytes: png.still };
}

/** The seven passes of Adam7 interlacing: first column and row, then steps across and down. */
const adam7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes a PNG's image data must inflate to: each row (of each pass) and its filter byte. */
function rawImageBytes(png: PngStructure): number {
  const rows = (width: number, height: number) =>
    width > 0 && height > 0 ? height * (1 + Math.ceil((width * png.bitsPerPixel) / 8)) : 0;
  if (!png.interlaced) return rows(png.width, png.height);
  let total = 0;
  for (const [x, y, dx, dy] of adam7) {
    total += rows(Math.ceil((png.width - x) / dx), Math.ceil((png.height - y) / dy));
  }
  return total;
}

/**
 * How many bytes a zlib stream inflates to, counted chunk by chunk and dropped, stopping one
 * past `bound`; -1 when it is not a valid zlib stream.
 */
function inflatedLength(data: Uint8Array, bound: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let settled = false;
    const settle = (value: number) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > bound) settle(total);
    });
    inflate.on('end', () => settle(total));
    inflate.on('error', () => settle(-1));
    inflate.end(data);
  });
}
