import { ServerError, UnauthorizedError } from '../api/errors';
import { fetchJson } from '../api/fetch-json';
import { genericErrorMessage } from '../messages';
import type {
  AddMemberBody,
  AddMemberResponse,
  MembersResponse,
  NewPasswordResponse,
  SignInOptions,
  StaffLoginBody,
  StaffLoginResponse,
  StaffMe,
  TotpSetup,
} from '../../contract/staff-identity';
import type {
  Analytics,
  ApplicationsPage,
  StaffApplication,
} from '../../contract/staff-applications';
import type { MemberRoleBody, MemberRoleResponse } from '../../contract/staff-member-role';
import type { MissingAnswers } from '../../contract/staff-missing-answers';
import type {
  AuditActions,
  AuditPage,
  DataRequestBody,
  Erased,
  IssueLinkBody,
  IssuedLink,
  LinkList,
  RevokedLink,
} from '../../contract/staff-admin';

/** Every staff route lives under this prefix (src/server/staff/staff-plugin.ts). */
const staffApiRoot = '/api/staff';

/** A query string of the values that are set; empty values are left out. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const get = <T>(path: string, signal?: AbortSignal) =>
  fetchJson<T>(`${staffApiRoot}${path}`, { signal });
const post = <T>(path: string, body: unknown = {}) =>
  fetchJson<T>(`${staffApiRoot}${path}`, { method: 'POST', body });

/**
 * A call answered 204 No Content. fetchJson reads every answer as JSON and reports an empty body
 * as a ServerError carrying the status, so a 204 is success here.
 */
async function noContent(path: string, method: 'POST' | 'DELETE'): Promise<void> {
  try {
    await fetchJson<unknown>(`${staffApiRoot}${path}`, { method });
  } catch (error) {
    if (error instanceof ServerError && error.status === 204) return;
    throw error;
  }
}

/** The console's calls to /api/staff (BRIEF-staff.md). */
export const staffApi = {
  signInOptions: (signal?: AbortSignal) => get<SignInOptions>('/sign-in-options', signal),
  logIn: (body: StaffLoginBody) => post<StaffLoginResponse>('/login', body),
  totpSetup: (signal?: AbortSignal) => get<TotpSetup>('/totp/setup', signal),
  newPassword: (password: string) => post<NewPasswordResponse>('/password', { password }),
  confirmTotp: (code: string) => post<StaffMe>('/totp', { code }),
  me: (signal?: AbortSignal) => get<StaffMe>('/me', signal),
  logOut: () => noContent('/logout', 'POST'),
  applications: (search: string, signal?: AbortSignal) =>
    get<ApplicationsPage>(`/applications${search}`, signal),
  application: (accountId: string, signal?: AbortSignal) =>
    get<StaffApplication>(`/applications/${encodeURIComponent(accountId)}`, signal),
  missingAnswers: (accountId: string, signal?: AbortSignal) =>
    get<MissingAnswers>(`/applications/${encodeURIComponent(accountId)}/missing`, signal),
  analytics: (signal?: AbortSignal) => get<Analytics>('/analytics', signal),
  links: (signal?: AbortSignal) => get<LinkList>('/links', signal),
  issueLink: (body: IssueLinkBody) => post<IssuedLink>('/links', body),
  revokeLink: (id: string) => post<RevokedLink>(`/links/${encodeURIComponent(id)}/revoke`),
  audit: (search: string, signal?: AbortSignal) => get<AuditPage>(`/audit${search}`, signal),
  auditActions: (signal?: AbortSignal) => get<AuditActions>('/audit/actions', signal),
  eraseApplicant: (body: DataRequestBody) => post<{ erased: Erased }>('/data-requests/erase', body),
  members: (signal?: AbortSignal) => get<MembersResponse>('/members', signal),
  addMember: (body: AddMemberBody) => post<AddMemberResponse>('/members', body),
  removeMember: (id: string) => noContent(`/members/${encodeURIComponent(id)}`, 'DELETE'),
  changeRole: (id: string, body: MemberRoleBody) =>
    fetchJson<MemberRoleResponse>(`${staffApiRoot}/members/${encodeURIComponent(id)}/role`, {
      method: 'PUT',
      body,
    }),
};

/** Addresses the browser opens or downloads itself (a PDF, a streamed export). */
export const staffDownloads = {
  packet: (accountId: string) =>
    `${staffApiRoot}/applications/${encodeURIComponent(accountId)}/packet.pdf`,
  document: (accountId: string, key: string) =>
    `${staffApiRoot}/applications/${encodeURIComponent(accountId)}/documents/${encodeURIComponent(key)}`,
  // The question labels as the first header row, the answer keys as the second: a spreadsheet
  // user reads the labels, a program the keys.
  csv: `${staffApiRoot}/exports/applications.csv?header=labels`,
  jsonLines: `${staffApiRoot}/exports/applications.jsonl`,
  auditCsv: (search: string) => `${staffApiRoot}/audit.csv${search}`,
  oidcStart: `${staffApiRoot}/oidc/start`,
};

/** A refused file request as the error fetchJson would have thrown, with the server's message. */
async function failure(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  const message = typeof body.message === 'string' ? body.message : genericErrorMessage();
  if (response.status === 401) return new UnauthorizedError(message, { status: 401 });
  return new ServerError(message, { status: response.status });
}

/** A file from the staff API; a refusal carries the server's message. */
async function fetchFile(path: string, init: RequestInit = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ServerError(genericErrorMessage(), { status: 0 });
  }
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/** Hands a fetched file to the browser as a download under a name of ours. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // The click has started the download; the address can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * POST /data-requests/export answers with a zip, which fetchJson cannot read: the zip is fetched
 * here and handed to the browser as a download.
 */
export async function downloadApplicantData(email: string, confirm: string): Promise<void> {
  const zip = await fetchFile(`${staffApiRoot}/data-requests/export`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/zip, application/json' },
    body: JSON.stringify({ email, confirm }),
  });
  saveBlob(zip, `applicant-${email.replace(/[^a-z0-9.@_-]/gi, '_')}.zip`);
}

/**
 * Downloads a file of the staff API under a name of ours (the applicant's, say): the server's
 * own name, in its Content-Disposition, would win over a link's download attribute.
 */
export async function downloadAs(path: string, fileName: string): Promise<void> {
  saveBlob(await fetchFile(path), fileName);
}
