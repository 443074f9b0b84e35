/**
 * Hostile images built byte by byte, as an attacker would (the probe of issue 41 used the first):
 * each declares, somewhere past the place a first-header read looks, more pixels than the limit,
 * or has a structure a strict decoder refuses.
 */
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { jpeg, png, zip } from '../helpers/fixtures';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk with its length and a right CRC. */
export function chunk(type: string, data: Uint8Array = new Uint8Array()): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** An IHDR of width × height (8-bit RGB unless told), Adam7-interlaced when asked. */
export function ihdr(width: number, height: number, interlaced = false, depth = 8, colour = 2) {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = depth;
  data[9] = colour;
  data[12] = interlaced ? 1 : 0;
  return chunk('IHDR', data);
}

/** Image data of `bytes` zeros: a black picture, filter type 0 on every row. */
export const idatOf = (bytes: number): Buffer => chunk('IDAT', deflateSync(Buffer.alloc(bytes)));

/** The image data of a width × height RGB picture, not interlaced. */
export const idat = (width: number, height: number): Buffer => idatOf((width * 3 + 1) * height);

export const pngOf = (...chunks: Buffer[]): Uint8Array =>
  new Uint8Array(Buffer.concat([signature, ...chunks]));

/** The probe's file: a 10×10 IHDR, then a second saying 16000×16000, over 10×10 data. */
export const twoHeaderPng = (): Uint8Array =>
  pngOf(ihdr(10, 10), ihdr(16000, 16000), idat(10, 10), chunk('IEND'));

/** Two IHDRs that both stay small: still two headers, which no valid PNG has. */
export const twoSmallHeadersPng = (): Uint8Array =>
  pngOf(ihdr(10, 10), ihdr(20, 20), idat(10, 10), chunk('IEND'));

function actl(frames: number): Buffer {
  const data = Buffer.alloc(8);
  data.writeUInt32BE(frames, 0);
  return chunk('acTL', data);
}

function fctl(sequence: number, width: number, height: number): Buffer {
  const data = Buffer.alloc(26);
  data.writeUInt32BE(sequence, 0);
  data.writeUInt32BE(width, 4);
  data.writeUInt32BE(height, 8);
  data.writeUInt16BE(1, 20); // delay 1/100 s
  data.writeUInt16BE(100, 22);
  return chunk('fcTL', data);
}

function fdat(sequence: number, width: number, height: number): Buffer {
  const data = deflateSync(Buffer.alloc((width * 3 + 1) * height));
  const body = Buffer.alloc(4 + data.length);
  body.writeUInt32BE(sequence, 0);
  data.copy(body, 4);
  return chunk('fdAT', body);
}

/** An APNG of a 10×10 canvas whose second frame says `width` × `height`. */
export const apng = (width: number, height: number): Uint8Array =>
  pngOf(
    ihdr(10, 10),
    actl(2),
    fctl(0, 10, 10),
    idat(10, 10),
    fctl(1, width, height),
    fdat(2, 10, 10),
    chunk('IEND'),
  );

/** A valid PNG followed by a chunk after its IEND (here an IHDR, which no decoder should read). */
export const chunkAfterEndPng = (): Uint8Array =>
  new Uint8Array(Buffer.concat([png(30, 20), ihdr(16000, 16000)]));

/** A valid PNG followed by bytes that are no chunk at all. */
export const bytesAfterEndPng = (): Uint8Array =>
  new Uint8Array(Buffer.concat([png(30, 20), Buffer.from('trailing payload')]));

/** A little-endian TIFF header and one empty IFD (what a .tif renamed .png begins with). */
export const tiff = (): Uint8Array =>
  new Uint8Array(Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]));

/** A RIFF WebP container holding a VP8L header (a .webp renamed .png). */
export function webp(): Uint8Array {
  const vp8l = Buffer.from([0x2f, 0x09, 0xc0, 0x04, 0x00, 0x00, 0x00, 0x00]);
  const body = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), Buffer.alloc(4), vp8l]);
  body.writeUInt32LE(vp8l.length, 8);
  const head = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4)]);
  head.writeUInt32LE(body.length, 4);
  return new Uint8Array(Buffer.concat([head, body]));
}

