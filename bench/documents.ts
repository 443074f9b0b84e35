/**
 * Document conversion and the application PDF (ARCHITECTURE decision 6): the median time to
 * convert a ~1 MB JPEG (EXIF-turned) and a five-page Word document (the pure JavaScript path),
 * and to render the application PDF of a complete application without and with two attached
 * documents (target: under 300 ms without), and, where `soffice` is on PATH, the same Word document
 * through LibreOffice in its sandbox (the production image's path; five runs, each starts
 * LibreOffice). Everything runs from this process, as the in-process job runner does; no database
 * is involved.
 */
import complete from '../tests/fixtures/answers/complete.json';
import { longDocx, paddedJpeg, pdf } from '../tests/server/helpers/fixtures';
import { formPages, siteConfig } from '../src/forms/form-pages';
import { readOnlyDocument } from '../src/engine/read-only-document';
import { renderApplicationPdf } from '../src/server/pdf/application-pdf';
import { convertToPdf } from '../src/server/conversion/convert-document';
import {
  chooseDocxConverter,
  JavascriptDocxConverter,
} from '../src/server/conversion/convert-docx';
import type { BenchRow } from './bench-row';

/** The median of `runs` timed calls, after `warmup` untimed ones. */
async function medianAsync(fn: () => Promise<unknown>, runs = 9, warmup = 2): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export async function run(): Promise<BenchRow[]> {
  const docx = new JavascriptDocxConverter();
  const photo = paddedJpeg(1_000_000, 6);
  const essay = await longDocx(5);
  const now = new Date();

  const photoPdf = await convertToPdf('jpeg', photo, docx);
  const essayPdf = await convertToPdf('docx', essay, docx);
  const state = {
    answers: { ...complete, transcript_file: 'ANSWERED' } as Record<string, string>,
    addAnother: { activity_interest: 2 },
  };
  const application = (attachments: Array<{ title: string; pdf: Uint8Array }>) => () =>
    renderApplicationPdf({
      universityName: siteConfig.university.name,
      applicationTitle: siteConfig.university.applicationTitle,
      applicant: { name: 'Avery Lindqvist', email: 'avery@example.org' },
      generatedAt: now,
      pages: readOnlyDocument(formPages, state, {
        documents: { transcript_file: { file_name: 'transcript.docx' } },
        now,
      }),
      attachments,
    });

  const soffice = chooseDocxConverter();

  return [
    {
      name: `convert a ${(photo.length / 1e6).toFixed(1)} MB JPEG (EXIF orientation 6) to PDF`,
      value: await medianAsync(() => convertToPdf('jpeg', photo, docx), 15),
      unit: 'ms',
    },
    {
      name: `convert a Word document of ${await pdfPages(essayPdf)} pages to PDF (JavaScript path)`,
      value: await medianAsync(() => convertToPdf('docx', essay, docx)),
      unit: 'ms',
    },
    // In the order shown: LibreOffice right after the JavaScript path, where it is installed.
    ...(soffice.name === 'soffice'
      ? [
          {
            name: 'convert the same Word document to PDF (LibreOffice, sandboxed)',
            value: await medianAsync(() => convertToPdf('docx', essay, soffice), 5, 1),
            unit: 'ms',
          },
        ]
      : []),
    {
      id: 'application-pdf',
      name: 'application PDF of a complete application, no attachments (target < 300 ms)',
      value: await medianAsync(application([])),
      unit: 'ms',
    },
    {
      name: 'application PDF with two attachments (the JPEG and the Word document above)',
      value: await medianAsync(
        application([
          { title: 'Transcript: photo.jpg', pdf: photoPdf },
          { title: 'Essay: essay.docx', pdf: essayPdf },
        ]),
      ),
      unit: 'ms',
    },
    {
      name: 'convert a 3-page PDF (check and rewrite)',
      value: await medianAsync(async () => convertToPdf('pdf', await samplePdf, docx)),
      unit: 'ms',
    },
  ];
}

const samplePdf = pdf(3);

async function pdfPages(bytes: Uint8Array): Promise<number> {
  const { PDFDocument } = await import('pdf-lib');
  return (await PDFDocument.load(bytes)).getPageCount();
}
