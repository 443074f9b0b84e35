import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../../src/server/db/dialect';
import { loadLookupData, lookupDataDir } from '../../../src/server/lookup/lookup-loader';
import { LookupService } from '../../../src/server/lookup/lookup-service';
import { lookupFiles } from '../../../src/server/lookup/school-data';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

type Row = Record<string, string>;
const csv = (file: string): Row[] =>
  parse(readFileSync(path.join(lookupDataDir, file)), { columns: true }) as Row[];

/** Counted straight from the files, apart from the loader's own reading. */
const distinctHighSchoolCodes = new Set(
  csv(lookupFiles.highSchools)
    .filter((row) => row.HS_NAME?.trim())
    .map((row) => row.HS_CEEB),
).size;
const distinctCollegeCodes = new Set(
  csv(lookupFiles.collegeCodes)
    .map((row) => row.sat_profile ?? '')
    .filter((code) => /^\d{4}$/.test(code)),
).size;

/** A tiny data folder: two high schools and one college, in the real files' columns. */
function smallDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lookup-data-'));
  writeFileSync(
    path.join(dir, lookupFiles.highSchools),
    'HS_CEEB,HS_NCES,HS_CITY,MATCH_NAME,HS_POSTAL_CD,HS_STATE,HS_NAME,MATCH_SCORE,MATCH_SOURCE,HS_DUPED\n' +
      '111111,1,SPRINGFIELD,x,62701,IL,SPRINGFIELD CENTRAL HIGH SCHOOL,,,\n' +
      '111111,2,SPRINGFIELD,x,62701,IL,A later row with the same code,,,\n' +
      "222222,3,o'fallon,x,63366,MO,academy of the sacred heart,,,\n",
  );
  writeFileSync(
    path.join(dir, lookupFiles.collegeCodes),
    'unitid,ein,opeid,fice,sat_profile,act,instnm,addr,city,stabbr,zip\r\n' +
      '1,,,,1234,,Old Name College,1 Old St,Oldtown,OH,44000\r\n' +
      '2,,,,,,No Code College,2 Main St,Anytown,OH,44001\r\n',
  );
  writeFileSync(
    path.join(dir, lookupFiles.colleges),
    'UNITID,INSTNM,ADDR,CITY,STABBR,ZIP\n1,New Name University,10 College Ave,Newtown,OH,44002\n',
  );
  return dir;
}

describe.each(databases)('loadLookupData on $name', ({ url }) => {
  let t: TestApp;
  let small: string;
  beforeAll(async () => {
    t = await createTestApp(url, {}, fixtureForms);
    small = smallDataDir();
  });
  afterAll(async () => {
    await t.close();
    rmSync(small, { recursive: true, force: true });
  });

  const count = async (category: string) =>
    Number(
      (
        await t.db
          .selectFrom('lookup_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('category', '=', category)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const indexed = async () => {
    const table = dialectOf(t.db) === 'sqlite' ? sql`lookup_fts` : sql`lookup_entries`;
    const row = await sql<{ n: number | string }>`select count(*) as n from ${table}`.execute(t.db);
    return Number(row.rows[0]?.n);
  };

  it('loads one entry per distinct code of the files, once', async () => {
    const first = await loadLookupData(t.db);
    expect(first).toMatchObject({
      loaded: true,
      entries: distinctHighSchoolCodes + distinctCollegeCodes,
    });
    expect(await count('hs_ceeb')).toBe(distinctHighSchoolCodes);
    expect(await count('college_ceeb')).toBe(distinctCollegeCodes);

    const second = await loadLookupData(t.db);
    expect(second).toMatchObject({ loaded: false, entries: first.entries });
    expect(await count('hs_ceeb')).toBe(distinctHighSchoolCodes);
    expect(await indexed()).toBe(first.entries);
  });

  it('replaces the data, index included, when the files change', async () => {
    const lookup = new LookupService(t.db);
    expect(await loadLookupData(t.db, small)).toMatchObject({ loaded: true, entries: 3 });
    expect(await indexed()).toBe(3);
    expect(await lookup.search('hs_ceeb', 'alconbury', 5)).toEqual([]);
    expect(await lookup.search('hs_ceeb', 'spring', 5)).toEqual([
      {
        text: 'Springfield Central High School',
        id: '111111',
        sub_text: 'Springfield, IL · CEEB 111111',
      },
    ]);
    expect(await lookup.detail('hs_ceeb', '222222')).toEqual({
      id: '222222',
      name: 'Academy of the Sacred Heart',
      ceeb: '222222',
      address_line_1: '',
      city: "O'Fallon",
      state: 'MO',
      zip: '63366',
      country: 'USA',
    });
    // The crosswalk gives the code, IPEDS the current name and address.
    expect(await lookup.detail('college_ceeb', '1234')).toEqual({
      id: '1234',
      name: 'New Name University',
      ceeb: '1234',
      address_line_1: '10 College Ave',
      city: 'Newtown',
      state: 'OH',
      zip: '44002',
      country: 'USA',
    });

    expect(await loadLookupData(t.db)).toMatchObject({ loaded: true });
    expect(await count('hs_ceeb')).toBe(distinctHighSchoolCodes);
    expect(await lookup.search('hs_ceeb', 'spring central', 5)).not.toContainEqual(
      expect.objectContaining({ id: '111111' }),
    );
  });

  it('loads once when two instances start together', async () => {
    const results = await Promise.all([loadLookupData(t.db, small), loadLookupData(t.db, small)]);
    expect(results.map((r) => r.loaded).sort()).toEqual([false, true]);
    expect(await count('hs_ceeb')).toBe(2);
    expect(await indexed()).toBe(3);
  });
});
