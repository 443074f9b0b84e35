import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { errors } from '../errors';
import type { AuditLog } from './audit-log';
import { queryWords } from '../application/search-words';
import { flushSummaries } from '../application/summary-upkeep';
import { readableRows } from './audit-rows';
import { knownSubjectId } from './audit-subjects';
import { actionWords } from './audit-words';
import { neutralised } from './csv-cell';
import { staffOf } from './staff-scope';
import {
  auditActionsReply,
  auditQuery,
  auditReply,
  type AuditActions,
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
  /** The subject as the audit's own record of the view keeps it. */
  recordedSubject?: string;
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
 * The filter a query asks for. Who and subject are any part of a name or address, in any case:
 * who matches the actor, or the issuer of the service link that read; subject matches the e-mail
 * the audit still links, or the applicant's name (every word a word's start, as the
 * Applications search). A subject id typed whole (an erased subject's, as the page shows it)
 * matches its rows.
 */
async function filterOf(db: Db, query: AuditQuery): Promise<AuditFilter> {
  const from = query.from ? dayOf('from', query.from) : undefined;
  const to = query.to ? dayOf('to', query.to) : undefined;
  if (from && to && from > to) throw errors.AUDIT_DATES_REVERSED(query.from!, query.to!);
  const subject = query.subject?.trim().toLowerCase() || undefined;
  return {
    actor: query.actor?.trim().toLowerCase() || undefined,
    action: query.action || undefined,
    subject,
    recordedSubject: subject && (await recordedSubjectOf(db, subject)),
    from: from?.toISOString(),
    before: to ? new Date(to.getTime() + 24 * 60 * 60 * 1000).toISOString() : undefined,
  };
}

/**
 * A subject filter as the audit records it: a subject id (typed, or of a whole e-mail the audit
 * links), never a name or e-mail, which would outlive the applicant's erasure in this append-only
 * table; only that a search was made is kept.
 */
async function recordedSubjectOf(db: Db, subject: string): Promise<string> {
  if (SUBJECT_ID.test(subject)) return subject;
  return (subject.includes('@') && (await knownSubjectId(db, subject))) || '(a search)';
}

const SUBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  const { actor, subject } = filter;
  if (actor) {
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(actor)`, 'like', sql`${contains(actor)} escape '\\'`),
        eb(
          'actor',
          'in',
          eb
            .selectFrom('staff_links')
            .select(sql<string>`'link:' || id`.as('actor'))
            .where(sql`lower(created_by)`, 'like', sql`${contains(actor)} escape '\\'`),
        ),
      ]),
    );
  }
  if (filter.action) query = query.where('action', '=', filter.action);
  if (subject && SUBJECT_ID.test(subject)) query = query.where('subject', '=', subject);
  else if (subject) {
    const words = queryWords(subject);
    query = query.where('subject', 'in', (eb) =>
      eb
        .selectFrom('audit_subjects')
        .select('id')
        .where((sub) =>
          sub.or([
            sub('email', 'like', sql<string>`${contains(subject)} escape '\\'`),
            ...(words.length
              ? [
                  sub(
                    'email',
                    'in',
                    words.reduce(
                      (names, word) => names.where(sql<boolean>`words like ${`% ${word}%`}`),
                      sub.selectFrom('application_summaries').select('email'),
                    ),
                  ),
                ]
              : []),
          ]),
        ),
    );
  }
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.before) query = query.where('at', '<', filter.before);
  return query;
}

/** One CSV cell: always quoted, quotes doubled, a formula-like value neutralised (csv-cell.ts). */
export function csvCell(value: string): string {
  return `"${neutralised(value).replaceAll('"', '""')}"`;
}

/** The filters as the audit records them, the subject as recordedSubjectOf gives it. */
function recordedFilters(query: AuditQuery, filter: AuditFilter): Record<string, string> {
  const { page: _page, pageSize: _pageSize, subject: _subject, ...filters } = query;
  return { ...filters, ...(filter.recordedSubject ? { subject: filter.recordedSubject } : {}) };
}

/** The CSV's columns: the record in words (issue 44), then its codes for a program to read. */
const CSV_HEADER = 'at,who,action,subject,name,detail,ip,actor,action_code,detail_json';

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
      // Names are read from the summary rows: the answers written since the last flush first.
      await flushSummaries(db);
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
        rows: await readableRows(db, rows),
      };
    },
  );

  app.get(
    '/audit/actions',
    { config: { staffAccess: 'admin' }, schema: { response: auditActionsReply } },
    async (): Promise<AuditActions> => {
      // Every action in the table, and every one the code base records (in words), so the
      // filter offers each that appears, staff.password-change included.
      const stored = await db.selectFrom('audit_log').select('action').distinct().execute();
      const actions = new Set([...Object.keys(actionWords), ...stored.map((row) => row.action)]);
      return {
        actions: [...actions]
          .map((action) => ({ action, text: actionWords[action] ?? action }))
          .sort((a, b) => a.text.localeCompare(b.text)),
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
      // Names are read from the summary rows: the answers written since the last flush first.
      await flushSummaries(db);
      const filter = await filterOf(db, request.query);
      await audit.record({
        actor: `staff:${staffOf(request).email}`,
        action: 'audit.export',
        detail: { filters: recordedFilters(request.query, filter) },
        ip: request.ip,
      });
      async function* lines(): AsyncGenerator<string> {
        yield `${CSV_HEADER}\r\n`;
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
            yield (await readableRows(db, rows))
              .map((row) =>
                [
                  row.at,
                  row.actorText,
                  row.actionText,
                  row.subject ?? '',
                  row.subjectName ?? '',
                  row.detailText,
                  row.ip,
                  row.actor,
                  row.action,
                  JSON.stringify(row.detail),
                ]
                  .map(csvCell)
                  .join(','),
              )
              .map((line) => `${line}\r\n`)
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
