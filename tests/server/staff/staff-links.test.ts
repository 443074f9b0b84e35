import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withEmails } from '../../../src/server/staff/audit-subjects';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { ServiceTokens } from '../../../src/server/identity/service-tokens';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databases)('service links from the staff console on $name', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  let accountId: string;
  beforeEach(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin');
    const ada = await signedIn(t, 'ada@example.org');
    await t.call('PUT', '/api/answer', { first_name: 'Ada' }, ada);
    accountId = (await t.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => {
    await t.close();
  });

  const issue = (body: unknown) => t.call('POST', '/api/staff/links', body, admin.cookies);
  const tokenOf = (link: string) => new URL(link).searchParams.get('service_token')!;
  const read = (token: string) =>
    t.call('GET', `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`);
  const auditRows = () =>
    // Subjects shown as the staff views show them: a linked subject id as its e-mail.
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('at')
      .orderBy('id')
      .execute()
      .then((rows) => withEmails(t.db, rows));

  it('issues a link for 7 days by default that reads the applicant, listed with their e-mail', async () => {
    const issued = await issue({ accountId });
    expect(issued.statusCode).toBe(201);
    const { id, url: link, expiresAt } = issued.json();
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/about\\?service_token=`));
    expect(new Date(expiresAt).getTime()).toBe(
      Math.floor((t.clock.now().getTime() + 7 * DAY_MS) / 1000) * 1000,
    );
    const response = await read(tokenOf(link));
    expect(response.statusCode).toBe(200);
    expect(response.json().answer.first_name).toBe('Ada');

    const list = await t.call('GET', '/api/staff/links', undefined, admin.cookies);
    expect(list.json()).toEqual({
      links: [
        {
          id,
          accountId,
          email: 'ada@example.org',
          createdBy: admin.email,
          createdAt: t.clock.now().toISOString(),
          expiresAt,
          revokedAt: null,
        },
      ],
    });
    const filtered = await t.call(
      'GET',
      `/api/staff/links?accountId=${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`,
      undefined,
      admin.cookies,
    );
    expect(filtered.json()).toEqual({ links: [] });
  });

  it('takes an expiry of 1 to 90 days, and refuses others and unknown applicants with a message', async () => {
    const ninety = await issue({ accountId, days: 90 });
    expect(ninety.statusCode).toBe(201);
    t.clock.advance(89 * DAY_MS);
    expect((await read(tokenOf(ninety.json().url))).statusCode).toBe(200);
    t.clock.advance(DAY_MS);
    expect((await read(tokenOf(ninety.json().url))).json().code).toBe('SERVICE_TOKEN_EXPIRED');
    // A staff session lasts 8 hours: sign in again after the months that passed.
    admin = await addStaff(t, 'admin');
    for (const days of [0, 91, 1.5, '7']) {
      const refused = await issue({ accountId, days });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('BAD_REQUEST');
    }
    const unknown = await issue({ accountId: '00000000-0000-0000-0000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'There is no applicant with the account id 00000000-0000-0000-0000-000000000000.',
    );
  });

  it('revokes a link: its reads answer 403 SERVICE_LINK_REVOKED; other links keep working', async () => {
    const first = (await issue({ accountId })).json();
    const second = (await issue({ accountId, days: 3 })).json();
    t.clock.advance(60_000);
    const revoked = await t.call('POST', `/api/staff/links/${first.id}/revoke`, {}, admin.cookies);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ id: first.id, revokedAt: t.clock.now().toISOString() });

    const refused = await read(tokenOf(first.url));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SERVICE_LINK_REVOKED',
      message: 'This staff link has been revoked. Please ask for a new link.',
    });
    const document = await t.call(
      'GET',
      `/service/document/transcript_file?service_token=${encodeURIComponent(tokenOf(first.url))}`,
    );
    expect(document.json().code).toBe('SERVICE_LINK_REVOKED');
    expect((await read(tokenOf(second.url))).statusCode).toBe(200);

    // Revoking again keeps the first time; an unknown link is a 404 with a message.
    t.clock.advance(60_000);
    const again = await t.call('POST', `/api/staff/links/${first.id}/revoke`, {}, admin.cookies);
    expect(again.json().revokedAt).toBe(revoked.json().revokedAt);
    const unknown = await t.call(
      'POST',
      '/api/staff/links/00000000-0000-0000-0000-000000000000/revoke',
      {},
      admin.cookies,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'There is no service link 00000000-0000-0000-0000-000000000000.',
    );
    const listed = (await t.call('GET', '/api/staff/links', undefined, admin.cookies)).json();
    expect(listed.links.find((l: { id: string }) => l.id === first.id).revokedAt).toBe(
      revoked.json().revokedAt,
    );
  });

  it('audits issuing, revoking and every read made with a link, console or CLI', async () => {
    const link = (await issue({ accountId, days: 2 })).json();
    t.clock.advance(1000);
    await read(tokenOf(link.url));
    t.clock.advance(1000);
    const cliToken = new ServiceTokens(new SecretHasher(t.config.sessionSecret), t.clock).issue(
      accountId,
    );
    expect((await read(cliToken)).statusCode).toBe(200);
    await t.call('GET', `/service/document/transcript_file?service_token=${cliToken}`);
    t.clock.advance(1000);
    await t.call('POST', `/api/staff/links/${link.id}/revoke`, {}, admin.cookies);
    await read(tokenOf(link.url));

    const rows = (await auditRows()).map((row) => ({
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      detail: JSON.parse(row.detail),
    }));
    expect(rows).toEqual([
      {
        actor: `staff:${admin.email}`,
        action: 'link.issue',
        subject: 'ada@example.org',
        detail: { linkId: link.id, days: 2, expiresAt: link.expiresAt },
      },
      {
        actor: `link:${link.id}`,
        action: 'application.read',
        subject: 'ada@example.org',
        detail: {},
      },
      { actor: 'link:cli', action: 'application.read', subject: 'ada@example.org', detail: {} },
      {
        actor: `staff:${admin.email}`,
        action: 'link.revoke',
        subject: 'ada@example.org',
        detail: { linkId: link.id },
      },
    ]);
    // A document that is not there is no read; the revoked link's attempt reads nothing either.
    expect((await auditRows()).every((row) => row.ip === '127.0.0.1')).toBe(true);
  });

  it('refuses a link id the token carries that no row has, or that names another applicant', async () => {
    const tokens = new ServiceTokens(new SecretHasher(t.config.sessionSecret), t.clock);
    const invented = tokens.issue(accountId, DAY_MS, '00000000-0000-0000-0000-000000000000');
    expect((await read(invented)).json().code).toBe('SERVICE_TOKEN_INVALID');
    const eve = await signedIn(t, 'eve@example.org');
    expect(eve).toBeDefined();
    const eveId = (
      await t.db
        .selectFrom('accounts')
        .select('id')
        .where('username', '=', 'eve@example.org')
        .executeTakeFirstOrThrow()
    ).id;
    const adas = (await issue({ accountId })).json();
    const swapped = tokens.issue(eveId, DAY_MS, adas.id);
    expect((await read(swapped)).json().code).toBe('SERVICE_TOKEN_INVALID');
  });
});
