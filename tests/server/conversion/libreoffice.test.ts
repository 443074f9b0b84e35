/**
 * The LibreOffice path for real: the `soffice` of this machine (Debian's libreoffice-writer-nogui,
 * as the Dockerfile installs it) converts a Word document with the exact flags the product uses.
 * .ci/run installs LibreOffice, so in CI a missing soffice fails here instead of passing unseen;
 * on a developer machine without it these tests are skipped.
 */
import { describe, expect, it } from 'vitest';
import { convertToPdf } from '../../../src/server/conversion/convert-document';
import { findOnPath, SofficeDocxConverter } from '../../../src/server/conversion/convert-docx';
import { ConversionError } from '../../../src/server/conversion/conversion-messages';
import { docx, longDocx, zip } from '../helpers/fixtures';
import { readPdf } from '../helpers/pdf-text';

const soffice = findOnPath('soffice', process.env.PATH ?? '');

describe('LibreOffice is there when CI runs', () => {
  it.runIf(process.env.CI)('finds soffice on PATH', () => {
    expect(
      soffice,
      'soffice is not on PATH: .ci/run should install libreoffice-writer-nogui',
    ).toBeTruthy();
  });
});

describe.runIf(soffice)('converting Word documents with LibreOffice', () => {
  const converter = new SofficeDocxConverter(soffice ?? 'soffice');

  it('keeps the words, headings and page flow of a real document', async () => {
    const reading = await readPdf(
      await convertToPdf(
        'docx',
        await docx([
          { heading: 1, text: 'Transcript of Records' },
          'Mathematics A',
          { bold: 'GPA 3.85' },
        ]),
        converter,
      ),
    );
    expect(reading.pages).toBe(1);
    expect(reading.text).toContain('Transcript of Records');
    expect(reading.text).toContain('Mathematics A');
    expect(reading.text).toContain('GPA 3.85');
    const [width, height] = reading.sizes[0]!;
    // LibreOffice keeps the document's paper: Letter or A4, portrait.
    expect(height).toBeGreaterThan(width);
  }, 60_000);

  it('lays a long document out over several pages', async () => {
    const reading = await readPdf(await convertToPdf('docx', await longDocx(4), converter));
    expect(reading.pages).toBeGreaterThanOrEqual(4);
    expect(reading.text).toContain('Section 4');
  }, 60_000);

  it('runs two conversions side by side, each with its own profile', async () => {
    const [a, b] = await Promise.all([
      convertToPdf('docx', await docx(['First document']), converter),
      convertToPdf('docx', await docx(['Second document']), converter),
    ]);
    expect((await readPdf(a)).text).toBe('First document');
    expect((await readPdf(b)).text).toBe('Second document');
  }, 90_000);

  it('answers a document it cannot read with the message for the applicant', async () => {
    const broken = await zip([
      { name: 'word/document.xml', data: '<w:document>not closed', deflate: true },
    ]);
    const error = await convertToPdf('docx', broken, converter).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toMatch(/Word document could not be read/);
  }, 60_000);
});
