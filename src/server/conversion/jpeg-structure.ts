/** A JPEG's frame headers as a decoder would meet them, up to its first EOI. */
export interface JpegStructure {
  /** Every frame header (SOF0–SOF15), in order: the size each declares. */
  frames: Array<{ width: number; height: number; components: number }>;
  /** The most pixels any header declares: every SOF, DNL's line count, a hierarchical DHP. */
  largestPixels: number;
  /** Why a strict decoder would refuse the file; undefined when it would not. */
  problem?: string;
}

/** SOF0–SOF15 carry a frame's size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers RST0–RST7. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * Every segment of a JPEG up to its first EOI, entropy-coded scans included (skipped byte by
 * byte to the next marker), so that a frame header placed after a first, small one, or after a
 * scan, is seen: a decoder may size its buffers from any of them. What follows the first EOI is
 * not decoded by anyone (phones append previews and videos there) and is not read.
 */
export function jpegStructure(bytes: Uint8Array): JpegStructure {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result: JpegStructure = { frames: [], largestPixels: 0 };
  const refuse = (problem: string) => {
    result.problem ??= problem;
  };
  const declare = (width: number, height: number) => {
    result.largestPixels = Math.max(result.largestPixels, width * height);
  };
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) {
    refuse('not a JPEG (no SOI)');
    return result;
  }
  let scans = 0;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) {
      // Stray bytes between segments: libjpeg and pdf.js skip to the next marker, and so does this.
      const next = bytes.indexOf(0xff, at);
      if (next < 0) break;
      at = next;
    }
    const marker = bytes[at + 1];
    if (marker === undefined) break;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9) return finish(result, scans, refuse);
    if (marker === 0xd8) refuse('a second SOI');
    if (marker === 0xd8 || isStandalone(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) break;
    const length = view.getUint16(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) {
      refuse('truncated segment');
      break;
    }
    if (isFrameHeader(marker) || marker === 0xde) {
      if (length < 8) {
        refuse('short frame header');
      } else {
        const [height, width] = [view.getUint16(at + 5), view.getUint16(at + 7)];
        declare(width, height);
        // A hierarchical image (DHP then several frames): no decoder we know draws one.
        if (marker === 0xde) refuse('hierarchical JPEG');
        else result.frames.push({ width, height, components: bytes[at + 9] ?? 0 });
      }
    }
    if (marker === 0xdc && length >= 4) {
      // DNL: the line count of a frame that declared height 0.
      const width = result.frames.at(-1)?.width ?? 0;
      declare(width, view.getUint16(at + 4));
      refuse('line count given after the scan (DNL)');
    }
    at += 2 + length;
    if (marker === 0xda) {
      scans++;
      at = afterScan(bytes, at);
    }
  }
  // No EOI: a truncated file still decodes (its missing part grey), so it is not refused for it.
  return finish(result, scans, refuse);
}

/** The offset of the marker that ends an entropy-coded scan (FF00 is a data byte, RSTn go on). */
function afterScan(bytes: Uint8Array, from: number): number {
  let at = from;
  while (at < bytes.length) {
    const found = bytes.indexOf(0xff, at);
    if (found < 0 || found + 1 >= bytes.length) return bytes.length;
    const next = bytes[found + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at = found + 2;
    else if (next === 0xff) at = found + 1;
    else return found;
  }
  return at;
}

function finish(
  result: JpegStructure,
  scans: number,
  refuse: (problem: string) => void,
): JpegStructure {
  if (result.frames.length === 0) refuse('no frame header (SOF)');
  if (result.frames.length > 1) refuse('more than one frame header (SOF)');
  if (scans === 0) refuse('no scan (SOS)');
  for (const frame of result.frames) {
    if (frame.width < 1 || frame.height < 1) refuse('empty frame');
    if (![1, 3, 4].includes(frame.components)) refuse('unsupported component count');
  }
  return result;
}
