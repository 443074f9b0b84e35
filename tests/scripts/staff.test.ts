/**
 * `npm run staff` (scripts/staff.ts), run for real as a child process against a new DATA_DIR (and
 * a new PostgreSQL database when TEST_DATABASE_URL is set): add with a generated or a piped
 * password, the applicant password rules, list, remove ending the member's sessions, reset-totp
 * forgetting an authenticator, each change in the audit log as `cli:<os user>`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/server/clock';
import { openDatabase, type Db } from '../../src/server/db/database';
import { SecretHasher, verifyPassword } from '../../src/server/identity/secrets';
import { StaffSessions } from '../../src/server/staff/staff-sessions';
import { withFreshPostgres } from '../helpers/live-server';
import { databases } from '../server/helpers/test-app';
import { ruleMessage } from '../helpers/shipped-texts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters-long';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the staff CLI, as `npm run staff -- …` would, with `input` on its standard input. */
function staffCli(env: Record<string, string>, args: string[], input = ''): Run {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: SECRET, ...env },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A new DATA_DIR, and the database the CLI and the test share (SQLite in it, or PostgreSQL). */
async function withStore(
  databaseUrl: string,
  fn: (env: Record<string, string>, open: () => Promise<Db>) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-staff-cli-'));
  const run = async (url: string) => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: url };
    await fn(env, () => openDatabase({ url, dataDir }));
  };
  try {
    if (databaseUrl) await withFreshPostgres(databaseUrl, run);
    else await run('');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const osUser = os.userInfo().username;
// Each run starts Node with tsx and opens (and, the first time, migrates) the database.
const CLI_TEST_MS = 120_000;

describe.each(databases)('npm run staff ($name)', ({ url }) => {
  it(
    'adds, lists and removes staff, writing each change to the audit log',
    async () => {
      await withStore(url, async (env, open) => {
        const added = staffCli(env, ['add', 'Ada@Staff.example.edu', '--role', 'admin']);
        expect(added.stderr).toBe('');
        expect(added.status).toBe(0);
        const lines = added.stdout.trim().split('\n');
        expect(lines[0]).toBe('Added ada@staff.example.edu as admin.');
        const temporary = lines[1]?.match(/^Temporary password: (\S{20})$/)?.[1];
        expect(temporary).toBeDefined();
        expect(lines[2]).toBe(
          'They choose their own password and set up an authenticator at first sign-in.',
        );

        const piped = staffCli(
          env,
          ['add', 'grace@staff.example.edu', '--role', 'reader', '--password-stdin'],
          'Piped-Password-42!\n',
        );
        expect(piped.status).toBe(0);
        expect(piped.stdout).toBe('Added grace@staff.example.edu as reader.\n');

        const db = await open();
        try {
          const rows = await db
            .selectFrom('staff')
            .select(['id', 'email', 'role', 'password_hash', 'password_temporary'])
            .orderBy('email')
            .execute();
          expect(rows.map((r) => [r.email, r.role])).toEqual([
            ['ada@staff.example.edu', 'admin'],
            ['grace@staff.example.edu', 'reader'],
          ]);
          expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
          expect(await verifyPassword(rows[0]!.password_hash!, temporary!)).toBe(true);
          expect(await verifyPassword(rows[1]!.password_hash!, 'Piped-Password-42!')).toBe(true);
          // Only the printed one must be replaced at first sign-in; a piped one is the member's.
          expect(rows.map((r) => Number(r.password_temporary))).toEqual([1, 0]);

          const list = staffCli(env, ['list']);
          expect(list.status).toBe(0);
          expect(list.stdout.trim().split('\n')).toEqual([
            expect.stringMatching(/^ada@staff\.example\.edu\tadmin\tTOTP not set up\tadded \d{4}-/),
            expect.stringMatching(/^grace@staff\.example\.edu\treader\tTOTP not set up\tadded /),
          ]);

          // Grace is signed in on two browsers; her removal ends both.
          const sessions = new StaffSessions(db, new SecretHasher(SECRET), systemClock);
          const tokens = [
            await sessions.create(rows[1]!.id, 'full'),
            await sessions.create(rows[1]!.id, 'password'),
          ];
          const removed = staffCli(env, ['remove', 'GRACE@staff.example.edu']);
          expect(removed.status).toBe(0);
          expect(removed.stdout).toBe(
            'Removed grace@staff.example.edu; their sessions have ended.\n',
          );
          for (const token of tokens) expect(await sessions.resolve(token)).toBeUndefined();
          expect(await db.selectFrom('staff_sessions').selectAll().execute()).toEqual([]);

          // Ada lost her phone: her authenticator is forgotten and her session ended.
          await db
            .updateTable('staff')
            .set({ totp_secret: 'sealed', totp_confirmed_at: new Date().toISOString() })
            .where('id', '=', rows[0]!.id)
            .execute();
          const adaSession = await sessions.create(rows[0]!.id, 'full');
          const reset = staffCli(env, ['reset-totp', 'ada@staff.example.edu']);
          expect(reset.status).toBe(0);
          expect(reset.stdout).toBe(
            "Reset ada@staff.example.edu's authenticator; they set it up again at their next sign-in.\n",
          );
          expect(
            await db
              .selectFrom('staff')
              .select(['totp_secret', 'totp_confirmed_at'])
              .where('id', '=', rows[0]!.id)
              .executeTakeFirst(),
          ).toEqual({ totp_secret: null, totp_confirmed_at: null });
          expect(await sessions.resolve(adaSession)).toBeUndefined();

          const audit = await db
            .selectFrom('audit_log')
            .select(['actor', 'action', 'subject', 'detail', 'ip'])
            .orderBy('at')
            .orderBy('action')
            .execute();
          expect(audit).toEqual([
            {
              actor: `cli:${osUser}`,
              action: 'staff.add',
              subject: null,
              detail: '{"email":"ada@staff.example.edu","role":"admin"}',
              ip: 'local',
            },
            {
              actor: `cli:${osUser}`,
              action: 'staff.add',
              subject: null,
              detail: '{"email":"grace@staff.example.edu","role":"reader"}',
              ip: 'local',
            },
            {
              actor: `cli:${osUser}`,
              action: 'staff.remove',
              subject: null,
              detail: '{"email":"grace@staff.example.edu","role":"reader"}',
              ip: 'local',
            },
            {
              actor: `cli:${osUser}`,
              action: 'staff.reset-totp',
              subject: null,
              detail: '{"email":"ada@staff.example.edu"}',
              ip: 'local',
            },
          ]);
        } finally {
          await db.destroy();
        }
      });
    },
    CLI_TEST_MS,
  );

  it(
    'refuses a weak password, a known e-mail, an unknown member and bad usage, saying why',
    async () => {
      await withStore(url, async (env) => {
        const weak = staffCli(
          env,
          ['add', 'ada@staff.example.edu', '--role', 'admin', '--password-stdin'],
          'short\n',
        );
        expect(weak.status).toBe(1);
        expect(weak.stderr.trim()).toBe(
          'Your password must meet every requirement. Not yet met: is at least 12 characters; contains at least one uppercase letter; contains at least one number; contains at least one special character.',
        );

        expect(staffCli(env, ['add', 'ada@staff.example.edu', '--role', 'admin']).status).toBe(0);
        const twice = staffCli(env, ['add', 'ADA@staff.example.edu', '--role', 'reader']);
        expect(twice.status).toBe(1);
        expect(twice.stderr.trim()).toBe('A staff member with this e-mail address already exists.');

        const badAddress = staffCli(env, ['add', 'not-an-address', '--role', 'reader']);
        expect(badAddress.stderr.trim()).toBe(ruleMessage('username', { schema: 'signup' }));

        const unknown = staffCli(env, ['remove', 'nobody@staff.example.edu']);
        expect(unknown.status).toBe(1);
        expect(unknown.stderr.trim()).toBe('There is no such staff member.');

        for (const args of [
          [],
          ['add', 'x@staff.example.edu'],
          ['add', 'x@y.edu', '--role', 'owner'],
        ]) {
          const usage = staffCli(env, args);
          expect(usage.status, args.join(' ')).toBe(1);
          expect(usage.stderr).toMatch(
            /^Usage:\n {2}npm run staff -- add <e-mail> --role admin\|reader/,
          );
        }
      });
    },
    CLI_TEST_MS,
  );
});
