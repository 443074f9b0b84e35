/**
 * The admins' part of the staff API (issue 17), under /api/staff: service links issued from the
 * console, the audit log, and applicants' data requests (export, erasure).
 */
import { allRequired, type Wire, string, integer } from './wire';

const text = { type: 'string', maxLength: 320, pattern: '^[^\\u0000]*$' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const uuid = { type: 'string', pattern: '^[0-9a-f-]{36}$' } as const;
/** Query parameters come as strings (no type coercion); the handlers parse them. */
const positiveInteger = { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } as const;
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

export const linkListQuery = {
  type: 'object',
  properties: { accountId: uuid },
} as const;

const link = allRequired({
  id: string,
  accountId: string,
  email: nullableText,
  createdBy: string,
  createdAt: string,
  expiresAt: string,
  revokedAt: nullableText,
});

export const linkListReply = {
  200: allRequired({ links: { type: 'array', items: link } }),
} as const;

export const issueLinkBody = {
  type: 'object',
  properties: {
    accountId: uuid,
    days: { type: 'integer', minimum: 1, maximum: 90 },
  },
  required: ['accountId'],
} as const;

export const issueLinkReply = {
  201: allRequired({
    id: string,
    url: string,
    expiresAt: string,
  }),
} as const;

export const linkParams = allRequired({ id: uuid });

export const revokeLinkReply = {
  200: allRequired({ id: string, revokedAt: string }),
} as const;

export const auditQuery = {
  type: 'object',
  properties: {
    actor: text,
    action: text,
    subject: text,
    from: day,
    to: day,
    page: positiveInteger,
    pageSize: positiveInteger,
  },
} as const;

export const auditReply = {
  200: allRequired({
    total: integer,
    page: integer,
    pageSize: integer,
    rows: {
      type: 'array',
      items: allRequired({
        id: string,
        at: string,
        actor: string,
        action: string,
        subject: nullableText,
        detail: { type: 'object', additionalProperties: true },
        ip: string,
        /** The same in words (issue 44): who, the action, the applicant's name, a sentence. */
        actorText: string,
        actionText: string,
        subjectName: nullableText,
        detailText: string,
      }),
    },
  }),
} as const;

/** GET /audit/actions: every action the Action filter offers, with its words. */
export const auditActionsReply = {
  200: allRequired({
    actions: {
      type: 'array',
      items: allRequired({ action: string, text: string }),
    },
  }),
} as const;

/** The e-mail twice: the second time typed by the admin, to confirm an export or an erasure. */
export const dataRequestBody = allRequired({ email: text, confirm: text });

/** GET /data-requests/applicant: the address whose data an export or erasure would take. */
export const dataRequestApplicantQuery = allRequired({ email: text });

/** What the erase dialog shows before anything goes: whose, how far, and how many documents. */
export const dataRequestApplicantReply = {
  200: allRequired({
    email: string,
    name: string,
    status: { type: 'string', enum: ['none', 'started', 'validating', 'submitted'] },
    submittedAt: nullableText,
    documents: integer,
  }),
} as const;

export const eraseReply = {
  200: allRequired({
    erased: allRequired({
      email: string,
      documents: integer,
      blobs: integer,
      answers: integer,
      sessions: integer,
    }),
  }),
} as const;

export type StaffLink = Wire<typeof link>;
export type LinkList = Wire<(typeof linkListReply)[200]>;
export type IssueLinkBody = Wire<typeof issueLinkBody>;
export type IssuedLink = Wire<(typeof issueLinkReply)[201]>;
export type RevokedLink = Wire<(typeof revokeLinkReply)[200]>;
export type AuditQuery = Wire<typeof auditQuery>;
export type AuditPage = Wire<(typeof auditReply)[200]>;
export type AuditActions = Wire<(typeof auditActionsReply)[200]>;
export type DataRequestBody = Wire<typeof dataRequestBody>;
export type DataRequestApplicantQuery = Wire<typeof dataRequestApplicantQuery>;
export type DataRequestApplicant = Wire<(typeof dataRequestApplicantReply)[200]>;
export type Erased = Wire<(typeof eraseReply)[200]>['erased'];
