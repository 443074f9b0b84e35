import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';

export interface AuditEntry {
  /** "staff:<e-mail>", "link:<link id>" or "cli:<user>". */
  actor: string;
  /** A dotted name: application.read, application.packet, export.csv, link.issue, data.erase… */
  action: string;
  /** The applicant's e-mail, when the action is about one. */
  subject?: string | null;
  detail?: Record<string, unknown>;
  ip: string;
}

/**
 * The append-only audit table (issue 17): who read or exported what, about whom, when and from
 * where. This class only ever inserts; nothing in the code base updates or deletes its rows.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        at: this.clock.now().toISOString(),
        actor: entry.actor,
        action: entry.action,
        subject: entry.subject ?? null,
        detail: JSON.stringify(entry.detail ?? {}),
        ip: entry.ip,
      })
      .execute();
  }
}
