import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import { appRoot } from '../app-root';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/tables';
import type { SchoolRecord } from './lookup-types';
import { lookupFiles, readColleges, readHighSchools } from './school-data';
import { wordKey, words } from './search-text';

/** The data folder of the repository: data/lookup. */
export const lookupDataDir = path.join(appRoot, 'data', 'lookup');

/**
 * Part of the data hash: raise it when the way rows are derived from the files changes, so every
 * database reloads once.
 */
const LOADER_VERSION = '1';
/** The lookup_meta row holding the loaded files' hash (LookupService reads it too). */
export const DATA_HASH_KEY = 'data_hash';
const BATCH = 500;

export interface LoadResult {
  /** False when the database already held this very data. */
  loaded: boolean;
  entries: number;
  ms: number;
}

/**
 * Loads the school files into lookup_entries (and the full-text index) in one transaction, once:
 * a hash of the files is kept in lookup_meta and loading runs again only when they change. Safe
 * when several instances start at once: the second waits for the first and then finds the data.
 */
export async function loadLookupData(db: Db, dir = lookupDataDir): Promise<LoadResult> {
  const started = performance.now();
  const files = Object.values(lookupFiles).map((file) => readFileSync(path.join(dir, file)));
  const hash = dataHash(files);
  const result = (loaded: boolean, entries: number): LoadResult => ({
    loaded,
    entries,
    ms: Math.round(performance.now() - started),
  });

  if ((await storedHash(db)) === hash) return result(false, await countEntries(db));

  const [highSchools, collegeCodes, colleges] = files.map((file) => file.toString('utf8'));
  const records = [
    ...readHighSchools(highSchools ?? ''),
    ...readColleges(collegeCodes ?? '', colleges ?? ''),
  ];
  const loaded = await db.transaction().execute(async (trx) => {
    // Takes the write lock on the hash row before reading it, so two instances load in turn.
    const locked = await trx
      .insertInto('lookup_meta')
      .values({ key: DATA_HASH_KEY, value: '' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`lookup_meta.value` }))
      .returning('value')
      .executeTakeFirstOrThrow();
    if (locked.value === hash) return false;
    await replaceEntries(trx, records);
    await trx
      .updateTable('lookup_meta')
      .set({ value: hash })
      .where('key', '=', DATA_HASH_KEY)
      .execute();
    return true;
  });
  // Fresh statistics, so the planner uses the full-text index rather than reading every row.
  if (loaded && dialectOf(db) === 'postgres') await sql`analyze lookup_entries`.execute(db);
  return result(loaded, loaded ? records.length : await countEntries(db));
}

async function replaceEntries(trx: Transaction<Database>, records: SchoolRecord[]): Promise<void> {
  const sqlite = dialectOf(trx) === 'sqlite';
  if (sqlite) await sql`insert into lookup_fts (lookup_fts) values ('delete-all')`.execute(trx);
  await trx.deleteFrom('lookup_entries').execute();
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH).map((record, i) => {
      const nameWords = words(record.name);
      return {
        ...record,
        entry_no: start + i + 1,
        name_key: wordKey(nameWords),
        search_text: wordKey([...nameWords, ...words(record.city), ...words(record.ceeb)]),
      };
    });
    await trx.insertInto('lookup_entries').values(batch).execute();
  }
  if (sqlite) {
    await sql`insert into lookup_fts (rowid, search_text)
      select entry_no, search_text from lookup_entries`.execute(trx);
    // Merges the index into one segment: the fastest shape for the read-only life that follows.
    await sql`insert into lookup_fts (lookup_fts) values ('optimize')`.execute(trx);
  }
}

function dataHash(files: Buffer[]): string {
  const hash = createHash('sha256').update(`loader ${LOADER_VERSION}\n`);
  for (const file of files) hash.update(createHash('sha256').update(file).digest('hex'));
  return hash.digest('hex');
}

async function storedHash(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('lookup_meta')
    .select('value')
    .where('key', '=', DATA_HASH_KEY)
    .executeTakeFirst();
  return row?.value;
}

async function countEntries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('lookup_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
