import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import complete from '../../fixtures/answers/complete.json';
import { formPages } from '../../../src/forms/form-pages';
import { formPagesIn, listLabelsIn, siteConfigIn } from '../../../src/forms/forms-in-language';
import { readOnlyDocument } from '../../../src/engine/read-only-document';
import { englishCatalogue } from '../../../src/server/i18n/english-catalogue';
import spanish from '../../../src/server/i18n/messages.es.json';
import { createTestApp, signedIn, type TestApp } from '../helpers/test-app';
import { pdf } from '../helpers/fixtures';
import { collapse, readPdf } from '../helpers/pdf-text';
import { uploadDocument } from '../helpers/uploads';

const es = spanish as Record<string, string>;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
/** A date answer with its month's name, as a Spanish reader writes it ("12 de abril de 2007"). */
const spanishDate = (year: string, month: string, day: string) =>
  new Intl.DateTimeFormat('es', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(Number(year), Number(month) - 1, Number(day)));

describe('the application PDF in the account’s language', () => {
  let t: TestApp;
  let ana: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp('');
    ana = { ...(await signedIn(t, 'ana@example.org')), lang: 'es' };
    await t.call('PUT', '/api/answer', complete, ana);
    await t.call(
      'PUT',
      '/api/add-another',
      { button_id: 'activity_interest', num_components: 2 },
      ana,
    );
    expect((await t.call('PUT', '/api/profile/language', { language: 'es' }, ana)).statusCode).toBe(
      200,
    );
  });
  afterEach(() => t.close());

  async function spanishPdf() {
    await uploadDocument(t, ana, await pdf(1, 'Transcript page'), 'transcript.pdf');
    await t.jobs.runUntilIdle();
    const asked = await t.call('GET', '/api/pdf', undefined, ana);
    expect(asked.json()).toEqual({
      status: 'UNPROCESSED',
      url: '',
      message: es['pdf.statusPreparing'],
    });
    await t.jobs.runUntilIdle();
    const ready = await t.call('GET', '/api/pdf', undefined, ana);
    expect(ready.json()).toEqual({
      status: 'COMPLETED',
      url: '/api/pdf/file',
      message: es['pdf.statusReady'],
    });
    const response = await t.call('GET', '/api/pdf/file', undefined, ana);
    expect(response.statusCode).toBe(200);
    return new Uint8Array(response.rawPayload);
  }

  it('titles its pages and sections in Spanish, with no English page title', async () => {
    const bytes = await spanishPdf();
    const reading = await readPdf(bytes);
    const pages = formPagesIn('es');
    const transcript = readOnlyDocument(pages, { answers: complete }).flatMap((p) =>
      p.sections.flatMap((s) => s.rows),
    );
    expect(reading.outline.slice(0, pages.length)).toEqual(pages.map((p) => p.title));
    const englishTitles = formPages
      .map((p) => p.title)
      .filter((title) => !pages.some((p) => p.title === title));
    expect(englishTitles.length).toBeGreaterThan(0);
    for (const title of englishTitles) expect(reading.text).not.toContain(title);
    expect(transcript.length).toBeGreaterThan(0);
    expect(reading.outline.at(-1)).toMatch(/: transcript\.pdf$/);
    const lang = (await PDFDocument.load(bytes)).catalog.get(PDFName.of('Lang'));
    expect(lang).toBeInstanceOf(PDFString);
    expect((lang as PDFString).decodeText()).toBe('es');
  });

  it('labels every answer and shows each chosen option by its Spanish label', async () => {
    const reading = await readPdf(await spanishPdf());
    const answers = (await t.call('GET', '/api/profile', undefined, ana)).json().answer;
    const state = { answers, addAnother: { activity_interest: 2 } };
    const options = {
      documents: { transcript_file: { file_name: 'transcript.pdf' } },
      now: t.clock.now(),
      texts: {
        yes: es['pdf.yes']!,
        no: es['pdf.no']!,
        documentNote: (fileName?: string) =>
          fill(es['pdf.documentAttachedNamed']!, { fileName: fileName ?? '' }),
        date: spanishDate,
      },
    };
    const expected = readOnlyDocument(formPagesIn('es'), state, {
      ...options,
      listLabels: listLabelsIn('es'),
    });
    const rows = expected.flatMap((p) => p.sections.flatMap((s) => s.rows));
    // Countries and months by their Spanish names, not the English lists' (an address, a country).
    const english = readOnlyDocument(formPagesIn('es'), state, options).flatMap((p) =>
      p.sections.flatMap((s) => s.rows),
    );
    const named = english.filter((row, i) => row.value !== rows[i]?.value);
    expect(named.length).toBeGreaterThan(0);
    for (const row of named) expect(reading.text).not.toContain(collapse(row.value));
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows) {
      expect(reading.text).toContain(collapse(row.label));
      expect(reading.text).toContain(collapse(row.value));
    }
    for (const section of expected.flatMap((p) => p.sections)) {
      expect(reading.text).toContain(section.title);
    }
  });

  it('says its own words and dates in Spanish', async () => {
    const reading = await readPdf(await spanishPdf());
    const university = siteConfigIn('es').university;
    expect(reading.text).toContain(university.applicationTitle);
    expect(reading.text).toContain(`${es['pdf.applicant']} `);
    expect(reading.text).toContain(`${es['pdf.generated']} `);
    expect(reading.text).toContain(
      fill(es['pdf.documentAttachedNamed']!, { fileName: 'transcript.pdf' }),
    );
    expect(reading.text).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
    const last = String(reading.pages);
    expect(reading.pageTexts[0]).toContain(fill(es['pdf.pageOf']!, { page: '1', pages: last }));
    expect(reading.text).not.toContain(
      fill(englishCatalogue['pdf.pageOf'], { page: '1', pages: last }),
    );
    for (const id of ['pdf.applicant', 'pdf.generated', 'pdf.documentAttached'] as const) {
      expect(reading.text).not.toContain(englishCatalogue[id]);
    }
  });

  it('writes date answers with the month’s name, never as day/month/year', async () => {
    const reading = await readPdf(await spanishPdf());
    const dates = Object.values(complete).filter(
      (value): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value),
    );
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) {
      const [year = '', month = '', day = ''] = date.split('-');
      expect(reading.text).toContain(spanishDate(year, month, day));
      expect(reading.text).not.toContain(`${day}/${month}/${year}`);
      expect(reading.text).not.toContain(`${month}/${day}/${year}`);
    }
  });

  it('is built again in English when the applicant chooses English', async () => {
    await spanishPdf();
    await t.call('PUT', '/api/profile/language', { language: 'en' }, ana);
    expect((await t.call('GET', '/api/pdf', undefined, ana)).json().status).toBe('UNPROCESSED');
    await t.jobs.runUntilIdle();
    const response = await t.call('GET', '/api/pdf/file', undefined, ana);
    const reading = await readPdf(new Uint8Array(response.rawPayload));
    expect(reading.outline.slice(0, formPages.length)).toEqual(formPages.map((p) => p.title));
    expect(reading.text).toContain(`${englishCatalogue['pdf.applicant']} `);
  });
});
