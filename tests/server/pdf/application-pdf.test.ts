import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import complete from '../../fixtures/answers/complete.json';
import { formPages } from '../../../src/forms/form-pages';
import { readOnlyDocument } from '../../../src/engine/read-only-document';
import { addOutline } from '../../../src/server/pdf/pdf-outline';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { jpeg, pdf } from '../helpers/fixtures';
import { readTagging } from '../helpers/pdf-tagging';
import { collapse, readPdf } from '../helpers/pdf-text';
import { uploadDocument } from '../helpers/uploads';
import { containing, labelOf, pageTitle } from '../../helpers/shipped-texts';

describe('addOutline', () => {
  it('writes one bookmark per item, each opening its page', async () => {
    const doc = await PDFDocument.create();
    const pages = [doc.addPage(), doc.addPage(), doc.addPage()];
    addOutline(doc, [
      { title: 'First part (fixture)', page: pages[0]! },
      { title: 'Zoë’s transcript', page: pages[2]! },
    ]);
    const reading = await readPdf(await doc.save());
    expect(reading.outline).toEqual(['First part (fixture)', 'Zoë’s transcript']);
    expect(reading.outlinePages).toEqual([1, 3]);
  });

  it('writes nothing for no items', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    addOutline(doc, []);
    expect((await readPdf(await doc.save())).outline).toEqual([]);
  });
});

