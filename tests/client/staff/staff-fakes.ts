import { jsonResponse, mockFetch } from '../render-app';
import type { StaffMe } from '../../../src/contract/staff-identity';
import type { ApplicationRow, ApplicationsPage } from '../../../src/contract/staff-applications';

interface StaffCall {
  method: string;
  /** The path with its query string, as the console asked for it. */
  url: string;
  body: unknown;
}

type Answer = Response | ((call: StaffCall) => Response | Promise<Response>);

/**
 * A small fake of /api/staff: `routes` answers "METHOD /api/staff/path" (the path without its
 * query); anything else is a 404 with a message, as the real server says it. Returns the calls.
 */
export function staffServer(routes: Record<string, Answer>) {
  const calls: StaffCall[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const call = { method, url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = routes[`${method} ${url.split('?')[0]}`];
    if (!answer) return jsonResponse({ message: `No fake for ${method} ${url}.` }, 404);
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  return { calls };
}

export const admin: StaffMe = { email: 'registrar@example.edu', role: 'admin' };
export const reader: StaffMe = { email: 'reader@example.edu', role: 'reader' };

export const adaRow: ApplicationRow = {
  accountId: 'acc-ada',
  email: 'ada@example.edu',
  name: 'Ada Lovelace',
  status: 'submitted',
  lastPage: 'final-steps',
  lastActivityAt: '2026-11-20T15:30:00Z',
  submittedAt: '2026-11-20T15:31:00Z',
  documents: 1,
};

export const alanRow: ApplicationRow = {
  accountId: 'acc-alan',
  email: 'alan@example.edu',
  name: 'Alan Turing',
  status: 'started',
  lastPage: 'education',
  lastActivityAt: '2026-11-19T10:00:00Z',
  submittedAt: null,
  documents: 0,
};

export function applicationList(
  rows: ApplicationRow[],
  overrides: Partial<ApplicationsPage> = {},
): ApplicationsPage {
  return {
    counts: { all: 60, none: 10, started: 20, validating: 5, submitted: 25 },
    total: rows.length,
    page: 1,
    pageSize: 25,
    rows,
    ...overrides,
  };
}

/** The calls that change something, as [method, url, body]. */
export const postsOf = (calls: StaffCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);
