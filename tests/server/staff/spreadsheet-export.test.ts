/**
 * The CSV export as a spreadsheet's reader gets it (issue 44): the questions' labels above the keys
 * when asked, rows in submission order, an international phone number quoted without the
 * apostrophe, and a formula still neutralised.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationService } from '../../../src/server/application/application-service';
import { loadFormsRuntime } from '../../../src/server/application/load-forms-runtime';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { pageFields } from '../../../src/engine/page-fields';
import { csvCell } from '../../../src/server/staff/exports';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';
import { applicant } from './staff-seed';

const forms = loadFormsRuntime();
const labelOf = (key: string) =>
  forms.pages.flatMap((page) => pageFields(page)).find((field) => field.key === key)!.question
    .label;

describe('csvCell and phone numbers', () => {
  it('quotes an international number as it is, and still neutralises formulas', () => {
    expect(csvCell('+81 90 1234 5678')).toBe('"+81 90 1234 5678"');
    expect(csvCell('+44 (20) 7946-0958')).toBe('"+44 (20) 7946-0958"');
    expect(csvCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(csvCell('+SUM(A1:A2)')).toBe("'+SUM(A1:A2)");
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
  });
});

describe.each(databases)('the applications CSV for a spreadsheet ($name)', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  const order: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin', { email: 'admin@staff.example.edu' });
    const service = new ApplicationService(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
    // Accounts made in one order, submitted in another: the export follows the submissions.
    const made = [];
    for (const name of ['zed', 'amy', 'kim']) {
      made.push(
        await applicant(t, `${name}@example.com`, {
          answers: { first_name: name, phone_international: '+81 90 1234 5678' },
        }),
      );
    }
    for (const who of [made[2]!, made[0]!, made[1]!]) {
      t.clock.advance(60_000);
      await service.submissions.submit(who.accountId, 'forms-v1', () => ({}));
      order.push(who.email);
    }
  }, 60_000);
  afterAll(() => t.close());

  const csv = async (query = '') => {
    const response = await t.call(
      'GET',
      `/api/staff/exports/applications.csv${query}`,
      undefined,
      admin.cookies,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it('puts the questions’ labels above the keys when asked, rows in submission order', async () => {
    const [labels, keys, ...rows] = parse(await csv('?header=labels'), { bom: true }) as string[][];
    expect(keys!.slice(0, 4)).toEqual(['account_id', 'email', 'submitted_at', 'forms_version']);
    const column = (key: string) => keys!.indexOf(key);
    expect(labels![column('first_name')]).toBe(labelOf('first_name'));
    expect(labels![column('phone_international')]).toBe(labelOf('phone_international'));
    expect(labels![column('email')]).toBe('E-mail address');
    expect(rows.map((row) => row[column('email')])).toEqual(order);
    const submitted = rows.map((row) => row[column('submitted_at')]!);
    expect([...submitted].sort()).toEqual(submitted);
    for (const row of rows) expect(row[column('phone_international')]).toBe('+81 90 1234 5678');
  });

  it('writes the phone number quoted, with no apostrophe, and keys alone by default', async () => {
    const body = await csv();
    expect(body).toContain(',"+81 90 1234 5678",');
    expect(body).not.toContain("'+81");
    const [keys] = parse(body, { bom: true }) as string[][];
    expect(keys!.slice(0, 2)).toEqual(['account_id', 'email']);
  });

  it('refuses a header it does not know', async () => {
    const response = await t.call(
      'GET',
      '/api/staff/exports/applications.csv?header=both',
      undefined,
      admin.cookies,
    );
    expect(response.statusCode).toBe(400);
  });

  it('records how many applications the export held', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'export.csv')
      .execute();
    expect(rows.map((row) => JSON.parse(row.detail).applications)).toEqual([3, 3]);
  });
});
