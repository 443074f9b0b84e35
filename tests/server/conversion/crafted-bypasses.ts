/**
 * Files built to slip past the first image checks, from the security review of issue 41 F1: a
 * JPEG whose frame header hides behind a false marker, PDFs whose inline image dictionaries or
 * image streams are spelled or filtered in ways a viewer reads and a pattern did not.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { jpeg } from '../helpers/fixtures';
import { sof } from './crafted-images';

/** A JPEG segment: marker, then its length (the body's plus two), then the body. */
export function segment(marker: number, body: Uint8Array | number[]): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, Buffer.from(body)]);
}

/** The 40×20 fixture JPEG after its SOI, with its own frame header (SOF0) taken out. */
function fixtureWithoutFrame(): Buffer {
  const bytes = Buffer.from(jpeg());
  for (let at = 2; at < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    if (bytes[at + 1] === 0xc0) {
      const end = at + 2 + bytes.readUInt16BE(at + 2);
      return Buffer.concat([bytes.subarray(2, at), bytes.subarray(end)]);
    }
  }
  throw new Error('no SOF0 in the fixture');
}

/**
 * The review's file: SOI, then FF00 with a "length" that jumps over a huge SOF0 onto a 16×16
 * SOF0 wrapped in an APP1, then the fixture's tables and scan. Decoders discard FF00, read the
 * huge frame header and skip the APP1.
 */
export function falseMarkerJpeg(width: number, height: number): Uint8Array {
  const hidden = sof(0xc0, width, height);
  const wrapped = segment(0xe1, sof(0xc0, 16, 16));
  const jump = Buffer.from([0xff, 0x00, 0, hidden.length + 4 + 2]);
  return new Uint8Array(
    Buffer.concat([Buffer.from([0xff, 0xd8]), jump, hidden, wrapped, fixtureWithoutFrame()]),
  );
}

/** The fixture JPEG with `extra` just after its SOI. */
export const jpegStartingWith = (extra: Buffer): Uint8Array =>
  new Uint8Array(
    Buffer.concat([Buffer.from([0xff, 0xd8]), extra, Buffer.from(jpeg()).subarray(2)]),
  );

/** A one-page PDF whose content stream, filtered as told, draws an inline image. */
export async function pdfWithContent(
  operators: string,
  encode: (bytes: Buffer) => Buffer = (bytes) => bytes,
  filter?: Parameters<PDFDocument['context']['stream']>[1],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const pixels = deflateSync(Buffer.alloc(3 * 8 * 8));
  const [before, after] = operators.split('<pixels>');
  const raw = Buffer.concat([Buffer.from(before!, 'latin1'), pixels, Buffer.from(after ?? '')]);
  const content = doc.context.stream(encode(raw), filter ?? {});
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save({ useObjectStreams: false });
}

/** An inline image of 8×8 pixels under the dictionary `dict`, in a page's operators. */
export const inlineImage = (dict: string): string =>
  `q 100 0 0 100 50 50 cm BI ${dict} /CS /RGB /BPC 8 /F /Fl ID <pixels> EI Q`;

/** A PDF whose content stream refers to a number object: for `/W 7 0 R` dictionaries. */
export async function pdfWithNumberObject(value: number, dict: (ref: string) => string) {
  const doc = await PDFDocument.create();
  const ref = doc.context.register(PDFNumber.of(value));
  const page = doc.addPage([200, 200]);
  const pixels = deflateSync(Buffer.alloc(3 * 8 * 8));
  const operators = Buffer.concat([
    Buffer.from(`BI ${dict(`${ref.objectNumber} 0 R`)} /CS /RGB /BPC 8 /F /Fl ID `),
    pixels,
    Buffer.from(' EI'),
  ]);
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(operators)));
  return doc.save({ useObjectStreams: false });
}

/** ASCII85 (PDF's ASCII85Decode, with its ~> end): 4 bytes become 5 characters from '!'. */
export function ascii85(bytes: Buffer): Buffer {
  let out = '';
  for (let at = 0; at < bytes.length; at += 4) {
    const group = Buffer.alloc(4);
    bytes.copy(group, 0, at, at + 4);
    let value = group.readUInt32BE(0);
    const digits: string[] = [];
    for (let i = 0; i < 5; i++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, Math.min(4, bytes.length - at) + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/** A one-page PDF drawing a 40×20 image XObject whose stream is `data` under `filter`. */
export async function pdfWithFilteredImage(
  data: Uint8Array,
  filter: string[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const image = doc.context.stream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 40,
    Height: 20,
    ColorSpace: 'DeviceRGB',
    BitsPerComponent: 8,
    Filter: filter,
  });
  const name = page.node.newXObject('Im', doc.context.register(image));
  const content = doc.context.stream(`q 100 0 0 100 50 50 cm ${name.asString()} Do Q`);
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save({ useObjectStreams: false });
}

/**
 * LZW as PDF's LZWDecode reads it, without compressing: a clear code, then each byte as its own
 * 9-bit code, cleared again every 200 bytes so the code width never grows; then end-of-data.
 */
export function lzw(bytes: Buffer): Buffer {
  const codes: number[] = [];
  bytes.forEach((byte, index) => {
    if (index % 200 === 0) codes.push(256);
    codes.push(byte);
  });
  codes.push(257);
  const out = Buffer.alloc(Math.ceil((codes.length * 9) / 8));
  codes.forEach((code, index) => {
    for (let bit = 0; bit < 9; bit++) {
      if ((code >> (8 - bit)) & 1) {
        const at = index * 9 + bit;
        out[at >> 3]! |= 0x80 >> (at & 7);
      }
    }
  });
  return out;
}
