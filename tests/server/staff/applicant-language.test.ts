import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';
import { applicant, type SeededApplicant } from './staff-seed';
import { formPages } from '../../../src/forms/form-pages';
import { formPagesIn } from '../../../src/forms/forms-in-language';
import { readPdf } from '../helpers/pdf-text';
import { readTagging } from '../helpers/pdf-tagging';

describe.each(databases)('staff see the applicant’s language ($name)', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  let ana: SeededApplicant;
  let alan: SeededApplicant;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin', { email: 'admin@staff.example.edu' });
    ana = await applicant(t, 'ana@example.com', {
      answers: { first_name: 'Ana', last_name: 'García' },
      status: 'validating',
      lastPage: '/final-steps',
      submit: true,
    });
    alan = await applicant(t, 'alan@example.com', {
      answers: { first_name: 'Alan', last_name: 'Turing' },
      status: 'validating',
      lastPage: '/final-steps',
      submit: true,
    });
    await t.db
      .updateTable('accounts')
      .set({ language: 'es' })
      .where('id', '=', ana.accountId)
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  const get = (path: string) => t.call('GET', `/api/staff${path}`, undefined, admin.cookies);

  it('on one application', async () => {
    expect((await get(`/applications/${ana.accountId}`)).json()).toMatchObject({ language: 'es' });
    expect((await get(`/applications/${alan.accountId}`)).json()).toMatchObject({ language: 'en' });
  });

  it('in a column of the CSV export and a field of the JSON Lines', async () => {
    const csv = await get('/exports/applications.csv?header=labels');
    expect(csv.statusCode, csv.body).toBe(200);
    const [labels, keys, ...rows] = parse(csv.body, { bom: true }) as string[][];
    const column = keys!.indexOf('language');
    expect(column).toBeGreaterThan(0);
    expect(labels![column]).toBe('Language');
    const byEmail = Object.fromEntries(
      rows.map((row) => [row[keys!.indexOf('email')], row[column]]),
    );
    expect(byEmail).toEqual({ [ana.email]: 'es', [alan.email]: 'en' });

    const jsonl = await get('/exports/applications.jsonl');
    const records = jsonl.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { email: string; language: string });
    expect(Object.fromEntries(records.map((r) => [r.email, r.language]))).toEqual({
      [ana.email]: 'es',
      [alan.email]: 'en',
    });
  });

  it('in the packet, which is in English, while the applicant’s own copy stays in Spanish', async () => {
    const packetUrl = `/applications/${ana.accountId}/packet.pdf`;
    expect((await get(packetUrl)).statusCode).toBe(409);
    expect((await t.call('GET', '/api/pdf', undefined, ana.cookies)).statusCode).toBe(200);
    await t.jobs.runUntilIdle();
    const packet = await get(packetUrl);
    expect(packet.statusCode, packet.body).toBe(200);
    const bytes = new Uint8Array(packet.rawPayload);
    const reading = await readPdf(bytes);
    expect(reading.outline).toEqual(formPages.map((page) => page.title));
    const spanishTitles = formPagesIn('es')
      .map((page) => page.title)
      .filter((title) => !formPages.some((page) => page.title === title));
    expect(spanishTitles.length).toBeGreaterThan(0);
    for (const title of spanishTitles) expect(reading.text).not.toContain(title);
    expect(reading.text).toContain('Ana García');
    expect(reading.text).toContain('Language Spanish');
    expect(await readTagging(bytes)).toMatchObject({ marked: true, structTree: true, lang: 'en' });

    const own = await t.call('GET', '/api/pdf/file', undefined, ana.cookies);
    expect(own.statusCode).toBe(200);
    const ownBytes = new Uint8Array(own.rawPayload);
    const ownReading = await readPdf(ownBytes);
    expect(ownReading.outline).toEqual(formPagesIn('es').map((page) => page.title));
    expect(ownReading.text).not.toContain('Language');
    expect(await readTagging(ownBytes)).toMatchObject({ marked: true, lang: 'es' });

    // An English applicant's packet names English.
    expect((await get(`/applications/${alan.accountId}/packet.pdf`)).statusCode).toBe(409);
    await t.jobs.runUntilIdle();
    const alans = await readPdf(
      new Uint8Array((await get(`/applications/${alan.accountId}/packet.pdf`)).rawPayload),
    );
    expect(alans.text).toContain('Language English');
  }, 60_000);
});
