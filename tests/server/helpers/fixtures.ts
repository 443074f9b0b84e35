/**
 * Small documents built in memory for the document tests and benchmarks: zip archives (written by
 * yazl), PNG, JPEG with an EXIF orientation, Word documents, PDFs, and hostile files (zip bombs,
 * an encrypted PDF, a program).
 */
import { buffer } from 'node:stream/consumers';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import yazl from 'yazl';

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
  /** Deflate the entry (default: stored). */
  deflate?: boolean;
}

const bytesOf = (data: Uint8Array | string) =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);

// A fixed time stamp, so that the same entries always make the same bytes.
const entryTime = new Date(Date.UTC(2024, 0, 1));

/** A zip archive of the entries, stored or deflated. */
export async function zip(entries: ZipEntry[]): Promise<Uint8Array> {
  const archive = new yazl.ZipFile();
  for (const entry of entries) {
    const options = { compress: entry.deflate ?? false, mtime: entryTime };
    archive.addBuffer(bytesOf(entry.data), entry.name, options);
  }
  archive.end();
  return new Uint8Array(await buffer(archive.outputStream));
}

/**
 * yazl cannot write a lie (an unpacked size the data does not have, a name climbing out with
 * ".."), so a hostile archive is written honest and the entry's local header and central-directory
 * record are then patched, found through the end record as a reader finds them; a new name must
 * have the old one's length.
 */
