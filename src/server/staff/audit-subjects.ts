import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { normalise } from '../identity/accounts';

/**
 * The audit log's subjects by pseudonym (issue 41): an audit row names an applicant by a random
 * subject id, and this table alone links that id to the e-mail. An erasure deletes the link, so the
 * append-only rows still say that something was read, no longer whose.
 */

/** The subject id of an applicant's e-mail, made on first use (two writers at once share one). */
export async function subjectIdOf(db: Db, email: string, at: string): Promise<string> {
  const address = normalise(email);
  await db
    .insertInto('audit_subjects')
    .values({ id: randomUUID(), email: address, erased_account_id: null, created_at: at })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const row = await db
    .selectFrom('audit_subjects')
    .select('id')
    .where('email', '=', address)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The subject id of an e-mail the audit already names, if any (a filter makes none). */
export async function knownSubjectId(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('audit_subjects')
    .select('id')
    .where('email', '=', normalise(email))
    .executeTakeFirst();
  return row?.id;
}

/** The e-mails of the subject ids still linked; an erased subject's id is absent from the map. */
async function emailsOf(db: Db, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('audit_subjects')
    .select(['id', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Rows the way staff read them: each subject id still linked shown as its e-mail. */
export async function withEmails<Row extends { subject: string | null }>(
  db: Db,
  rows: Row[],
): Promise<Row[]> {
  const emails = await emailsOf(
    db,
    rows.map((row) => row.subject),
  );
  return rows.map((row) =>
    row.subject !== null && emails.has(row.subject)
      ? { ...row, subject: emails.get(row.subject)! }
      : row,
  );
}
