import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import complete from '../../fixtures/answers/complete.json';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { ServiceTokens } from '../../../src/server/identity/service-tokens';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { png } from '../helpers/fixtures';
import { uploadDocument } from '../helpers/uploads';

/** Every route of the app as [method, path], read from Fastify's route tree. */
function routesOf(t: TestApp): Array<[string, string]> {
  const routes: Array<[string, string]> = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = Array.from(match[1]!).length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack.push(path);
    for (const method of match[3]!.split(', ')) routes.push([method, path]);
  }
  return routes;
}

describe.each(databases)('the service (staff) view on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  let tokens: ServiceTokens;
  let accountId: string;
  beforeEach(async () => {
    t = await createTestApp(url);
    ada = await signedIn(t, 'ada@example.org');
    tokens = new ServiceTokens(new SecretHasher(t.config.sessionSecret), t.clock);
    accountId = (await t.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const tmpPdf = (token: string) =>
    t.call('GET', `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`);

  it('reads one applicant’s answers, blocks, documents and tabs with a staff link', async () => {
    await t.call('PUT', '/api/answer', { first_name: 'Ada', last_name: 'Byron' }, ada);
    await t.call(
      'PUT',
      '/api/add-another',
      { button_id: 'activity_interest', num_components: 2 },
      ada,
    );
    await t.call('PUT', '/api/tabs', { tab_id: 'transcript', chosen_tab: 'upload' }, ada);
    await uploadDocument(t, ada, png(), 'transcript.png');
    await t.jobs.runUntilIdle();
    await signedIn(t, 'eve@example.org');

    const response = await tmpPdf(tokens.issue(accountId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      answer: { first_name: 'Ada', last_name: 'Byron', transcript_file: 'ANSWERED' },
      add_another: { activity_interest: 2 },
      document_answer: {
        transcript_file: { file_name: 'transcript.png', file_size: png().length },
      },
      tabs: { transcript: 'upload' },
    });
    const document = await t.call(
      'GET',
      `/service/document/transcript_file?service_token=${encodeURIComponent(tokens.issue(accountId))}`,
    );
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toBe('inline; filename="transcript_file.pdf"');
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the answers frozen at submission', async () => {
    await t.call('PUT', '/api/answer', complete, ada);
    await t.call('POST', '/api/submit', {}, ada);
    expect((await tmpPdf(tokens.issue(accountId))).json().answer).toEqual(complete);
  });

  it('answers 404 for a document that is not there', async () => {
    const response = await t.call(
      'GET',
      `/service/document/transcript_file?service_token=${encodeURIComponent(tokens.issue(accountId))}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no converted document for this question.');
  });

  it('refuses a tampered, forged or malformed token with a message', async () => {
    const token = tokens.issue(accountId);
    const [payload, signature] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ sub: 'someone-else', exp: 4102444800 }),
    ).toString('base64url');
    const forged = new ServiceTokens(
      new SecretHasher('another-secret-of-at-least-32-chars!!'),
      t.clock,
    );
    for (const bad of [
      `${payload}.${signature.slice(0, -2)}xx`,
      `${otherPayload}.${signature}`,
      forged.issue(accountId),
      'not-a-token',
      `${payload}.${signature}.extra`,
    ]) {
      const response = await tmpPdf(bad);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'This staff link is not valid. Please ask for a new link.',
        code: 'SERVICE_TOKEN_INVALID',
      });
    }
    expect((await t.call('GET', '/service/tmp-pdf')).statusCode).toBe(400);
  });

  it('refuses an expired token (7 days by default)', async () => {
    const token = tokens.issue(accountId);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 - 1000);
    expect((await tmpPdf(token)).statusCode).toBe(200);
    t.clock.advance(1000);
    const response = await tmpPdf(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'This staff link has expired. Please ask for a new link.',
      code: 'SERVICE_TOKEN_EXPIRED',
    });
  });

  it('refuses a token whose applicant no longer exists', async () => {
    const token = tokens.issue(accountId);
    await t.db.deleteFrom('accounts').where('id', '=', accountId).execute();
    expect((await tmpPdf(token)).statusCode).toBe(403);
  });

  it('opens no /api route and changes nothing: /api reads the session cookie alone', async () => {
    await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada);
    const token = encodeURIComponent(tokens.issue(accountId));
    // The staff API (/api/staff) has its own guard and its own matrix (tests/server/staff).
    const apiRoutes = routesOf(t).filter(
      ([method, path]) =>
        path.startsWith('/api/') && !path.startsWith('/api/staff/') && method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThanOrEqual(20);
    for (const [method, path] of apiRoutes) {
      const concrete = path.replace(':key', 'transcript_file');
      const response = await t.app.inject({
        method: method as 'GET',
        url: `${concrete}?service_token=${token}`,
        headers: {
          origin: t.config.publicUrl,
          authorization: `Bearer ${decodeURIComponent(token)}`,
          ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(method === 'GET' ? {} : { payload: '{}' }),
        cookies: { service_token: decodeURIComponent(token) },
      });
      expect([method, path, response.statusCode]).toEqual([method, path, 401]);
    }
    expect((await t.call('GET', '/api/profile', undefined, ada)).json().answer).toEqual({
      first_name: 'Ada',
    });
  });

  it('offers reading only: /service has no route that changes anything', async () => {
    const serviceRoutes = routesOf(t).filter(([, path]) => path.startsWith('/service/'));
    expect(new Set(serviceRoutes.map(([method]) => method))).toEqual(new Set(['GET', 'HEAD']));
  });
});

describe('npm run service-link', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await signedIn(t, 'ada@example.org');
  });
  afterEach(async () => {
    await t.close();
  });

  const run = (args: string[]) =>
    promisify(execFile)('npx', ['tsx', 'scripts/service-link.ts', ...args], {
      env: {
        ...process.env,
        DATA_DIR: t.dataDir,
        PUBLIC_URL: t.config.publicUrl,
        SESSION_SECRET: t.config.sessionSecret,
        DATABASE_URL: '',
      },
    });

  it('prints a staff link the server accepts, opening the database as the server does', async () => {
    const { stdout } = await run(['  Ada@Example.org ', '--days', '2']);
    const link = new URL(stdout.trim());
    expect(link.origin + link.pathname).toBe(`${t.config.publicUrl}/about`);
    const token = link.searchParams.get('service_token')!;
    const response = await t.call(
      'GET',
      `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`,
    );
    expect(response.statusCode).toBe(200);
    // Signed with the real clock, to expire in the two days asked for.
    const { exp } = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(Math.abs(exp - (Date.now() / 1000 + 2 * 24 * 60 * 60))).toBeLessThan(60);
  });

  it('says so when no applicant has the address', async () => {
    await expect(run(['nobody@example.org'])).rejects.toMatchObject({
      stderr: expect.stringContaining('No applicant has the e-mail address nobody@example.org.'),
    });
  });
});
