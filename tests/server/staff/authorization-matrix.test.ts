/**
 * Issue 17's rules for the staff API, over every route registered under /api/staff, whichever
 * part of the staff side added it: each declares its access and its schemas, each answers every
 * kind of caller as its access says, and none changes an applicant's answers.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAccess } from '../../../src/server/staff/staff-scope';
import { createTestApp, signedIn, type TestApp } from '../helpers/test-app';
import { addStaff } from './staff-helpers';

/**
 * Every route the app registers, seen by an onRoute hook added to the Fastify instance as it is
 * made (before any plugin), so no route can be missed. Fastify itself is unchanged.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const create = real.default as unknown as (options?: object) => FastifyInstance;
  const make = (options?: object) => {
    const app = create(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  };
  return { ...real, default: Object.assign(make, real.default) };
});

interface StaffRoute {
  method: string;
  url: string;
  access: StaffAccess | undefined;
  schema: RouteOptions['schema'];
}

/** The staff routes, one per method (Fastify's automatic HEAD twins left out). */
function staffRoutes(): StaffRoute[] {
  const routes = new Map<string, StaffRoute>();
  for (const route of registered) {
    if (!route.url.startsWith('/api/staff')) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.set(`${method} ${route.url}`, {
        method,
        url: route.url,
        access: route.config?.staffAccess,
        schema: route.schema,
      });
    }
  }
  return [...routes.values()].sort((a, b) =>
    `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`),
  );
}

const ZERO_ID = '00000000-0000-0000-0000-000000000000';

/** A URL for the route, each parameter filled with a dummy of a plausible shape. */
const dummyUrl = (url: string, values: Record<string, string> = {}) =>
  url
    .replace(
      /:(\w+)/g,
      (_, name: string) => values[name] ?? (name === 'key' ? 'transcript_file' : ZERO_ID),
    )
    .replace('*', 'x');

type Caller =
  | 'no session'
  | 'applicant'
  | 'reader'
  | 'admin'
  | 'half signed in'
  | 'revoked link (query)'
  | 'revoked link (cookie)'
  | 'removed staff';

const callers: Caller[] = [
  'no session',
  'applicant',
  'reader',
  'admin',
  'half signed in',
  'revoked link (query)',
  'revoked link (cookie)',
  'removed staff',
];

/** What each access lets each caller do: 'ok' (anything but 401 and 403), 401 or 403. */
const expected: Record<StaffAccess, Record<Caller, 'ok' | 401 | 403>> = {
  public: {
    'no session': 'ok',
    applicant: 'ok',
    reader: 'ok',
    admin: 'ok',
    'half signed in': 'ok',
    'revoked link (query)': 'ok',
    'revoked link (cookie)': 'ok',
    'removed staff': 'ok',
  },
  password: {
    'no session': 401,
    applicant: 401,
    reader: 403,
    admin: 403,
    'half signed in': 'ok',
    'revoked link (query)': 401,
    'revoked link (cookie)': 401,
    'removed staff': 401,
  },
  reader: {
    'no session': 401,
    applicant: 401,
    reader: 'ok',
    admin: 'ok',
    'half signed in': 401,
    'revoked link (query)': 401,
    'revoked link (cookie)': 401,
    'removed staff': 401,
  },
  admin: {
    'no session': 401,
    applicant: 401,
    reader: 403,
    admin: 'ok',
    'half signed in': 401,
    'revoked link (query)': 401,
    'revoked link (cookie)': 401,
    'removed staff': 401,
  },
};

/**
 * The access the staff plan (issue 17) gives each route, checked for those registered: the
 * matrix below holds each route to what it declares, and this holds the declarations to the plan.
 */
const planned: Record<string, StaffAccess> = {
  'GET /api/staff/sign-in-options': 'public',
  'POST /api/staff/login': 'public',
  'GET /api/staff/totp/setup': 'password',
  'POST /api/staff/totp': 'password',
  'POST /api/staff/password': 'password',
  'GET /api/staff/me': 'reader',
  'POST /api/staff/logout': 'public',
  'GET /api/staff/oidc/start': 'public',
  'GET /api/staff/oidc/callback': 'public',
  'GET /api/staff/members': 'admin',
  'POST /api/staff/members': 'admin',
  'DELETE /api/staff/members/:id': 'admin',
  'PUT /api/staff/members/:id/role': 'admin',
  'GET /api/staff/applications': 'reader',
  'GET /api/staff/applications/:accountId': 'reader',
  'GET /api/staff/applications/:accountId/packet.pdf': 'reader',
  'GET /api/staff/applications/:accountId/documents/:key': 'reader',
  'GET /api/staff/applications/:accountId/missing': 'reader',
  'GET /api/staff/exports/applications.csv': 'admin',
  'GET /api/staff/exports/applications.jsonl': 'admin',
  'GET /api/staff/analytics': 'admin',
  'GET /api/staff/links': 'admin',
  'POST /api/staff/links': 'admin',
  'POST /api/staff/links/:id/revoke': 'admin',
  'GET /api/staff/audit': 'admin',
  'GET /api/staff/audit.csv': 'admin',
  'GET /api/staff/audit/actions': 'admin',
  'GET /api/staff/data-requests/applicant': 'admin',
  'POST /api/staff/data-requests/export': 'admin',
  'POST /api/staff/data-requests/erase': 'admin',
};