/** A frame header segment (SOF0, SOF2…) of width × height with three components. */
export function sof(marker: number, width: number, height: number): Buffer {
  const segment = Buffer.from([0xff, marker, 0, 17, 8, 0, 0, 0, 0, 3]);
  segment.writeUInt16BE(height, 5);
  segment.writeUInt16BE(width, 7);
  const components = Buffer.from([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([segment, components]);
}

/** Where the 40×20 fixture JPEG's own SOF0 segment sits, and where its first scan (SOS) ends. */
function fixtureJpeg(): { bytes: Buffer; sofAt: number; sofEnd: number; eoiAt: number } {
  const bytes = Buffer.from(jpeg());
  for (let at = 2; at < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    if (bytes[at + 1] === 0xc0) {
      const sofEnd = at + 2 + bytes.readUInt16BE(at + 2);
      return { bytes, sofAt: at, sofEnd, eoiAt: bytes.length - 2 };
    }
  }
  throw new Error('no SOF0 in the fixture');
}

/** The fixture JPEG with `extra` inserted right after its SOF0, or just before its EOI. */
export function jpegWith(extra: Buffer, where: 'after-sof' | 'after-scan'): Uint8Array {
  const { bytes, sofEnd, eoiAt } = fixtureJpeg();
  const at = where === 'after-sof' ? sofEnd : eoiAt;
  return new Uint8Array(Buffer.concat([bytes.subarray(0, at), extra, bytes.subarray(at)]));
}

/** The fixture JPEG turned progressive: its SOF0 made a SOF2 declaring width × height. */
export function progressiveJpeg(width: number, height: number): Uint8Array {
  const { bytes, sofAt, sofEnd } = fixtureJpeg();
  const frame = Buffer.from(bytes.subarray(sofAt, sofEnd));
  frame[1] = 0xc2;
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return new Uint8Array(Buffer.concat([bytes.subarray(0, sofAt), frame, bytes.subarray(sofEnd)]));
}

/** A one-page PDF drawing an image XObject that declares width × height over a few bytes. */
export async function pdfWithImage(
  width: number,
  height: number,
  jpegBytes?: Uint8Array,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const data = jpegBytes ?? deflateSync(Buffer.alloc(3 * 64, 0x20));
  const image = doc.context.stream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceRGB',
    BitsPerComponent: 8,
    Filter: jpegBytes ? 'DCTDecode' : 'FlateDecode',
  });
  const name = page.node.newXObject('Im', doc.context.register(image));
  const content = doc.context.stream(`q 100 0 0 100 50 50 cm ${name.asString()} Do Q`);
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save({ useObjectStreams: false });
}

/** A one-page PDF whose (Flate-compressed) content draws an inline image of width × height. */
export async function pdfWithInlineImage(width: number, height: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const pixels = deflateSync(Buffer.alloc(3 * width * Math.min(height, 8)));
  const operators = Buffer.concat([
    Buffer.from(`q 100 0 0 100 50 50 cm BI /W ${width} /H ${height} /CS /RGB /BPC 8 /F /Fl ID `),
    pixels,
    Buffer.from(' EI Q'),
  ]);
  const content = doc.context.flateStream(operators);
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save({ useObjectStreams: false });
}

/** A Word document whose one paragraph is followed by an embedded picture of the given bytes. */
export function docxWithPicture(picture: Uint8Array): Promise<Uint8Array> {
  const ns =
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
  const drawing = `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${ns}><w:body><w:p><w:r><w:t>A picture</w:t></w:r></w:p>${drawing}</w:body></w:document>`;
  const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
  const rels = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
  return zip([
    { name: '[Content_Types].xml', data: types, deflate: true },
    {
      name: '_rels/.rels',
      data: rels(
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>',
      ),
      deflate: true,
    },
    { name: 'word/document.xml', data: document, deflate: true },
    {
      name: 'word/_rels/document.xml.rels',
      data: rels(
        '<Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/p.png"/>',
      ),
      deflate: true,
    },
    { name: 'word/media/p.png', data: picture },
  ]);
}
