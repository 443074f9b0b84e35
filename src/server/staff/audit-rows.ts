import type { Db } from '../db/database';
import { withEmails } from './audit-subjects';
import { actionText, detailText } from './audit-words';

interface StoredRow {
  id: string;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  detail: string;
  ip: string;
}

/** An audit row as staff read it: the stored fields, and the same in words (issue 44). */
export interface ReadableRow extends Omit<StoredRow, 'detail'> {
  detail: Record<string, unknown>;
  /** Who: a staff member's e-mail, or whose service link it was. */
  actorText: string;
  actionText: string;
  /** The applicant's name, when the subject is still linked and they gave one. */
  subjectName: string | null;
  detailText: string;
}

const LINK = 'link:';

/** The issuers of the service links among `actors` ("link:<id>"), by link id. */
async function issuersOf(db: Db, actors: readonly string[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(actors.filter((a) => a.startsWith(LINK)).map((a) => a.slice(LINK.length))),
  ];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff_links')
    .select(['id', 'created_by'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.created_by]));
}

/** The names on the summary rows of the applicants' e-mails. */
async function namesOf(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(emails)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('application_summaries')
    .select(['email', 'name'])
    .where('email', 'in', wanted)
    .execute();
  return new Map(rows.filter((row) => row.name).map((row) => [row.email, row.name]));
}

function actorTextOf(actor: string, issuers: ReadonlyMap<string, string>): string {
  if (actor.startsWith('staff:unknown:')) {
    return `An address that is no staff member (#${actor.slice('staff:unknown:'.length)})`;
  }
  if (actor.startsWith('staff:')) return actor.slice('staff:'.length);
  if (actor === 'link:cli') return 'A service link made on the command line';
  if (actor.startsWith(LINK)) {
    const issuer = issuers.get(actor.slice(LINK.length));
    return issuer ? `A service link issued by ${issuer}` : 'A service link';
  }
  if (actor.startsWith('cli:')) return `The command line (${actor.slice('cli:'.length)})`;
  return actor;
}

/**
 * Rows the way staff read them: each linked subject id as its e-mail (audit-subjects.ts) and the
 * applicant's name, a link's reads naming who issued the link, actions and details in words.
 */
export async function readableRows(db: Db, stored: StoredRow[]): Promise<ReadableRow[]> {
  const rows = await withEmails(db, stored);
  const linked = rows.map((row) => row.subject).filter((s): s is string => !!s?.includes('@'));
  const [issuers, names] = await Promise.all([
    issuersOf(
      db,
      rows.map((row) => row.actor),
    ),
    namesOf(db, linked),
  ]);
  return rows.map((row) => {
    const detail = JSON.parse(row.detail) as Record<string, unknown>;
    return {
      ...row,
      detail,
      actorText: actorTextOf(row.actor, issuers),
      actionText: actionText(row.action),
      subjectName: (row.subject && names.get(row.subject)) || null,
      detailText: detailText(row.action, detail),
    };
  });
}
