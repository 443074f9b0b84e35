import { crc32 } from 'node:zlib';

/** A PNG's chunks as a decoder would meet them, and what they declare. */
export interface PngStructure {
  /** The size of the one IHDR (0×0 when there is none). */
  width: number;
  height: number;
  /** The most pixels any chunk declares: every IHDR, every APNG frame (fcTL). */
  largestPixels: number;
  /** Why a strict decoder would refuse the file; undefined when it would not. */
  problem?: string;
  /** Bits per pixel of the image data (bit depth × channels). */
  bitsPerPixel: number;
  interlaced: boolean;
  /** The image data's zlib stream, every IDAT chunk's data in order. */
  imageData: Uint8Array;
  /**
   * The same image with only the chunks that make its still picture (IHDR, PLTE, tRNS, IDAT,
   * IEND): what the decoder is given, so it never sees an animation or a chunk it would misread.
   */
  still: Uint8Array;
}

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Channels of each colour type, with the bit depths the PNG specification allows it. */
const colourTypes: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** The chunks of the still picture that change what the decoder draws. */
const stillChunks = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
/** The critical chunks a decoder knows; any other critical one (upper-case first letter) is refused. */
const knownCritical = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/**
 * Every chunk of a PNG, walked to its end and checked as a strict decoder would: the signature,
 * each chunk's length and CRC, exactly one IHDR and first, valid IHDR fields, consecutive IDATs,
 * IEND last with nothing after it, and APNG frames (fcTL) inside the canvas. A decoder that met a
 * second IHDR (UPNG, which pdf-lib uses, keeps the last one) or a frame would unpack a size no
 * first-header read saw, so every size declared anywhere counts in `largestPixels`.
 */
export function pngStructure(bytes: Uint8Array): PngStructure {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result: PngStructure = {
    width: 0,
    height: 0,
    largestPixels: 0,
    bitsPerPixel: 0,
    interlaced: false,
    imageData: new Uint8Array(),
    still: new Uint8Array(),
  };
  const refuse = (problem: string) => {
    result.problem ??= problem;
  };
  if (bytes.length < 8 || signature.some((byte, i) => bytes[i] !== byte)) {
    refuse('not a PNG signature');
    return result;
  }
  const still: Uint8Array[] = [bytes.subarray(0, 8)];
  const idat: Uint8Array[] = [];
  let previous = '';
  let ended = false;
  let at = 8;
  while (at < bytes.length) {
    if (ended) {
      refuse('data after IEND');
      break;
    }
    if (at + 12 > bytes.length) {
      refuse('truncated chunk');
      break;
    }
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (length > 0x7fffffff || at + 12 + length > bytes.length) {
      refuse(`truncated ${type}`);
      break;
    }
    if (!/^[A-Za-z]{4}$/.test(type)) refuse('bad chunk type');
    const data = bytes.subarray(at + 8, at + 8 + length);
    const damaged =
      crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length);
    // As libpng does: a damaged chunk of the picture is an error; any other is dropped from the
    // still picture anyway (its size, an APNG frame's, still counts).
    if (damaged && stillChunks.has(type)) refuse(`bad CRC in ${type}`);
    if (at === 8 && type !== 'IHDR') refuse('IHDR is not first');
    readChunk(type, data, result, refuse);
    if (type === 'IDAT') {
      if (idat.length > 0 && previous !== 'IDAT') refuse('IDAT chunks are not consecutive');
      idat.push(data);
    }
    if (stillChunks.has(type)) still.push(bytes.subarray(at, at + 12 + length));
    if (type === 'IEND') ended = true;
    previous = type;
    at += 12 + length;
  }
  if (!ended) refuse('no IEND');
  if (idat.length === 0) refuse('no IDAT');
  result.imageData = new Uint8Array(Buffer.concat(idat));
  result.still = new Uint8Array(Buffer.concat(still));
  return result;
}

function readChunk(
  type: string,
  data: Uint8Array,
  result: PngStructure,
  refuse: (problem: string) => void,
): void {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const declare = (width: number, height: number) => {
    result.largestPixels = Math.max(result.largestPixels, width * height);
  };
  const first = type.charCodeAt(0);
  const critical = first >= 0x41 && first <= 0x5a;
  if (critical && !knownCritical.has(type)) refuse(`unknown critical chunk ${type}`);
  switch (type) {
    case 'IHDR': {
      if (data.length !== 13) return refuse('bad IHDR length');
      const [width, height] = [view.getUint32(0), view.getUint32(4)];
      declare(width, height);
      if (result.width > 0) return refuse('more than one IHDR');
      const colour = colourTypes[data[9]!];
      if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) {
        refuse('bad size');
      }
      if (!colour || !colour.depths.includes(data[8]!)) refuse('bad colour type or bit depth');
      if (data[10] !== 0 || data[11] !== 0 || data[12]! > 1) refuse('bad IHDR method');
      Object.assign(result, {
        width,
        height,
        bitsPerPixel: data[8]! * (colour?.channels ?? 0),
        interlaced: data[12] === 1,
      });
      return;
    }
    case 'fcTL': {
      if (data.length !== 26) return refuse('bad fcTL length');
      const [width, height] = [view.getUint32(4), view.getUint32(8)];
      const [x, y] = [view.getUint32(12), view.getUint32(16)];
      declare(width, height);
      if (width < 1 || height < 1 || x + width > result.width || y + height > result.height) {
        refuse('APNG frame outside the canvas');
      }
      return;
    }
  }
  if (result.width === 0 && type !== 'IHDR') refuse(`${type} before IHDR`);
}
