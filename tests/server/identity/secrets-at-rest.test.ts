import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../../src/server/app';
import { ManualClock } from '../../../src/server/clock';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import {
  cookieJar,
  createTestApp,
  databases,
  lastCode,
  lastResetId,
  PASSWORD,
} from '../helpers/test-app';
import { codeFromOutbox } from '../../helpers/live-server';

const USER = 'grace@example.org';

describe.each(databases)('secrets at rest on $name', ({ url }) => {
  it('are never stored in clear: passwords, codes, reset ids and session tokens', async () => {
    const t = await createTestApp(url);
    try {
      await t.call('POST', '/public/signup', { username: USER, password: PASSWORD });
      const code = lastCode(t.mail, USER);
      await t.call('POST', '/public/confirm', { username: USER, code });
      const login = await t.call('POST', '/public/login', { username: USER, password: PASSWORD });
      const token = cookieJar(login)['admissions_identity.session']!;
      await t.call('POST', '/public/forgot-password', { username: USER });
      const resetId = lastResetId(t.mail, USER);
      await t.call('POST', '/public/signup', { username: 'other@example.org', password: PASSWORD });
      const pendingCode = lastCode(t.mail, 'other@example.org');

      const dump = JSON.stringify(
        await Promise.all(
          ['accounts', 'confirmation_codes', 'password_resets', 'sessions'].map((table) =>
            t.db
              .selectFrom(table as 'accounts')
              .selectAll()
              .execute(),
          ),
        ),
      );
      expect(dump).toContain('$argon2id$');
      for (const secret of [PASSWORD, pendingCode, resetId, token])
        expect(dump).not.toContain(secret);
      expect(token.length).toBeGreaterThanOrEqual(43);
      expect(code).toMatch(/^\d{6}$/);
    } finally {
      await t.close();
    }
  });
});

describe('secrets in the log', () => {
  it('never appear in the log outside development, nor in the outbox log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp();
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      PUBLIC_URL: t.config.publicUrl,
      SESSION_SECRET: t.config.sessionSecret,
      NODE_ENV: 'production',
    });
    const db = await openDatabase({ url: '', dataDir: path.join(t.dataDir, 'logged') });
    // A real outbox mailer and a real logger, so the log lines are the ones operators would see.
    const app = await buildApp({
      config,
      db,
      clock: new ManualClock(),
      logger: { level: 'info', stream },
    });
    try {
      const call = (url: string, body: unknown) =>
        app.inject({
          method: 'POST',
          url,
          headers: { origin: config.publicUrl, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      await call('/public/signup', { username: USER, password: PASSWORD });
      // Mail is written in the background, after the answer.
      const code = await codeFromOutbox(t.dataDir, USER);
      expect(code).toMatch(/^\d{6}$/);
      await call('/public/confirm', { username: USER, code });
      const login = await call('/public/login', { username: USER, password: PASSWORD });
      const token = login.cookies.find((c) => c.name.endsWith('.session'))?.value;
      await call('/public/forgot-password', { username: USER });
      const outbox = path.join(t.dataDir, 'outbox');
      await expect.poll(() => readdirSync(outbox).length).toBe(2);
      await app.inject({ method: 'GET', url: '/public/tmp?token=secret-visitor-token' });
      const log = lines.join('');
      expect(log).toContain('"path":"/public/tmp"');
      expect(log).not.toContain('secret-visitor-token');
      expect(log).toContain('mail written to outbox');
      for (const secret of [PASSWORD, code!, token!]) expect(log).not.toContain(secret);
      expect(log).not.toMatch(/reset\?username/);
    } finally {
      await app.close();
      await db.destroy();
      await t.close();
    }
  });
});
