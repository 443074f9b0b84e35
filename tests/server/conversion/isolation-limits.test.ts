/**
 * Limits before work, off the thread that answers HTTP: images are refused on their header's
 * size, PDFs on what their streams inflate to and on their pages, the application PDF on its
 * pages; every refusal is a ConversionError with the catalogue's text, and the work runs in
 * child processes at the lowest CPU priority that are gone once it is done (or killed at its
 * deadline).
 */
import { getPriority } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName } from 'pdf-lib';
import { convertToPdf } from '../../../src/server/conversion/convert-document';
import { JavascriptDocxConverter } from '../../../src/server/conversion/convert-docx';
import { inflatedSize } from '../../../src/server/conversion/convert-pdf';
import {
  ConversionError,
  conversionMessages,
} from '../../../src/server/conversion/conversion-messages';
import { inspectImage } from '../../../src/server/conversion/image-header';
import { jpegStructure } from '../../../src/server/conversion/jpeg-structure';
import { pngStructure } from '../../../src/server/conversion/png-structure';
import { liveWorkers, runInWorker } from '../../../src/server/conversion/isolation';
import { defaultDocumentLimits } from '../../../src/server/conversion/limits';
import { jpeg, longDocx, pdf, png } from '../helpers/fixtures';
import { leftoverProcesses } from '../helpers/processes';
import { readPdf } from '../helpers/pdf-text';

const js = new JavascriptDocxConverter();

const failure = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return (error as Error).message;
};

/** A PNG whose IHDR declares width × height (its CRC right) over the pixel data of a 30×20 one. */
function forgedPng(width: number, height: number): Uint8Array {
  const bytes = Buffer.from(png(30, 20));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return new Uint8Array(bytes);
}

