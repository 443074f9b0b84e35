import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertToPdf } from '../../../src/server/conversion/convert-document';
import {
  chooseDocxConverter,
  JavascriptDocxConverter,
} from '../../../src/server/conversion/convert-docx';
import { ConversionError } from '../../../src/server/conversion/conversion-messages';
import {
  corruptPdf,
  docx,
  encryptedPdf,
  jpeg,
  longDocx,
  pdf,
  png,
  understatedZipBomb,
} from '../helpers/fixtures';
import { readPdf } from '../helpers/pdf-text';

const js = new JavascriptDocxConverter();

/** The first transformation matrix a PDF's first page applies (where the image is drawn). */
async function imageMatrix(bytes: Uint8Array): Promise<number[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const ops = await (await doc.getPage(1)).getOperatorList();
  const at = ops.fnArray.indexOf(pdfjs.OPS.transform);
  const matrix = (ops.argsArray[at] as number[]).map((n) => Math.round(n));
  await doc.destroy();
  return matrix;
}

const failure = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConversionError);
    return (error as Error).message;
  }
  throw new Error('the conversion did not fail');
};

describe('conversion to PDF', () => {
  it('puts a PNG on one landscape A4 page, as the image is wider than high', async () => {
    const reading = await readPdf(await convertToPdf('png', png(300, 200), js));
    expect(reading.pages).toBe(1);
    expect(reading.sizes).toEqual([[842, 595]]);
  });

  it('puts a JPEG on one page, upright as stored when it has no orientation', async () => {
    const out = await convertToPdf('jpeg', jpeg(), js);
    expect((await readPdf(out)).sizes).toEqual([[842, 595]]);
    // 40×20 at scale 1, not turned: [w 0 0 h x y].
    expect(await imageMatrix(out)).toEqual([40, 0, 0, 20, 401, 288]);
  });

  it('turns a JPEG whose EXIF orientation is 6 a quarter clockwise, on an upright page', async () => {
    const out = await convertToPdf('jpeg', jpeg(6), js);
    expect((await readPdf(out)).sizes).toEqual([[595, 842]]);
    // Shown 20 wide and 40 high: the stored image's top row becomes the right-hand column.
    expect(await imageMatrix(out)).toEqual([0, -40, 20, 0, 288, 441]);
  });

  it('keeps every page of a PDF', async () => {
    const reading = await readPdf(await convertToPdf('pdf', await pdf(3), js));
    expect(reading.pages).toBe(3);
    expect(reading.pageTexts).toEqual(['Page 1', 'Page 2', 'Page 3']);
  });

  it('refuses an encrypted PDF and a corrupt one, each with a message', async () => {
    expect(await failure(convertToPdf('pdf', await encryptedPdf(), js))).toBe(
      'This PDF is protected by a password or encryption. Please upload a copy without protection.',
    );
    expect(await failure(convertToPdf('pdf', corruptPdf(), js))).toBe(
      'This PDF could not be read. It may be damaged: please save it again and upload the new copy.',
    );
  });

  it('refuses a broken image', async () => {
    const broken = png().slice(0, 40);
    expect(await failure(convertToPdf('png', broken, js))).toMatch(/image could not be read/);
  });

  it('lays a Word document out in JavaScript, keeping its words, headings and Unicode', async () => {
    const out = await convertToPdf(
      'docx',
      await docx([{ heading: 1, text: 'Transcript' }, 'Zoë Łukasz Привет', { bold: 'GPA 3.85' }]),
      js,
    );
    const reading = await readPdf(out);
    expect(reading.pages).toBe(1);
    expect(reading.text).toBe('Transcript Zoë Łukasz Привет GPA 3.85');
  });

  it('keeps every letter of a document made after one in Cyrillic (fonts are not shared)', async () => {
    await convertToPdf('docx', await docx(['Привет']), js);
    const reading = await readPdf(await convertToPdf('docx', await docx(['Tree the eel']), js));
    expect(reading.text).toBe('Tree the eel');
  });

  it('adds pages for a long Word document', async () => {
    const reading = await readPdf(await convertToPdf('docx', await longDocx(5), js));
    expect(reading.pages).toBeGreaterThanOrEqual(5);
    expect(reading.text).toContain('Section 5');
  });

  it('refuses a Word document whose entries unpack to more than they declare', async () => {
    expect(await failure(convertToPdf('docx', await understatedZipBomb(), js))).toMatch(
      /Word document could not be read/,
    );
  });
});

describe('choosing the Word converter', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fake-soffice-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the JavaScript path when soffice is not on PATH', () => {
    expect(chooseDocxConverter(path.join(dir, 'nothing-here')).name).toBe('javascript');
  });

  it('runs soffice --headless --convert-to pdf when it is on PATH, and normalises its output', async () => {
    // A stand-in soffice: writes a one-page PDF named after the input into --outdir.
    const made = path.join(dir, 'made.pdf');
    writeFileSync(made, await pdf(1, 'From soffice'));
    const script = path.join(dir, 'soffice');
    writeFileSync(
      script,
      [
        '#!/usr/bin/env node',
        "const fs = require('node:fs'); const path = require('node:path');",
        'const args = process.argv.slice(2);',
        "if (!args.includes('--headless') || !args[args.indexOf('--convert-to') + 1].startsWith('pdf:')) process.exit(2);",
        "const out = args[args.indexOf('--outdir') + 1]; const input = args[args.length - 1];",
        `fs.copyFileSync(${JSON.stringify(made)}, path.join(out, path.basename(input, '.docx') + '.pdf'));`,
      ].join('\n'),
    );
    chmodSync(script, 0o755);
    // A Node script: outside the sandbox (Node is not under /usr here), with room for V8's reservations.
    const converter = chooseDocxConverter(dir, { sandbox: 'none', memoryMb: 65_536 });
    expect(converter.name).toBe('soffice');
    const reading = await readPdf(await convertToPdf('docx', await docx(['Hello']), converter));
    expect(reading.pageTexts).toEqual(['From soffice 1']);
  });
});
