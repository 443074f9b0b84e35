/** The staff console's applications, exports and analytics (issue 17), under /api/staff. */
import { locales } from './locale';
import { serviceAnswersReply } from './service';
import { allRequired, answerKey, type Wire, string, integer } from './wire';

const day = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' } as const;
const statuses = ['none', 'started', 'validating', 'submitted'] as const;
const applicationSorts = [
  'name',
  'email',
  'status',
  'lastPage',
  'lastActivity',
  'submittedAt',
] as const;

/**
 * GET /applications: filters, search, sort and page. Query parameters are strings (the server
 * does not coerce types); the page is a number from 1, the page size from 1 to 100.
 */
/**
 * The exports' one parameter: `header=labels` puts a row of the questions' labels above the CSV's
 * row of keys (for a spreadsheet's reader); anything else in the query is refused, not ignored.
 */
export const exportQuery = {
  type: 'object',
  properties: { header: { type: 'string', enum: ['keys', 'labels'] } },
  additionalProperties: false,
} as const;

export const applicationsQuery = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: statuses },
    submittedFrom: day,
    submittedTo: day,
    q: { type: 'string', maxLength: 200, pattern: '^[^\\u0000]*$' },
    sort: { type: 'string', enum: applicationSorts },
    order: { type: 'string', enum: ['asc', 'desc'] },
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    pageSize: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|100)$' },
  },
} as const;

const status = { type: 'string', enum: statuses } as const;
const nullableTime = { type: ['string', 'null'] } as const;

const applicationRow = allRequired({
  accountId: string,
  email: string,
  name: string,
  status,
  lastPage: string,
  lastActivityAt: string,
  submittedAt: nullableTime,
  documents: integer,
});

export const applicationsReply = {
  200: allRequired({
    counts: allRequired({
      all: integer,
      none: integer,
      started: integer,
      validating: integer,
      submitted: integer,
    }),
    total: integer,
    page: integer,
    pageSize: integer,
    rows: { type: 'array', items: applicationRow },
  }),
} as const;

export const applicationParams = allRequired({
  accountId: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
});
export const applicationDocumentParams = allRequired({
  accountId: applicationParams.properties.accountId,
  key: answerKey,
});

/** GET /applications/:accountId: the applicant and what the service link's view shows. */
export const applicationReply = {
  200: allRequired({
    email: string,
    name: string,
    status,
    submittedAt: nullableTime,
    formsVersion: { type: ['string', 'null'] },
    /** The language the applicant uses (issue 40): their mail's and PDF's. */
    language: { type: 'string', enum: locales },
    view: serviceAnswersReply[200],
  }),
} as const;

const count = integer;

export const analyticsReply = {
  200: allRequired({
    funnel: allRequired({
      accounts: integer,
      confirmed: integer,
      started: integer,
      validating: integer,
      submitted: integer,
    }),
    /** Each account under its status now; the funnel counts a status once reached (issue 44). */
    statusNow: allRequired({
      none: integer,
      started: integer,
      validating: integer,
      submitted: integer,
    }),
    submissionsByDay: { type: 'array', items: allRequired({ day: string, count }) },
    missedFields: {
      type: 'array',
      items: allRequired({
        page: string,
        key: string,
        label: string,
        count,
      }),
    },
    stoppedAt: { type: 'array', items: allRequired({ page: string, count }) },
    failedConversions: { type: 'array', items: allRequired({ reason: string, count }) },
  }),
} as const;

export type ApplicationStatus = (typeof statuses)[number];
export type ApplicationsQuery = Wire<typeof applicationsQuery>;
export type ApplicationsPage = Wire<(typeof applicationsReply)[200]>;
export type ApplicationRow = Wire<typeof applicationRow>;
export type ApplicationParams = Wire<typeof applicationParams>;
export type ApplicationDocumentParams = Wire<typeof applicationDocumentParams>;
export type StaffApplication = Wire<(typeof applicationReply)[200]>;
export type ExportQuery = Wire<typeof exportQuery>;
export type Analytics = Wire<(typeof analyticsReply)[200]>;
