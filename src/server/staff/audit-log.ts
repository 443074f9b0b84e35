import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { subjectIdOf } from './audit-subjects';

export interface AuditEntry {
  /** "staff:<e-mail>", "link:<link id>" or "cli:<user>". */
  actor: string;
  /** A dotted name: application.read, application.packet, export.csv, link.issue, data.erase… */
  action: string;
  /** The applicant's e-mail, when the action is about one: stored as its subject id. */
  subject?: string | null;
  detail?: Record<string, unknown>;
  ip: string;
}

/**
 * The append-only audit table (issue 17): who read or exported what, about whom, when and from
 * where. This class only ever inserts; nothing in the code base updates or deletes its rows. The
 * applicant is named by a pseudonymous subject id (audit-subjects.ts, issue 41), which an erasure
 * unlinks from the person.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    const at = this.clock.now().toISOString();
    const subject = entry.subject ? await subjectIdOf(this.db, entry.subject, at) : null;
    // An account id names the person as well as the e-mail does (their blob folders, a backup):
    // about an applicant, the subject id says whose, and only it.
    const { accountId: _accountId, ...detail } = entry.detail ?? {};
    await this.db
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        at,
        actor: entry.actor,
        action: entry.action,
        subject,
        detail: JSON.stringify(subject ? detail : (entry.detail ?? {})),
        ip: entry.ip,
      })
      .execute();
  }
}
