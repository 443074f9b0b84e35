import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { errors } from '../errors';
import type { AuditLog } from './audit-log';
import { knownSubjectId, withEmails } from './audit-subjects';
import { neutralised } from './csv-cell';
import { staffOf } from './staff-scope';
import {
  auditQuery,
  auditReply,
  type AuditPage,
  type AuditQuery,
} from '../../contract/staff-admin';

export interface AuditRoutesOptions {
  db: Db;
  clock: Clock;
  audit: AuditLog;
}

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
/** Rows read from the database at a time while the CSV streams: memory stays bounded. */
const CSV_BATCH = 500;

interface AuditFilter {
  actor?: string;
  action?: string;
  subject?: string;
  /** Inclusive lower bound of `at`, an ISO time. */
  from?: string;
  /** Exclusive upper bound of `at`: the day after the "to" date. */
  before?: string;
}

/** A YYYY-MM-DD the query gave, checked to be a real day (the schema checks only its shape). */
function dayOf(name: string, value: string): Date {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw errors.REQUEST_INVALID(`"${name}" must be a date as YYYY-MM-DD`);
  }
  return date;
}

/**
 * The filter a query asks for. A subject is typed as an e-mail and looked up as its subject id; an
 * e-mail the audit does not link (never read, or erased) matches nothing, and a subject id typed
 * as such (an erased subject's, as the page shows it) matches its rows.
 */
async function filterOf(db: Db, query: AuditQuery): Promise<AuditFilter> {
  const from = query.from ? dayOf('from', query.from) : undefined;
  const to = query.to ? dayOf('to', query.to) : undefined;
  if (from && to && from > to) throw errors.AUDIT_DATES_REVERSED(query.from!, query.to!);
  return {
    actor: query.actor || undefined,
    action: query.action || undefined,
    subject: await subjectFilter(db, query.subject),
    from: from?.toISOString(),
    before: to ? new Date(to.getTime() + 24 * 60 * 60 * 1000).toISOString() : undefined,
  };
}

/** A subject no row has (ids are UUIDs): the filter of an e-mail the audit does not link. */
const NO_SUBJECT = '-';

async function subjectFilter(db: Db, typed: string | undefined): Promise<string | undefined> {
  const subject = typed?.trim().toLowerCase();
  if (!subject) return undefined;
  return subject.includes('@') ? ((await knownSubjectId(db, subject)) ?? NO_SUBJECT) : subject;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.subject) query = query.where('subject', '=', filter.subject);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.before) query = query.where('at', '<', filter.before);
  return query;
}

/** One CSV cell: always quoted, quotes doubled, a formula-like value neutralised (csv-cell.ts). */
export function csvCell(value: string): string {
  return `"${neutralised(value).replaceAll('"', '""')}"`;
}

/**
 * The filters as the audit records them: a subject as its subject id, never the e-mail typed,
 * which would outlive the applicant's erasure in this append-only table.
 */
function recordedFilters(query: AuditQuery, filter: AuditFilter): Record<string, string> {
  const { page: _page, pageSize: _pageSize, subject: _subject, ...filters } = query;
  return { ...filters, ...(filter.subject ? { subject: filter.subject } : {}) };
}

const CSV_COLUMNS = ['at', 'actor', 'action', 'subject', 'detail', 'ip'] as const;

/**
 * The audit log, for admins (issue 17): GET /audit filters and pages it, newest first;
 * GET /audit.csv streams the same filter's rows as CSV, a batch at a time, and is itself audited.
 */
export async function auditRoutes(app: FastifyInstance, options: AuditRoutesOptions) {
  const { db, clock, audit } = options;

  app.get<{ Querystring: AuditQuery }>(
    '/audit',
    {
      config: { staffAccess: 'admin' },
      schema: { querystring: auditQuery, response: auditReply },
      exposeHeadRoute: false,
    },
    async (request): Promise<AuditPage> => {
      const filter = await filterOf(db, request.query);
      const page = Number(request.query.page ?? 1);
      const pageSize = Math.min(Number(request.query.pageSize ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
      const [{ total }, rows] = await Promise.all([
        filtered(db, filter)
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
        filtered(db, filter)
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      // The audit view shows applicants' e-mails: reading it is a read of personal data too,
      // recorded once per page shown (after the page is read, so it never lists itself).
      await audit.record({
        actor: `staff:${staffOf(request).email}`,
        action: 'audit.view',
        detail: { filters: recordedFilters(request.query, filter), page, shown: rows.length },
        ip: request.ip,
      });
      return {
        total: Number(total),
        page,
        pageSize,
        rows: (await withEmails(db, rows)).map((row) => ({
          ...row,
          detail: JSON.parse(row.detail) as Record<string, unknown>,
        })),
      };
    },
  );

  app.get<{ Querystring: AuditQuery }>(
    '/audit.csv',
    {
      config: { staffAccess: 'admin' },
      schema: { querystring: auditQuery },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const filter = await filterOf(db, request.query);
      await audit.record({
        actor: `staff:${staffOf(request).email}`,
        action: 'audit.export',
        detail: { filters: recordedFilters(request.query, filter) },
        ip: request.ip,
      });
      async function* lines(): AsyncGenerator<string> {
        yield `${CSV_COLUMNS.join(',')}\r\n`;
        // Keyset paging on (at, id), oldest first: each batch starts after the last row sent.
        let after: { at: string; id: string } | undefined;
        for (;;) {
          let query = filtered(db, filter).selectAll();
          if (after) {
            const { at, id } = after;
            query = query.where((eb) =>
              eb.or([eb('at', '>', at), eb.and([eb('at', '=', at), eb('id', '>', id)])]),
            );
          }
          const rows = await query.orderBy('at').orderBy('id').limit(CSV_BATCH).execute();
          if (rows.length > 0) {
            yield (await withEmails(db, rows))
              .map(
                (row) => `${CSV_COLUMNS.map((column) => csvCell(row[column] ?? '')).join(',')}\r\n`,
              )
              .join('');
          }
          if (rows.length < CSV_BATCH) return;
          after = rows[rows.length - 1];
        }
      }
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(lines()));
    },
  );
}