describe('the staff API’s authorization', () => {
  let t: TestApp;
  let applicant: Record<string, string>;
  let accountId: string;
  let revokedToken: string;

  beforeAll(async () => {
    registered.length = 0;
    t = await createTestApp('');
    applicant = await signedIn(t, 'ada@example.org');
    await t.call('PUT', '/api/answer', { first_name: 'Ada', last_name: 'Byron' }, applicant);
    accountId = (await t.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow()).id;
    const admin = await addStaff(t, 'admin');
    const link = (await t.call('POST', '/api/staff/links', { accountId }, admin.cookies)).json();
    await t.call('POST', `/api/staff/links/${link.id}/revoke`, {}, admin.cookies);
    revokedToken = new URL(link.url).searchParams.get('service_token')!;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Cookies (and a query) for one kind of caller, made fresh: a route may end a session. */
  async function as(caller: Caller): Promise<{ cookies: Record<string, string>; query: string }> {
    const none = { cookies: {}, query: '' };
    switch (caller) {
      case 'no session':
        return none;
      case 'applicant':
        return { cookies: applicant, query: '' };
      case 'reader':
      case 'admin':
        return { cookies: (await addStaff(t, caller)).cookies, query: '' };
      case 'half signed in':
        return { cookies: (await addStaff(t, 'admin', { factor: 'password' })).cookies, query: '' };
      case 'revoked link (query)':
        return { cookies: {}, query: `service_token=${encodeURIComponent(revokedToken)}` };
      case 'revoked link (cookie)':
        return { cookies: { service_token: revokedToken }, query: '' };
      case 'removed staff': {
        const removed = await addStaff(t, 'admin');
        await t.db.deleteFrom('staff').where('id', '=', removed.id).execute();
        return { cookies: removed.cookies, query: '' };
      }
    }
  }

  it('finds every staff route, each declaring its access and schemas', () => {
    const routes = staffRoutes();
    // At least the admin part's own routes; the other parts' are checked the same way.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/staff/links',
        'POST /api/staff/links',
        'POST /api/staff/links/:id/revoke',
        'GET /api/staff/audit',
        'GET /api/staff/audit.csv',
        'POST /api/staff/data-requests/export',
        'POST /api/staff/data-requests/erase',
      ]),
    );
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      if (planned[name]) expect(route.access, name).toBe(planned[name]);
      expect(['public', 'password', 'reader', 'admin'], `${route.method} ${route.url}`).toContain(
        route.access,
      );
      expect(route.schema, `${route.method} ${route.url}`).toBeTruthy();
      expect(
        Object.keys(route.schema ?? {}).length,
        `${route.method} ${route.url}`,
      ).toBeGreaterThan(0);
    }
  });

  it('answers each kind of caller on every staff route as the route’s access says', async () => {
    const routes = staffRoutes();
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const caller of callers) {
        const { cookies, query } = await as(caller);
        const url = dummyUrl(route.url) + (query ? `?${query}` : '');
        const body = route.method === 'GET' ? undefined : {};
        const response = await t.call(route.method as 'GET', url, body, cookies);
        const want = expected[route.access!][caller];
        const got = response.statusCode;
        const ok = want === 'ok' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok) failures.push(`${route.method} ${route.url} as ${caller}: ${got}, wanted ${want}`);
        checked++;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(routes.length * callers.length);
  });

  it('lets no staff route change an applicant’s answers, even an admin’s with plausible input', async () => {
    const snapshot = async () =>
      Promise.all(
        (
          [
            'answers',
            'submissions',
            'add_another_counts',
            'chosen_tabs',
            'document_answers',
          ] as const
        ).map((table) =>
          t.db.selectFrom(table).selectAll().where('account_id', '=', accountId).execute(),
        ),
      );
    const before = await snapshot();
    expect(before[0]).toHaveLength(2);
    // Another applicant, for the routes that act on someone by e-mail (an erasure is not a change).
    await signedIn(t, 'carol@example.org');
    const admin = await addStaff(t, 'admin');
    const link = (await t.call('POST', '/api/staff/links', { accountId }, admin.cookies)).json();
    const values: Record<string, string> = { accountId, id: link.id };

    /** A body that passes the route's schema where it can: plausible values by name and type. */
    const plausible = (schema: unknown): unknown => {
      const s = schema as { type?: string; properties?: Record<string, unknown>; enum?: unknown[] };
      if (!s?.properties) return {};
      return Object.fromEntries(
        Object.entries(s.properties).map(([name, property]) => {
          const p = property as {
            type?: string | string[];
            enum?: unknown[];
            minimum?: number;
            pattern?: string;
          };
          if (p.enum) return [name, p.enum[0]];
          const type = [p.type].flat()[0];
          if (type === 'integer' || type === 'number') return [name, p.minimum ?? 1];
          if (type === 'boolean') return [name, true];
          if (/email|confirm/i.test(name)) return [name, 'carol@example.org'];
          if (name === 'accountId') return [name, accountId];
          if (p.pattern?.includes('0-9a-f')) return [name, link.id];
          return [name, 'x'];
        }),
      );
    };
    let called = 0;
    for (const route of staffRoutes()) {
      const cookies = (await addStaff(t, 'admin')).cookies;
      const body = route.method === 'GET' ? undefined : plausible(route.schema?.body);
      await t.call(route.method as 'GET', dummyUrl(route.url, values), body, cookies);
      called++;
    }
    expect(called).toBeGreaterThanOrEqual(7);
    expect(await snapshot()).toEqual(before);
  });
});
