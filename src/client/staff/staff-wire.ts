/**
 * The staff API's answers as the console reads them (issue 17; the plan in BRIEF-staff.md). The
 * server's route schemas are written by the staff-identity, staff-data and staff-admin features
 * at the same time as this console, so these mirror them by hand.
 */
import type { ServiceAnswers } from '../../contract/service';

export type StaffRole = 'reader' | 'admin';
export type WebStatus = 'none' | 'started' | 'validating' | 'submitted';

export interface StaffMember {
  email: string;
  role: StaffRole;
}

export interface SignInOptions {
  oidc: boolean;
}

export interface LoginAnswer {
  next: 'totp-setup' | 'totp';
}

export interface TotpSetup {
  otpauthUri: string;
  qrSvg: string;
  secret: string;
}

export interface ApplicationRow {
  accountId: string;
  email: string;
  name: string;
  status: WebStatus;
  lastPage: string | null;
  lastActivityAt: string | null;
  submittedAt: string | null;
  documents: number;
}

export interface ApplicationList {
  counts: Record<'all' | WebStatus, number>;
  total: number;
  page: number;
  pageSize: number;
  rows: ApplicationRow[];
}

export interface ApplicationDetail {
  email: string;
  name: string;
  status: WebStatus;
  submittedAt: string | null;
  formsVersion: string | null;
  view: ServiceAnswers;
}

export interface Analytics {
  funnel: {
    accounts: number;
    confirmed: number;
    started: number;
    validating: number;
    submitted: number;
  };
  submissionsByDay: { day: string; count: number }[];
  missedFields: { page: string; key: string; label: string; count: number }[];
  stoppedAt: { page: string; count: number }[];
  failedConversions: { reason: string; count: number }[];
}

export interface StaffLink {
  id: string;
  accountId: string;
  email: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface IssuedLink {
  id: string;
  url: string;
  expiresAt: string;
}

interface AuditRow {
  id: string | number;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  detail: unknown;
  ip: string | null;
}

export interface AuditPage {
  total: number;
  page: number;
  pageSize: number;
  rows: AuditRow[];
}

export interface ErasedCounts {
  erased: { email: string; documents: number; blobs: number; answers: number; sessions: number };
}

export interface MemberRow {
  id: string;
  email: string;
  role: StaffRole;
  createdAt: string;
  totp: boolean;
}

export interface AddedMember {
  id: string;
  email: string;
  role: StaffRole;
  temporaryPassword: string;
}
