/**
 * Images are judged by what they decode to (issue 41, F1): a corpus of crafted files, built here,
 * each refused with the catalogue's message; the PNG decoder refusing on its own past the limit;
 * the converted PDF's images checked before it is stored; and ordinary images still converting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFNumber, PDFStream } from 'pdf-lib';
import { fileMessages } from '../../../src/engine/file-rules';
import { convertToPdf } from '../../../src/server/conversion/convert-document';
import { JavascriptDocxConverter } from '../../../src/server/conversion/convert-docx';
import { imageToPdf } from '../../../src/server/conversion/convert-image';
import { normalisePdf } from '../../../src/server/conversion/convert-pdf';
import {
  ConversionError,
  conversionMessages,
} from '../../../src/server/conversion/conversion-messages';
import { documentKindOf } from '../../../src/server/conversion/file-content';
import { liveWorkers } from '../../../src/server/conversion/isolation';
import { defaultDocumentLimits } from '../../../src/server/conversion/limits';
import { embedPngWithin } from '../../../src/server/conversion/png-decoder-cap';
import { jpeg, png } from '../helpers/fixtures';
import { leftoverProcesses } from '../helpers/processes';
import {
  apng,
  bytesAfterEndPng,
  chunk,
  chunkAfterEndPng,
  docxWithPicture,
  idat,
  idatOf,
  ihdr,
  jpegWith,
  pdfWithImage,
  pdfWithInlineImage,
  pngOf,
  progressiveJpeg,
  sof,
  tiff,
  twoHeaderPng,
  twoSmallHeadersPng,
  webp,
} from './crafted-images';

const js = new JavascriptDocxConverter();
const { imageTooLarge, imageUnreadable } = conversionMessages;
const limit = defaultDocumentLimits.maxImagePixels;

const failure = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return (error as Error).message;
};

/** Width × height of every image XObject of a PDF. */
async function imageSizes(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const sizes: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue;
    if (object.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    const size = (key: string) => object.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
    sizes.push(`${size('Width')}x${size('Height')}`);
  }
  return sizes;
}