export function falsifyEntry(
  archive: Uint8Array,
  name: string,
  lie: { declaredSize?: number; name?: string },
): Uint8Array {
  const bytes = Buffer.from(archive);
  const end = bytes.length - 22; // yazl writes no archive comment
  if (bytes.readUInt32LE(end) !== 0x06054b50) throw new Error('no end of central directory');
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < bytes.readUInt16LE(end + 10); i++) {
    const nameLength = bytes.readUInt16LE(at + 28);
    if (bytes.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const local = bytes.readUInt32LE(at + 42);
      if (lie.declaredSize !== undefined) {
        bytes.writeUInt32LE(lie.declaredSize, at + 24);
        bytes.writeUInt32LE(lie.declaredSize, local + 22);
      }
      if (lie.name !== undefined) {
        if (Buffer.byteLength(lie.name) !== nameLength) throw new Error('names differ in length');
        bytes.write(lie.name, at + 46, 'utf8');
        bytes.write(lie.name, local + 30, 'utf8');
      }
      return new Uint8Array(bytes);
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  throw new Error(`no entry ${name}`);
}

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;

const packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A paragraph of a test document: plain, a heading (Word's Heading1/2 styles) or bold. */
export type DocxParagraph = string | { heading: 1 | 2; text: string } | { bold: string };

/** A Word document holding the paragraphs (deflated, as Word writes it). */
export function docx(paragraphs: DocxParagraph[], extra: ZipEntry[] = []): Promise<Uint8Array> {
  const body = paragraphs
    .map((p) => {
      if (typeof p === 'string')
        return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`;
      if ('heading' in p)
        return `<w:p><w:pPr><w:pStyle w:val="Heading${p.heading}"/></w:pPr><w:r><w:t>${escapeXml(p.text)}</w:t></w:r></w:p>`;
      return `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>${escapeXml(p.bold)}</w:t></w:r></w:p>`;
    })
    .join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return zip([
    { name: '[Content_Types].xml', data: contentTypes, deflate: true },
    { name: '_rels/.rels', data: packageRels, deflate: true },
    { name: 'word/document.xml', data: document, deflate: true },
    ...extra,
  ]);
}

/** A Word document whose content would take about `pages` A4 pages. */
export function longDocx(pages: number): Promise<Uint8Array> {
  const paragraphs: DocxParagraph[] = [];
  const sentence =
    'The applicant completed coursework in mathematics, sciences and humanities with distinction, and took part in the school orchestra and the debate society. ';
  for (let p = 0; p < pages; p++) {
    paragraphs.push({ heading: 1, text: `Section ${p + 1}` });
    for (let i = 0; i < 8; i++) paragraphs.push(sentence.repeat(3));
    paragraphs.push({ bold: 'Grade point average: 3.85' });
  }
  return docx(paragraphs);
}

/** A zip that declares far more unpacked bytes than a Word document may hold. */
export async function declaredZipBomb(): Promise<Uint8Array> {
  const name = 'word/media/huge.bin';
  const honest = await docx(['Hello'], [{ name, data: 'x', deflate: true }]);
  return falsifyEntry(honest, name, { declaredSize: 0xfffffff0 });
}

/** A real zip bomb: 30 MB of zeros that deflate to some 30 KB. */
export function deflatedZipBomb(): Promise<Uint8Array> {
  return docx(
    ['Hello'],
    [{ name: 'word/media/zeros.bin', data: new Uint8Array(30 * 1024 * 1024), deflate: true }],
  );
}

/** A zip of more entries than a Word document may hold. */
export function manyEntriesZip(count = 2500): Promise<Uint8Array> {
  const extra = Array.from({ length: count }, (_v, i) => ({
    name: `word/media/${i}.txt`,
    data: 'a',
  }));
  return docx(['Hello'], extra);
}

/** A zip whose entry inflates to more than it declares (the central directory lies low). */
export async function understatedZipBomb(): Promise<Uint8Array> {
  const name = 'word/media/zeros.bin';
  const zeros = new Uint8Array(5 * 1024 * 1024);
  const honest = await docx(['Hello'], [{ name, data: zeros, deflate: true }]);
  return falsifyEntry(honest, name, { declaredSize: 10 });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** An RGB PNG of the given size with a simple pattern. */
export function png(width = 30, height = 20): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = x * 8;
      rows[at + 1] = y * 8;
      rows[at + 2] = 128;
    }
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(rows)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A 40×20 (landscape) baseline JPEG, made once with an encoder and kept here. */
const jpegBase64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk8BDg4OExETJhUVJk81LTVPT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT//AABEIABQAKAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AM6oPsQoAzdX/wCWP/Av6V04fqeJnP2Pn+hnV0niBQB6d/Y+n/8APv8A+Pt/jXy31qr3/I9n65X/AJvwQf2Pp/8Az7/+Pt/jR9aq9/yD65X/AJvwRm6vo+n/ALn/AEf1/jb2966sPiquuv5HiZzjK/ue936LyM7+x9P/AOff/wAfb/Gun61V7/keJ9cr/wA34IP7H0//AJ9//H2/xo+tVe/5B9cr/wA34I7GvFPrQoAztX/5Zfj/AErpw/U8TOfsfP8AQzq6TxAoA//Z';

/** The 40×20 JPEG, with an EXIF APP1 segment giving `orientation` when one is asked for. */
export function jpeg(orientation?: number): Uint8Array {
  const base = Buffer.from(jpegBase64, 'base64');
  if (orientation === undefined) return new Uint8Array(base);
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'ascii');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one IFD entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  return new Uint8Array(Buffer.concat([base.subarray(0, 2), marker, payload, base.subarray(2)]));
}

/** A JPEG padded with comment segments to about `bytes` (the converter never decodes pixels). */
export function paddedJpeg(bytes: number, orientation?: number): Uint8Array {
  const base = Buffer.from(jpeg(orientation));
  const segments: Buffer[] = [];
  let size = base.length;
  while (size + 4 < bytes) {
    const length = Math.min(65533, bytes - size - 4);
    const segment = Buffer.alloc(length + 4, 0x41);
    segment[0] = 0xff;
    segment[1] = 0xfe; // COM
    segment.writeUInt16BE(length + 2, 2);
    segments.push(segment);
    size += segment.length;
  }
  return new Uint8Array(Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]));
}

/** A PDF of `pages` pages, each saying "Page n". */
export async function pdf(pages = 2, text = 'Page'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    doc.addPage([400, 300]).drawText(`${text} ${i}`, { x: 40, y: 150, size: 20, font });
  }
  return doc.save();
}

/** A PDF whose trailer names an encryption dictionary, as a password-protected file's does. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await pdf(1));
  doc.context.trailerInfo.Encrypt = doc.context.obj({
    Filter: PDFName.of('Standard'),
    V: 1,
    R: 2,
    P: -4,
  });
  return doc.save({ useObjectStreams: false });
}

/** Starts like a PDF and is nothing else. */
export const corruptPdf = (): Uint8Array =>
  new Uint8Array(
    Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\ngarbage\n%%EOF'),
  );

/** The first bytes of a Linux program. */
export const elfProgram = (): Uint8Array =>
  new Uint8Array(
    Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]),
  );

/** A shell script. */
export const shellScript = (): Uint8Array =>
  new Uint8Array(Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'));