/** The 40×20 JPEG with its SOF0 frame declaring width × height. */
function forgedJpeg(width: number, height: number): Uint8Array {
  const bytes = Buffer.from(jpeg());
  for (let at = 2; at < bytes.length - 9;) {
    const marker = bytes[at + 1]!;
    if (marker === 0xc0) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return new Uint8Array(bytes);
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no SOF0 in the fixture');
}

/** A one-page PDF whose page content is a Flate stream inflating to `inflated` bytes. */
async function inflateBombPdf(inflated: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const zeros = deflateSync(Buffer.alloc(inflated, 0x20), { level: 9 });
  const raw = doc.context.stream(zeros, { Filter: 'FlateDecode', Length: zeros.length });
  page.node.set(PDFName.of('Contents'), doc.context.register(raw));
  return doc.save({ useObjectStreams: false });
}

afterEach(async () => {
  // Nothing a conversion started outlives it: no conversion process, no program.
  // (killing a process takes a moment: waited for, bounded)
  for (let i = 0; i < 50 && liveWorkers.size > 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(liveWorkers.size).toBe(0);
  expect(await leftoverProcesses()).toEqual([]);
});

describe('limits before work', () => {
  it('reads PNG and JPEG sizes from their headers', async () => {
    expect(pngStructure(forgedPng(16000, 16000))).toMatchObject({
      width: 16000,
      height: 16000,
      largestPixels: 16000 * 16000,
    });
    const max = defaultDocumentLimits.maxImagePixels;
    expect(await inspectImage(jpeg(), 'jpeg', max)).toMatchObject({ width: 40, height: 20 });
    expect(jpegStructure(forgedJpeg(9000, 8000)).frames).toEqual([
      { width: 9000, height: 8000, components: 3 },
    ]);
  });

  it('refuses a PNG declaring 16000×16000 pixels without decoding it', async () => {
    expect(await failure(convertToPdf('png', forgedPng(16000, 16000), js))).toBe(
      conversionMessages.imageTooLarge,
    );
  });

  it('refuses a JPEG declaring more than the pixel limit', async () => {
    expect(await failure(convertToPdf('jpeg', forgedJpeg(9000, 8000), js))).toBe(
      conversionMessages.imageTooLarge,
    );
  });

  it('converts an image just under a lowered limit and refuses it just over', async () => {
    const limits = { ...defaultDocumentLimits, maxImagePixels: 600 };
    expect(
      (await readPdf(await convertToPdf('png', png(30, 20), js, undefined, { limits }))).pages,
    ).toBe(1);
    const lower = { ...defaultDocumentLimits, maxImagePixels: 599 };
    expect(await failure(convertToPdf('png', png(30, 20), js, undefined, { limits: lower }))).toBe(
      conversionMessages.imageTooLarge,
    );
  });

  it('refuses a PDF whose stream inflates past the bound', async () => {
    const bomb = await inflateBombPdf(200 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(inflatedSize(bomb, defaultDocumentLimits.maxInflatedBytes)).toBeGreaterThan(
      defaultDocumentLimits.maxInflatedBytes,
    );
    expect(await failure(convertToPdf('pdf', bomb, js))).toBe(conversionMessages.pdfTooLarge);
  }, 60_000);

  it('keeps a PDF whose streams inflate within the bound', async () => {
    const fine = await inflateBombPdf(1024 * 1024);
    expect(inflatedSize(fine, defaultDocumentLimits.maxInflatedBytes)).toBe(1024 * 1024);
    expect((await readPdf(await convertToPdf('pdf', fine, js))).pages).toBe(1);
  }, 60_000);

  it('refuses a PDF of more pages than the cap', async () => {
    expect(await failure(convertToPdf('pdf', await pdf(101), js))).toBe(
      conversionMessages.tooManyPages,
    );
  }, 60_000);

  it('refuses a Word document that lays out to more pages than the cap', async () => {
    const limits = { ...defaultDocumentLimits, maxPages: 3 };
    expect(await failure(convertToPdf('docx', await longDocx(5), js, undefined, { limits }))).toBe(
      conversionMessages.tooManyPages,
    );
  }, 60_000);

  it('refuses an application PDF whose attachments pass its page cap', async () => {
    const attachment = await pdf(30);
    const input = {
      universityName: 'University',
      applicationTitle: 'Application',
      applicant: { name: 'Ada', email: 'ada@example.org' },
      generatedAt: new Date(),
      pages: [],
      attachments: [1, 2, 3, 4].map((n) => ({ title: `Document ${n}`, pdf: attachment })),
    };
    const limits = { timeoutMs: 60_000, memoryMb: 256 };
    const task = { task: 'application-pdf' as const, bytes: new Uint8Array(), input };
    const built = await runInWorker({ ...task, maxPages: 200, maxBytes: 1e8 }, limits);
    // The header page, then the four documents.
    expect((await PDFDocument.load(built)).getPageCount()).toBe(121);
    expect(await failure(runInWorker({ ...task, maxPages: 100, maxBytes: 1e8 }, limits))).toBe(
      conversionMessages.applicationTooLarge,
    );
  }, 60_000);
});

describe('off the thread that answers HTTP', () => {
  it('converts in a child process, which is gone once the conversion is done', async () => {
    let seen = 0;
    const watch = setInterval(() => (seen = Math.max(seen, liveWorkers.size)), 1);
    await convertToPdf('png', png(300, 200), js);
    clearInterval(watch);
    expect(seen).toBeGreaterThanOrEqual(1);
  });

  it('converts at the lowest CPU priority, the server keeping its own', async () => {
    const own = getPriority();
    const seen = new Set<number>();
    const watch = setInterval(() => {
      for (const child of liveWorkers) {
        try {
          if (child.pid) seen.add(getPriority(child.pid));
        } catch {
          // exited meanwhile
        }
      }
    }, 1);
    await convertToPdf('docx', await longDocx(3), js);
    clearInterval(watch);
    expect([...seen]).toEqual([19]);
    expect(getPriority()).toBe(own);
  }, 60_000);

  it('stops a conversion at its deadline: FAILED as too slow, its process killed', async () => {
    const limits = { ...defaultDocumentLimits, timeoutMs: 300 };
    expect(await failure(convertToPdf('docx', await longDocx(40), js, undefined, { limits }))).toBe(
      conversionMessages.tooSlow,
    );
  }, 60_000);

  it('stops a conversion when its job is aborted', async () => {
    const controller = new AbortController();
    const converting = convertToPdf('docx', await longDocx(40), js, controller.signal);
    setTimeout(() => controller.abort(), 200);
    expect(await failure(converting)).toBe(conversionMessages.tooSlow);
  }, 60_000);
});