afterEach(async () => {
  for (let i = 0; i < 50 && liveWorkers.size > 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(liveWorkers.size).toBe(0);
  expect(await leftoverProcesses()).toEqual([]);
});

describe('a crafted image is refused with the catalogue message', () => {
  const huge = 16000;
  const corpus: Array<[string, () => Uint8Array, 'png' | 'jpeg', string]> = [
    ['two IHDRs, 10×10 then 16000×16000', twoHeaderPng, 'png', imageTooLarge],
    ['two IHDRs that both stay small', twoSmallHeadersPng, 'png', imageUnreadable],
    ['an APNG frame (fcTL) of 16000×16000', () => apng(huge, huge), 'png', imageTooLarge],
    ['an APNG frame larger than its canvas', () => apng(20, 20), 'png', imageUnreadable],
    ['a chunk after IEND', chunkAfterEndPng, 'png', imageUnreadable],
    ['bytes after IEND', bytesAfterEndPng, 'png', imageUnreadable],
    [
      'image data short of its IHDR',
      () => pngOf(ihdr(10, 10), idat(10, 9), chunk('IEND')),
      'png',
      imageUnreadable,
    ],
    [
      'image data beyond its IHDR',
      () => pngOf(ihdr(10, 10), idat(10, 11), chunk('IEND')),
      'png',
      imageUnreadable,
    ],
    ['a TIFF under the PNG name', tiff, 'png', imageUnreadable],
    ['a WebP under the PNG name', webp, 'png', imageUnreadable],
    [
      'a JPEG whose second SOF is huge',
      () => jpegWith(sof(0xc0, huge, huge), 'after-sof'),
      'jpeg',
      imageTooLarge,
    ],
    [
      'a JPEG with a huge SOF after its scan',
      () => jpegWith(sof(0xc1, huge, huge), 'after-scan'),
      'jpeg',
      imageTooLarge,
    ],
    [
      'a JPEG with a small SOF0 then a huge SOF2',
      () => jpegWith(sof(0xc2, huge, huge), 'after-sof'),
      'jpeg',
      imageTooLarge,
    ],
    [
      'a progressive JPEG with a huge SOF2',
      () => progressiveJpeg(huge, huge),
      'jpeg',
      imageTooLarge,
    ],
    [
      'a huge SOF behind stray bytes',
      () => jpegWith(Buffer.concat([Buffer.alloc(3), sof(0xc0, huge, huge)]), 'after-sof'),
      'jpeg',
      imageTooLarge,
    ],
    [
      'a JPEG with two small SOFs',
      () => jpegWith(sof(0xc0, 40, 20), 'after-sof'),
      'jpeg',
      imageUnreadable,
    ],
    ['a PNG under the JPEG name', () => png(30, 20), 'jpeg', imageUnreadable],
  ];

  it.each(corpus)('%s', async (_, make, kind, message) => {
    expect(await failure(imageToPdf(make(), kind))).toBe(message);
  });

  it('refuses the probe file in a conversion process too, before any pixel is decoded', async () => {
    expect(await failure(convertToPdf('png', twoHeaderPng(), js))).toBe(imageTooLarge);
    expect(twoHeaderPng().byteLength).toBeLessThan(200);
    const manySofs = jpegWith(sof(0xc0, huge, huge), 'after-scan');
    expect(await failure(convertToPdf('jpeg', manySofs, js))).toBe(imageTooLarge);
  });

  it('tells a TIFF or WebP named .png by its content: not a PNG at all', async () => {
    for (const bytes of [tiff(), webp()]) {
      expect(await documentKindOf(bytes)).toEqual({
        ok: false,
        message: fileMessages.wrongContent,
      });
    }
  });

  it('refuses a Word document holding the probe PNG', async () => {
    expect(await failure(convertToPdf('docx', await docxWithPicture(twoHeaderPng()), js))).toBe(
      imageTooLarge,
    );
  }, 60_000);
});

describe('the PNG decoder is capped itself', () => {
  it('refuses past its cap, whatever the headers said first', async () => {
    // Straight to the decoder, no inspection before it: the cap inside it is what refuses.
    const doc = await PDFDocument.create();
    expect(await failure(embedPngWithin(doc, twoHeaderPng(), limit))).toBe(imageTooLarge);
    expect(await failure(doc.embedPng(twoHeaderPng()))).toBe(imageTooLarge);
    expect(await failure(embedPngWithin(doc, png(30, 20), 599))).toBe(imageTooLarge);
    expect((await embedPngWithin(doc, png(30, 20), 600)).width).toBe(30);
    // The lowered cap was for that call only.
    expect((await doc.embedPng(png(300, 200))).height).toBe(200);
  });
});

describe("a converted PDF's images are checked before it is stored", () => {
  it('refuses an uploaded PDF whose image declares more pixels than the limit', async () => {
    expect(await failure(convertToPdf('pdf', await pdfWithImage(16000, 16000), js))).toBe(
      imageTooLarge,
    );
  }, 60_000);

  it("counts a JPEG stream by its own frame headers, not the dictionary's size", async () => {
    const hidden = jpegWith(sof(0xc2, 16000, 16000), 'after-sof');
    expect(await failure(normalisePdf(await pdfWithImage(40, 20, hidden)))).toBe(imageTooLarge);
    expect(await failure(normalisePdf(await pdfWithImage(16000, 16000)))).toBe(imageTooLarge);
    const lowered = { ...defaultDocumentLimits, maxImagePixels: 63 };
    const pdf = await pdfWithImage(8, 8);
    expect(await failure(convertToPdf('pdf', pdf, js, undefined, { limits: lowered }))).toBe(
      imageTooLarge,
    );
    expect(await imageSizes(await normalisePdf(await pdfWithImage(40, 20, jpeg())))).toEqual([
      '40x20',
    ]);
  }, 60_000);

  it('counts an inline image (BI … ID … EI) by the size its dictionary declares', async () => {
    expect(await failure(normalisePdf(await pdfWithInlineImage(16000, 16000)))).toBe(imageTooLarge);
    expect(await failure(convertToPdf('pdf', await pdfWithInlineImage(16000, 16000), js))).toBe(
      imageTooLarge,
    );
    expect(
      (await PDFDocument.load(await normalisePdf(await pdfWithInlineImage(8, 8)))).getPageCount(),
    ).toBe(1);
  }, 60_000);
});

describe('ordinary images still convert', () => {
  it('converts a PNG and a JPEG, the PDF holding the image at its size', async () => {
    expect(await imageSizes(await convertToPdf('png', png(30, 20), js))).toEqual(['30x20']);
    expect(await imageSizes(await convertToPdf('jpeg', jpeg(), js))).toEqual(['40x20']);
    // Stray bytes between segments, which cameras leave and decoders skip.
    const stray = jpegWith(Buffer.alloc(3), 'after-sof');
    expect(await imageSizes(await imageToPdf(stray, 'jpeg'))).toEqual(['40x20']);
  });

  it('converts an interlaced PNG and an APNG (its still picture)', async () => {
    // Adam7 of 30×20 RGB: passes of 39, 39, 50, 110, 230, 460 and 910 bytes (filter bytes in).
    const interlaced = pngOf(ihdr(30, 20, true), idatOf(1838), chunk('IEND'));
    expect(await imageSizes(await imageToPdf(interlaced, 'png'))).toEqual(['30x20']);
    const flatSized = pngOf(ihdr(30, 20, true), idatOf(20 * 91), chunk('IEND'));
    expect(await failure(imageToPdf(flatSized, 'png'))).toBe(imageUnreadable);
    expect(await imageSizes(await imageToPdf(apng(10, 10), 'png'))).toEqual(['10x10']);
  });

  it('converts PNGs of other depths: 1-bit palette, 16-bit grey with alpha', async () => {
    // Rows of a filter byte then the packed samples: 30 one-bit pixels fill 4 bytes; 30 pixels
    // of two 16-bit samples fill 120.
    const palette = pngOf(
      ihdr(30, 20, false, 1, 3),
      chunk('PLTE', Buffer.from([0, 0, 0, 255, 255, 255])),
      idatOf(20 * (1 + 4)),
      chunk('IEND'),
    );
    expect(await imageSizes(await imageToPdf(palette, 'png'))).toEqual(['30x20']);
    const grey = pngOf(ihdr(30, 20, false, 16, 4), idatOf(20 * (1 + 120)), chunk('IEND'));
    // The alpha channel becomes a soft mask: a second image of the same size.
    expect(await imageSizes(await imageToPdf(grey, 'png'))).toEqual(['30x20', '30x20']);
  });

  it('drops an ancillary chunk whose CRC is damaged, as libpng does', async () => {
    const text = chunk('tEXt', Buffer.from('Comment\0hello'));
    text[text.length - 1]! ^= 0xff;
    const damaged = pngOf(ihdr(30, 20), text, idat(30, 20), chunk('IEND'));
    expect(await imageSizes(await imageToPdf(damaged, 'png'))).toEqual(['30x20']);
    const picture = idat(30, 20);
    picture[picture.length - 1]! ^= 0xff;
    const broken = pngOf(ihdr(30, 20), picture, chunk('IEND'));
    expect(await failure(imageToPdf(broken, 'png'))).toBe(imageUnreadable);
  });

  it('converts a Word document holding an ordinary PNG', async () => {
    expect(
      await imageSizes(await convertToPdf('docx', await docxWithPicture(png(30, 20)), js)),
    ).toEqual(['30x20']);
  }, 60_000);
});