describe.each(databases)('the application PDF on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(url);
    ada = await signedIn(t, 'ada@example.org');
    await t.call('PUT', '/api/answer', complete, ada);
    await t.call(
      'PUT',
      '/api/add-another',
      { button_id: 'activity_interest', num_components: 2 },
      ada,
    );
  });
  afterEach(async () => {
    await t.close();
  });

  const pdfStatus = async () => (await t.call('GET', '/api/pdf', undefined, ada)).json();
  const download = async () => {
    const response = await t.call('GET', '/api/pdf/file', undefined, ada);
    expect(response.statusCode).toBe(200);
    return new Uint8Array(response.rawPayload);
  };

  it('is built by a job: UNPROCESSED, then COMPLETED with its download address', async () => {
    expect(await pdfStatus()).toEqual({
      status: 'UNPROCESSED',
      url: '',
      message: 'The PDF of your application is being prepared.',
    });
    expect(await pdfStatus()).toMatchObject({ status: 'UNPROCESSED' });
    const notYet = await t.call('GET', '/api/pdf/file', undefined, ada);
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json().code).toBe('PDF_NOT_READY');
    // Asking twice queued one build.
    expect(await t.jobs.runUntilIdle()).toEqual(['done']);
    expect(await pdfStatus()).toEqual({
      status: 'COMPLETED',
      url: '/api/pdf/file',
      message: 'The PDF of your application is ready.',
    });
    const response = await t.call('GET', '/api/pdf/file', undefined, ada);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="application.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('holds every answered label and value of the read-only document, a bookmark per page and document', async () => {
    await uploadDocument(t, ada, await pdf(2, 'Transcript page'), 'transcript.pdf');
    await t.jobs.runUntilIdle();
    await pdfStatus();
    await t.jobs.runUntilIdle();
    const reading = await readPdf(await download());

    const answers = (await t.call('GET', '/api/profile', undefined, ada)).json().answer;
    const expected = readOnlyDocument(
      formPages,
      { answers, addAnother: { activity_interest: 2 } },
      { documents: { transcript_file: { file_name: 'transcript.pdf' } }, now: t.clock.now() },
    );
    const rows = expected.flatMap((p) => p.sections.flatMap((s) => s.rows));
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows) {
      expect(reading.text).toContain(collapse(`${row.label}`));
      expect(reading.text).toContain(collapse(`${row.value}`));
    }
    for (const section of expected.flatMap((p) => p.sections)) {
      expect(reading.text).toContain(section.title);
    }
    expect(reading.text).toContain('Document attached: transcript.pdf');
    expect(reading.text).toContain('Northfield State University');
    expect(reading.text).toContain('Avery Lindqvist, ada@example.org');
    expect(reading.pageTexts.slice(-2)).toEqual([
      `Transcript page 1 Page ${reading.pages - 1} of ${reading.pages}`,
      `Transcript page 2 Page ${reading.pages} of ${reading.pages}`,
    ]);
    expect(reading.text).toContain(`Page ${reading.pages} of ${reading.pages}`);

    expect(reading.outline).toEqual([
      pageTitle('about'),
      pageTitle('education'),
      pageTitle('final-steps'),
      `${labelOf('transcript_file')}: transcript.pdf`,
    ]);
    const [about, academics, final, transcript] = reading.outlinePages;
    expect(about).toBe(1);
    expect(reading.pageTexts[academics! - 1]).toMatch(
      new RegExp(`^${containing(pageTitle('education')).source}`),
    );
    expect(reading.pageTexts[final! - 1]).toMatch(
      new RegExp(`^${containing(pageTitle('final-steps')).source}`),
    );
    expect(reading.pageTexts[transcript! - 1]).toMatch(/^Transcript page 1/);
    expect(transcript).toBe(reading.pages - 1);
  });

  it('is tagged: marked, with a structure tree, its language, page titles as H1 and section titles as H2', async () => {
    await uploadDocument(t, ada, await pdf(1, 'Transcript page'), 'transcript.pdf');
    await t.jobs.runUntilIdle();
    await pdfStatus();
    await t.jobs.runUntilIdle();
    const tagging = await readTagging(await download());
    expect(tagging).toMatchObject({ marked: true, structTree: true, lang: 'en' });
    const answers = (await t.call('GET', '/api/profile', undefined, ada)).json().answer;
    const expected = readOnlyDocument(
      formPages,
      { answers, addAnother: { activity_interest: 2 } },
      { now: t.clock.now() },
    );
    const titled = expected.flatMap((p) => p.sections.filter((section) => section.title));
    expect(titled.length).toBeGreaterThan(0);
    expect(tagging.roles.filter((role) => role === 'H1')).toHaveLength(expected.length);
    expect(tagging.roles.filter((role) => role === 'H2')).toHaveLength(titled.length);
    // Each page's title comes before its sections' in reading order.
    expect(tagging.roles.find((role) => role !== 'P')).toBe('H1');
  });

  it('is rebuilt when the answers change, and only then', async () => {
    await pdfStatus();
    await t.jobs.runUntilIdle();
    expect((await pdfStatus()).status).toBe('COMPLETED');
    expect(await t.jobs.runUntilIdle()).toEqual([]);

    await t.call('PUT', '/api/answer', { preferred_name: 'Avi' }, ada);
    expect((await pdfStatus()).status).toBe('UNPROCESSED');
    expect(await t.jobs.runUntilIdle()).toEqual(['done']);
    expect((await pdfStatus()).status).toBe('COMPLETED');
    expect((await readPdf(await download())).text).toContain('Preferred Name Avi');
    // The build it replaced is deleted.
    const pdfRows = await t.db.selectFrom('application_pdfs').selectAll().execute();
    expect(pdfRows).toHaveLength(1);
  });

  it('is rebuilt when a document is attached', async () => {
    await pdfStatus();
    await t.jobs.runUntilIdle();
    await uploadDocument(t, ada, jpeg(6), 'scan.jpg');
    await t.jobs.runUntilIdle();
    expect((await pdfStatus()).status).toBe('UNPROCESSED');
    await t.jobs.runUntilIdle();
    expect((await readPdf(await download())).outline).toContain(
      `${labelOf('transcript_file')}: scan.jpg`,
    );
  });

  it('is frozen at submission: built from the submitted answers and kept', async () => {
    expect((await t.call('POST', '/api/submit', {}, ada)).statusCode).toBe(200);
    // The applicant's copy and the staff packet beside it.
    expect(await t.jobs.runUntilIdle()).toEqual(['done', 'done']);
    expect(await pdfStatus()).toMatchObject({ status: 'COMPLETED', url: '/api/pdf/file' });
    const frozen = await readPdf(await download());
    expect(frozen.text).toContain('Submitted January 15, 2026 at 12:00 PM UTC');
    // Later (within the session's 15 idle minutes), nothing is rebuilt.
    t.clock.advance(10 * 60 * 1000);
    expect(await pdfStatus()).toMatchObject({ status: 'COMPLETED' });
    expect(await t.jobs.runUntilIdle()).toEqual([]);
    expect((await readPdf(await download())).text).toBe(frozen.text);
  });

  it('reports FAILED with a message when its build keeps failing, and tries again later', async () => {
    const render = t.documents.pdfs.render.bind(t.documents.pdfs);
    t.documents.pdfs.render = async () => {
      throw new Error('out of memory');
    };
    await pdfStatus();
    for (let i = 0; i < 3; i++) {
      await t.jobs.runUntilIdle();
      t.clock.advance(60_000);
    }
    expect(await pdfStatus()).toEqual({
      status: 'FAILED',
      url: '',
      message: 'We could not prepare the PDF of your application. Please try again later.',
    });
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'build-application-pdf')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'out of memory' });

    t.documents.pdfs.render = render;
    t.clock.advance(5 * 60 * 1000);
    expect((await pdfStatus()).status).toBe('UNPROCESSED');
    await t.jobs.runUntilIdle();
    expect((await pdfStatus()).status).toBe('COMPLETED');
  });

  it('is the applicant’s own: other applicants and visitors cannot read it', async () => {
    await pdfStatus();
    await t.jobs.runUntilIdle();
    const eve = await signedIn(t, 'eve@example.org');
    expect((await t.call('GET', '/api/pdf/file', undefined, eve)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/pdf/file')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/pdf')).statusCode).toBe(401);
  });
});
