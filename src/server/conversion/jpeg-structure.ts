/** A JPEG's frame headers as a decoder would meet them, up to its first EOI. */
export interface JpegStructure {
  /** Every frame header (SOF0–SOF15), in order: the size each declares. */
  frames: Array<{ width: number; height: number; components: number }>;
  /**
   * The most pixels any header declares: every SOF, DNL's line count, a hierarchical DHP, and
   * every frame marker a resynchronising decoder could land on (see framesAnywhere).
   */
  largestPixels: number;
  /** Why a strict decoder would refuse the file; undefined when it would not. */
  problem?: string;
}

/** SOF0–SOF15 carry a frame's size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers RST0–RST7. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** APPn and COM: metadata (EXIF, ICC profiles, XMP) whose length every decoder honours. */
const isMetadata = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;

/**
 * Every segment of a JPEG up to its first EOI, entropy-coded scans included (skipped byte by
 * byte to the next marker), so that a frame header placed after a first, small one, or after a
 * scan, is seen: a decoder may size its buffers from any of them. Outside a scan only FF C0–FE,
 * RSTn and TEM are markers, as in libjpeg and pdf.js: FF00 is passed over byte by byte, and
 * FF02–FFBF too (libjpeg refuses them, so this does). Segments that decoders read by their
 * content rather than their length (SOF, DHT, DQT, SOS, DRI) must agree with it, as libjpeg
 * demands, since pdf.js walks on from where their content ends. What follows the first EOI is
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
  const metadata: Array<[number, number]> = [];
  let scans = 0;
  let at = 2;
  let end = bytes.length;
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
    if (marker < 0xc0 && marker !== 0x01) {
      // FF00 and FF02–FFBF are no segment: decoders read on from the next byte.
      if (marker !== 0x00) refuse('reserved marker');
      at++;
      continue;
    }
    if (marker === 0xd9) {
      end = at;
      break;
    }
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
    const body = bytes.subarray(at + 4, at + 2 + length);
    if (!lengthAgrees(marker, body)) refuse('a segment whose length disagrees with its content');
    if (isMetadata(marker)) metadata.push([at + 2, at + 2 + length - 1]);
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
  declare(...framesAnywhere(bytes, end, metadata));
  return finish(result, scans, refuse);
}

/**
 * Whether a segment that decoders parse field by field is exactly as long as its fields: a frame
 * header (3 bytes a component), DQT (65 or 129 bytes a table), DHT (17 bytes and its symbols a
 * table), SOS (2 bytes a component, 4 more) and DRI (2 bytes). Others are skipped by length.
 */
function lengthAgrees(marker: number, body: Uint8Array): boolean {
  if (isFrameHeader(marker)) return body.length === 6 + 3 * (body[5] ?? 0);
  if (marker === 0xda) return body.length === 4 + 2 * (body[0] ?? 0);
  if (marker === 0xdd) return body.length === 2;
  if (marker !== 0xdb && marker !== 0xc4) return true;
  let at = 0;
  while (at < body.length) {
    if (marker === 0xdb) {
      const precision = body[at]! >> 4;
      if (precision > 1) return false;
      at += precision === 0 ? 65 : 129;
    } else {
      let symbols = 0;
      for (let i = 1; i <= 16; i++) symbols += body[at + i] ?? 0;
      at += 17 + symbols;
    }
  }
  return at === body.length;
}

/**
 * The largest width × height of any frame marker byte pair (FF then SOFn) before `end`, wherever
 * it sits, so a decoder that resynchronises differently (pdf.js retries one byte before the place
 * it expected a marker) cannot find a frame the walk missed. The length fields and bodies of
 * APPn and COM segments are left out, all but their last byte: every decoder skips them by their
 * length, and they carry binary data (an ICC profile's curves hold FF C0–FF CF pairs) that would
 * refuse ordinary photos.
 */
function framesAnywhere(
  bytes: Uint8Array,
  end: number,
  skipped: Array<[number, number]>,
): [number, number] {
  let largest: [number, number] = [0, 0];
  let span = 0;
  for (let at = bytes.indexOf(0xff, 2); at >= 0 && at < end; at = bytes.indexOf(0xff, at + 1)) {
    while (span < skipped.length && skipped[span]![1] <= at) span++;
    const inside = span < skipped.length && skipped[span]![0] <= at;
    if (inside || !isFrameHeader(bytes[at + 1] ?? 0) || at + 9 > bytes.length) continue;
    const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
    const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
    if (width * height > largest[0] * largest[1]) largest = [width, height];
  }
  return largest;
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
