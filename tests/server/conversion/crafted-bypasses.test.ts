/**
 * The image checks against the files the security review of issue 41 F1 built to pass them: a
 * JPEG frame header behind a false marker or a mis-sized table, inline image dictionaries spelled
 * as pdf.js still reads them or in a content stream of another filter, and a JPEG behind Flate.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { imageToPdf } from '../../../src/server/conversion/convert-image';
import { checkPdf, normalisePdf } from '../../../src/server/conversion/convert-pdf';
import {
  ConversionError,
  conversionMessages,
} from '../../../src/server/conversion/conversion-messages';
import { jpegStructure } from '../../../src/server/conversion/jpeg-structure';
import { jpeg } from '../helpers/fixtures';
import {
  ascii85,
  falseMarkerJpeg,
  inlineImage,
  jpegStartingWith,
  lzw,
  pdfWithContent,
  pdfWithFilteredImage,
  pdfWithNumberObject,
  segment,
} from './crafted-bypasses';
import { jpegWith, progressiveJpeg, sof } from './crafted-images';

const { imageTooLarge, imageUnreadable, pdfUnreadable } = conversionMessages;
const huge = 16000;

const failure = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return (error as Error).message;
};

const pageCount = async (pdf: Promise<Uint8Array>) =>
  (await PDFDocument.load(await pdf)).getPageCount();

describe('a JPEG frame header is found where decoders find it', () => {
  it("refuses the review's file: FF00 is no segment, the frame header behind it counts", async () => {
    const file = falseMarkerJpeg(60000, 60000);
    expect(file.byteLength).toBeLessThan(1000);
    expect(await failure(imageToPdf(file, 'jpeg'))).toBe(imageTooLarge);
  });

  it('counts a frame marker one byte before where a segment ends (pdf.js retries there)', async () => {
    // An APP15 whose last byte is FF, then a frame header without its own FF.
    const straddling = Buffer.concat([segment(0xef, [0xff]), sof(0xc0, huge, huge).subarray(1)]);
    expect(await failure(imageToPdf(jpegWith(straddling, 'after-sof'), 'jpeg'))).toBe(
      imageTooLarge,
    );
  });

  it('refuses a table shorter than its length says, which pdf.js reads past', async () => {
    // DQT of length 4: pdf.js reads a whole table (65 bytes) and lands inside the APP15, on a
    // frame header that length-by-length readers skip.
    const table = segment(0xdb, [0x00, 0x01]);
    const hiding = segment(0xef, [...Buffer.alloc(59), ...sof(0xc0, huge, huge)]);
    const file = jpegStartingWith(Buffer.concat([table, hiding]));
    expect(await failure(imageToPdf(file, 'jpeg'))).toBe(imageUnreadable);
  });

  it('refuses a reserved marker (FF02–FFBF), as libjpeg does', async () => {
    const reserved = Buffer.from([0xff, 0x50, 0x00, 0x02]);
    expect(await failure(imageToPdf(jpegWith(reserved, 'after-sof'), 'jpeg'))).toBe(
      imageUnreadable,
    );
  });

  it('still converts a photo whose metadata holds FF C0 byte pairs (an ICC curve)', async () => {
    const icc = segment(0xe2, [...Buffer.from('ICC_PROFILE\0'), ...sof(0xc0, 60000, 60000)]);
    const pdf = await imageToPdf(jpegWith(icc, 'after-sof'), 'jpeg');
    expect(await pageCount(Promise.resolve(pdf))).toBe(1);
    // FF00 between segments is passed over, as decoders do (pdf-lib's own reader does not).
    const stuffed = jpegStructure(jpegStartingWith(Buffer.from([0xff, 0x00])));
    expect(stuffed).toEqual({
      frames: [{ width: 40, height: 20, components: 3 }],
      largestPixels: 800,
    });
  });
});

describe('an inline image dictionary is read as a viewer reads it', () => {
  const spellings: Array<[string, string]> = [
    ['signed numbers', `/W +${huge} /H +${huge}`],
    ['names with #xx escapes', `/#57 ${huge} /#48 ${huge}`],
    ['a dictionary padded past 4,000 characters', `/W ${huge}${' '.repeat(5000)}/H ${huge}`],
    ['a comment inside', `/W ${huge} % a remark\n/H ${huge}`],
    ['an exponent', '/Width 1.6e4 /Height 1.6e4'],
    ['a string holding BI', `/W ${huge} /Foo (BI) /H ${huge}`],
  ];

  it.each(spellings)('counts %s', async (_, dict) => {
    expect(await failure(checkPdf(await pdfWithContent(inlineImage(dict))))).toBe(imageTooLarge);
    expect(await failure(normalisePdf(await pdfWithContent(inlineImage(dict))))).toBe(
      imageTooLarge,
    );
  });

  it('follows a reference to a number object, as pdf.js does', async () => {
    const pdf = await pdfWithNumberObject(huge, (ref) => `/W ${ref} /H ${ref}`);
    expect(await failure(checkPdf(pdf))).toBe(imageTooLarge);
  });

  it('still converts a small inline image spelled the same ways', async () => {
    const dict = '/#57 +8 /H 8e0 % eight\n';
    expect(await pageCount(normalisePdf(await pdfWithContent(inlineImage(dict))))).toBe(1);
  });
});

describe('a content stream of any filter is decoded, or refused', () => {
  const dict = `/W ${huge} /H ${huge}`;

  it('decodes ASCII85, LZW, and a chain of ASCIIHex then Flate', async () => {
    const a85 = await pdfWithContent(inlineImage(dict), ascii85, { Filter: 'ASCII85Decode' });
    expect(await failure(normalisePdf(a85))).toBe(imageTooLarge);
    const chain = await pdfWithContent(
      inlineImage(dict),
      (bytes) => Buffer.from(`${deflateSync(bytes).toString('hex')}>`),
      { Filter: ['ASCIIHexDecode', 'FlateDecode'] },
    );
    expect(await failure(normalisePdf(chain))).toBe(imageTooLarge);
    const compressed = await pdfWithContent(inlineImage(dict), lzw, { Filter: 'LZWDecode' });
    expect(await failure(checkPdf(compressed))).toBe(imageTooLarge);
    const small = await pdfWithContent(inlineImage('/W 8 /H 8'), ascii85, { Filter: 'A85' });
    expect(await pageCount(normalisePdf(small))).toBe(1);
  });

  it('reads a content stream whatever its dictionary claims it is (a profile, a font)', async () => {
    for (const claim of [{ N: 3 }, { Length1: 10 }, { Type: 'Metadata' }]) {
      const pdf = await pdfWithContent(inlineImage(dict), deflateSync, {
        Filter: 'FlateDecode',
        ...claim,
      });
      expect(await failure(checkPdf(pdf))).toBe(imageTooLarge);
    }
    const undecodable = await pdfWithContent(inlineImage(dict), (bytes) => bytes, {
      Filter: 'Magic',
      Type: 'Metadata',
    });
    expect(await failure(checkPdf(undecodable))).toBe(pdfUnreadable);
  });

  it('refuses a content stream it cannot decode: a predictor, an unknown filter', async () => {
    const predicted = await pdfWithContent(inlineImage(dict), deflateSync, {
      Filter: 'FlateDecode',
      DecodeParms: doc12(),
    });
    expect(await failure(normalisePdf(predicted))).toBe(pdfUnreadable);
    const unknown = await pdfWithContent(inlineImage(dict), (bytes) => bytes, { Filter: 'Magic' });
    expect(await failure(checkPdf(unknown))).toBe(pdfUnreadable);
  });
});

describe("an image stream's JPEG is read behind the filters before it", () => {
  it('sizes Flate then DCT by the JPEG inside, not the dictionary', async () => {
    const hidden = deflateSync(progressiveJpeg(huge, huge));
    const pdf = await pdfWithFilteredImage(hidden, ['FlateDecode', 'DCTDecode']);
    expect(await failure(checkPdf(pdf))).toBe(imageTooLarge);
    expect(await failure(normalisePdf(pdf))).toBe(imageTooLarge);
    const ordinary = await pdfWithFilteredImage(deflateSync(jpeg()), ['FlateDecode', 'DCTDecode']);
    expect(await pageCount(normalisePdf(ordinary))).toBe(1);
  });

  it('refuses a chain it does not understand: a codec before a byte filter', async () => {
    const pdf = await pdfWithFilteredImage(deflateSync(jpeg()), ['DCTDecode', 'FlateDecode']);
    expect(await failure(normalisePdf(pdf))).toBe(pdfUnreadable);
  });
});

/** DecodeParms asking for PNG prediction (Predictor 12), which pdf-lib does not undo. */
function doc12() {
  return { Predictor: 12, Columns: 8 };
}
