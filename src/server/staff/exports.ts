import type { Locale } from '../../contract/locale';
import type { Db } from '../db/database';
import type { FormsRuntime } from '../application/forms-runtime';
import type { Answers, KeyedQuestion } from '../../engine/definitions';
import { pageFields } from '../../engine/page-fields';
import { descTypes } from '../../engine/question-types';
import { optionAnswerText } from '../../engine/read-only-document';
import { descKey } from '../../engine/visibility';
import { neutralised } from './csv-cell';

/** Submissions read per query: the export holds one batch at a time, whatever the total. */
const BATCH = 200;

/**
 * Lets the event loop turn between batches: on SQLite every query is synchronous, so an export
 * written to a fast client would otherwise hold the server for its whole length.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Submitted {
  accountId: string;
  email: string;
  submittedAt: string;
  formsVersion: string;
  /** The language the applicant used (issue 40). */
  language: Locale;
  answers: Answers;
}

/** Where the last batch stopped: its last submission's time and account. */
interface Keyset {
  at: string;
  id: string;
}

/**
 * One batch of submissions after `after`, in submission order (the account id breaking ties):
 * a range read of index submissions_submitted_at (migration 0023) on both databases. The keyset
 * is one row-value comparison, which PostgreSQL takes as the index's start; written as
 * `at > x or (at = x and id > y)` it scanned the index from the beginning and filtered, so each
 * batch read every submission before it.
 */
export function submittedBatch(db: Db, after?: Keyset) {
  let query = db
    .selectFrom('submissions as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select([
      's.account_id',
      'a.username',
      'a.language',
      's.answers',
      's.forms_version',
      's.submitted_at',
    ]);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('s.submitted_at', 's.account_id'), '>', eb.tuple(after.at, after.id)),
    );
  }
  return query.orderBy('s.submitted_at').orderBy('s.account_id').limit(BATCH);
}

/** Every submission in submission order, read in batches by keyset, never by offset. */
async function* submitted(db: Db): AsyncGenerator<Submitted[]> {
  let after: Keyset | undefined;
  for (;;) {
    const rows = await submittedBatch(db, after).execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      accountId: row.account_id,
      email: row.username,
      submittedAt: row.submitted_at,
      formsVersion: row.forms_version,
      language: row.language,
      answers: JSON.parse(row.answers) as Answers,
    }));
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.submitted_at, id: last.account_id };
    await turn();
  }
}

/** The select, radio and yes-no questions by key: their `_desc` is filled as the PDF prints it. */
function optionQuestions(forms: FormsRuntime): Map<string, KeyedQuestion> {
  const questions = new Map<string, KeyedQuestion>();
  for (const field of forms.pages.flatMap((page) => pageFields(page))) {
    if (descTypes.includes(field.question.type)) questions.set(field.key, field.question);
  }
  return questions;
}

/** One exported application: every key of `keys` ('' when unanswered), `_desc` filled in. */
function answersRow(
  application: Submitted,
  keys: readonly string[],
  options: ReadonlyMap<string, KeyedQuestion>,
): Answers {
  const { answers } = application;
  const row: Answers = {};
  for (const key of keys) row[key] = answers[key] ?? '';
  for (const [key, question] of options) {
    row[descKey(key)] = optionAnswerText(question, answers, new Date(application.submittedAt));
  }
  return row;
}

/** The data model's keys in its order, then every other key a submission stored, sorted. */
async function exportKeys(db: Db, forms: FormsRuntime): Promise<string[]> {
  const keys = new Set(forms.knownKeys);
  for (const key of optionQuestions(forms).keys()) keys.add(descKey(key));
  const stored = new Set<string>();
  for await (const batch of submitted(db)) {
    for (const application of batch)
      for (const key of Object.keys(application.answers)) if (!keys.has(key)) stored.add(key);
  }
  return [...keys, ...[...stored].sort()];
}

/**
 * An international phone number as applicants type it: a + then digits, spaces, dots, hyphens and
 * brackets. A spreadsheet could read it as arithmetic at worst, never call a function or another
 * program, so it is exported as it is, quoted, not with the apostrophe that would show in the cell.
 */
const PHONE = /^\+[0-9][0-9 ().-]{3,30}$/;

/**
 * A CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, or is a phone number.
 * Applicants write these cells: one a spreadsheet would run as a formula is neutralised
 * (csv-cell.ts).
 */
export function csvCell(value: string): string {
  if (PHONE.test(value)) return `"${value}"`;
  const safe = neutralised(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(',') + '\r\n';

const META = ['account_id', 'email', 'submitted_at', 'forms_version', 'language'];
const META_LABELS = ['Account', 'E-mail address', 'Submitted at', 'Form version', 'Language'];

/** What the CSV's first rows name: the keys alone, or the questions' labels above the keys. */
export type CsvHeader = 'keys' | 'labels';

/**
 * Each column's label: the question's label as the form asks it, "(as shown)" after it for a
 * `_desc` companion, the key itself for a key no page asks any more.
 */
function labelsOf(forms: FormsRuntime, keys: readonly string[]): string[] {
  const labels = new Map<string, string>();
  for (const field of forms.pages.flatMap((page) => pageFields(page))) {
    const label = field.question.label?.trim();
    if (!label || labels.has(field.key)) continue;
    labels.set(field.key, label);
    labels.set(descKey(field.key), `${label} (as shown)`);
  }
  return keys.map((key) => labels.get(key) ?? key);
}

/**
 * The submitted applications as CSV, one chunk per batch: with `header` 'labels', a row of the
 * questions' labels for a spreadsheet's reader; a header of every key (the data model's, their
 * `_desc` companions and any key a submission kept from a question since removed); then a row per
 * application in submission order with the definition version it was answered against. Starts with a UTF-8
 * byte order mark so spreadsheets read the accents right. The keys come from a first pass over
 * the submissions, so the header is complete before the first row.
 */
export async function* applicationsCsv(
  db: Db,
  forms: FormsRuntime,
  header: CsvHeader = 'keys',
): AsyncGenerator<string> {
  const keys = await exportKeys(db, forms);
  const options = optionQuestions(forms);
  const labels = header === 'labels' ? csvLine([...META_LABELS, ...labelsOf(forms, keys)]) : '';
  yield '\uFEFF' + labels + csvLine([...META, ...keys]);
  for await (const batch of submitted(db)) {
    let chunk = '';
    for (const application of batch) {
      const row = answersRow(application, keys, options);
      chunk += csvLine([
        application.accountId,
        application.email,
        application.submittedAt,
        application.formsVersion,
        application.language,
        ...keys.map((key) => row[key]!),
      ]);
    }
    yield chunk;
  }
}

/**
 * The submitted applications as JSON Lines: one object a line with the account, e-mail, submission
 * time, definition version and `answers` holding every data-model key (with `_desc` companions)
 * and any other key the submission kept.
 */
export async function* applicationsJsonl(db: Db, forms: FormsRuntime): AsyncGenerator<string> {
  const modelKeys = [...new Set(forms.knownKeys)];
  const options = optionQuestions(forms);
  for await (const batch of submitted(db)) {
    let chunk = '';
    for (const application of batch) {
      const answers = {
        ...answersRow(application, modelKeys, options),
        ...Object.fromEntries(
          Object.entries(application.answers).filter(([key]) => !forms.knownKeys.has(key)),
        ),
      };
      chunk +=
        JSON.stringify({
          account_id: application.accountId,
          email: application.email,
          submitted_at: application.submittedAt,
          forms_version: application.formsVersion,
          language: application.language,
          answers,
        }) + '\n';
    }
    yield chunk;
  }
}
