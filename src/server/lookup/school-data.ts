import { parse } from 'csv-parse/sync';
import type { SchoolRecord } from './lookup-types';
import { clean, titleCase } from './search-text';

/** The files in data/lookup (their sources and licences are in data/lookup/SOURCE.md). */
export const lookupFiles = {
  highSchools: 'ucb_hs_ceeb_nces_crosswalk.csv',
  collegeCodes: 'pesc_college_code_crosswalk.csv',
  colleges: 'ipeds_hd2024.csv',
} as const;

type Row = Record<string, string | undefined>;

function rows(csv: string): Row[] {
  return parse(csv, { columns: true, skip_empty_lines: true, bom: true }) as Row[];
}

/**
 * High schools from the UCB crosswalk: the CEEB code is the id. A code listed twice keeps its
 * first row; a row without a name is skipped. The data have no street address.
 */
export function readHighSchools(csv: string): SchoolRecord[] {
  const schools = new Map<string, SchoolRecord>();
  for (const row of rows(csv)) {
    const ceeb = clean(row.HS_CEEB);
    const name = titleCase(clean(row.HS_NAME));
    if (!ceeb || !name || schools.has(ceeb)) continue;
    schools.set(ceeb, {
      category: 'hs_ceeb',
      id: ceeb,
      name,
      ceeb,
      address_line_1: '',
      city: titleCase(clean(row.HS_CITY)),
      state: clean(row.HS_STATE),
      zip: clean(row.HS_POSTAL_CD),
      country: 'USA',
    });
  }
  return [...schools.values()];
}

const collegeCode = /^\d{4}$/;

/**
 * Colleges from the PESC crosswalk (rows with a four-digit SAT code, the CEEB code and id), named
 * and addressed by IPEDS HD2024 through their unitid. A college IPEDS no longer lists (closed or
 * merged since 2016) keeps the crosswalk's own name and address, so its code stays findable. A
 * code listed twice keeps one row, preferring one still in IPEDS.
 */
export function readColleges(pescCsv: string, ipedsCsv: string): SchoolRecord[] {
  const ipeds = new Map(rows(ipedsCsv).map((row) => [clean(row.UNITID), row]));
  const colleges = new Map<string, { record: SchoolRecord; current: boolean }>();
  for (const row of rows(pescCsv)) {
    const ceeb = clean(row.sat_profile);
    if (!collegeCode.test(ceeb)) continue;
    const current = ipeds.get(clean(row.unitid));
    const kept = colleges.get(ceeb);
    if (kept && (kept.current || !current)) continue;
    const source = current
      ? {
          name: current.INSTNM,
          street: current.ADDR,
          city: current.CITY,
          state: current.STABBR,
          zip: current.ZIP,
        }
      : { name: row.instnm, street: row.addr, city: row.city, state: row.stabbr, zip: row.zip };
    const name = clean(source.name);
    if (!name) continue;
    colleges.set(ceeb, {
      current: Boolean(current),
      record: {
        category: 'college_ceeb',
        id: ceeb,
        name,
        ceeb,
        address_line_1: clean(source.street),
        city: clean(source.city),
        state: clean(source.state),
        zip: clean(source.zip),
        country: 'USA',
      },
    });
  }
  return [...colleges.values()].map((c) => c.record);
}
