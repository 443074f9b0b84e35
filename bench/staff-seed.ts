/**
 * The staff bench's seed (staff.ts): 50,000 applications with answers, statuses, submissions,
 * validation reports and some documents, the same at every run, written straight to the tables
 * in batched inserts in one transaction.
 */
import { sql } from 'kysely';
import { loadFormsRuntime } from '../src/server/application/load-forms-runtime';
import { flushSummaries, keepSummaryAfterAnswers } from '../src/server/application/summary-upkeep';
import { dialectOf } from '../src/server/db/dialect';
import type { Db } from '../src/server/db/database';
import { pageKeys } from '../src/engine/page-fields';

export const APPLICATIONS = 50_000;
const FIRST = ['Ada', 'Grace', 'Alan', 'Maria', 'José', 'Wei', 'Fatima', 'Olu', 'Sven', 'Priya'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Okafor', 'Müller', 'Kowalski', 'Tanaka', 'Haddad'];
const LAST_PAGES = ['', '/about', '/education', '/final-steps'];

/** A fixed-seed generator, so every run seeds the same applications. */
function random(seed = 20261125) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Seeds the applications; returns how long it took, in seconds. */
export async function seed(db: Db): Promise<number> {
  const started = performance.now();
  const forms = loadFormsRuntime();
  const next = random();
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const pages = forms.pages.map((page) => ({ id: page.id, keys: pageKeys(page).slice(0, 40) }));
  const start = Date.parse('2026-09-01T00:00:00Z');
  await db.transaction().execute(async (trx) => {
    const chunk = 1000;
    for (let from = 0; from < APPLICATIONS; from += chunk) {
      const accounts = [];
      const answers = [];
      const answered: { id: string; keys: string[]; at: string }[] = [];
      const statuses = [];
      const submissions = [];
      const reports = [];
      const documents = [];
      for (let n = from; n < Math.min(APPLICATIONS, from + chunk); n++) {
        const id = `bench-${String(n).padStart(6, '0')}`;
        const created = new Date(start + n * 60_000).toISOString();
        const at = new Date(start + n * 60_000 + 3_600_000).toISOString();
        // 10% none, 30% started, 25% validating, 35% submitted.
        const roll = next();
        const status = roll < 0.1 ? 0 : roll < 0.4 ? 1 : roll < 0.65 ? 2 : 3;
        accounts.push({
          id,
          username: `applicant${n}@example.com`,
          password_hash: 'x',
          confirmed_at: next() < 0.9 ? created : null,
          last_page: pick(LAST_PAGES),
          created_at: created,
        });
        // A few live answers (the list reads only the names), the whole application frozen in
        // the submission (the export reads every key of it).
        const given: Record<string, string> = {};
        if (status > 0) {
          given.first_name = pick(FIRST);
          given.last_name = pick(LAST);
          for (const key of ['middle_name', 'birth_date', 'gender', 'city']) given[key] = `${n}`;
        }
        for (const [key, value] of Object.entries(given))
          answers.push({ account_id: id, key, value, updated_at: at });
        if (status > 0) answered.push({ id, keys: Object.keys(given), at });
        const application = { ...given };
        for (const page of pages)
          for (const key of page.keys) application[key] ??= `answer ${n} to ${key}`;
        for (const web_status of ['started', 'validating', 'submitted'].slice(0, status))
          statuses.push({ account_id: id, web_status, created_at: at });
        if (status === 3) {
          submissions.push({
            account_id: id,
            answers: JSON.stringify(application),
            forms_version: forms.version,
            submitted_at: at,
          });
        }
        if (status >= 2) {
          for (const page of pages) {
            if (next() < 0.5) continue;
            const missed = Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
              pick(page.keys),
            );
            reports.push({
              id: `${id}-${page.id}`,
              account_id: id,
              page: page.id,
              errors: JSON.stringify(Object.fromEntries(missed.map((k) => [k, ['Required.']]))),
              created_at: at,
            });
          }
        }
        if (status > 0 && next() < 0.2) {
          const failed = next() < 0.1;
          documents.push({
            account_id: id,
            answer_key: 'transcript_file',
            file_name: 'transcript.pdf',
            file_size: 100_000,
            kind: 'pdf',
            upload_key: `uploads/${id}`,
            pdf_key: failed ? null : `converted/${id}.pdf`,
            conversion_id: id,
            status: failed ? ('FAILED' as const) : ('COMPLETED' as const),
            message: failed ? pick(['Too many pages.', 'The file could not be read.']) : '',
            created_at: at,
            updated_at: at,
          });
        }
      }
      await trx.insertInto('accounts').values(accounts).execute();
      await inBatches(answers, 2000, (b) => trx.insertInto('answers').values(b).execute());
      // As the product's writes of answers keep the summary (on SQLite they do it themselves).
      for (const { id, keys, at } of answered) await keepSummaryAfterAnswers(trx, id, keys, at);
      await inBatches(statuses, 2000, (b) => trx.insertInto('web_statuses').values(b).execute());
      if (submissions.length) await trx.insertInto('submissions').values(submissions).execute();
      if (reports.length) await trx.insertInto('validation_reports').values(reports).execute();
      if (documents.length) await trx.insertInto('document_answers').values(documents).execute();
    }
  });
  // The servers bring the noted answers into the summary rows within a second (migration 0016):
  // the list is measured as it reads then, not with 50,000 notes to bring in first.
  await flushSummaries(db);
  // PostgreSQL's autovacuum would soon analyse and vacuum tables this size; the bench does it
  // at once, so the planner knows the rows and index-only scans work, as in a running system.
  if (dialectOf(db) === 'postgres') await sql`vacuum analyze`.execute(db);
  return (performance.now() - started) / 1000;
}
