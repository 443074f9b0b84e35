import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../src/server/errors';
import { staffEmail } from '../../../src/server/staff/staff-email';
import { removeScratchDir, scratchDir } from '../../helpers/scratch-dir';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';

const refusal = (address: string) =>
  errorCatalogue.STAFF_EMAIL_INVALID.message.replace('%s', address);

/** Addresses no staff member may have: formula starts, pipes, quotes, spaces, no domain. */
const refused = [
  '=cmd|calc@example.edu',
  '+1@example.edu',
  '-x@example.edu',
  '@example.edu',
  'a|b@example.edu',
  '"a b"@example.edu',
  'a b@example.edu',
  'a@localhost',
  'a@-x.edu',
  'ａ@example.edu',
  '',
];

describe('staffEmail', () => {
  it('takes the addresses staff have, trimmed and in lower case', () => {
    for (const address of ['ada@example.edu', 'Ada.Lovelace+adm@Mail.Example.edu ', 'a_b-c@x.io']) {
      expect(staffEmail(address)).toBe(address.trim().toLowerCase());
    }
  });

  it('refuses the others with the catalogue’s message', () => {
    for (const address of refused) {
      expect(() => staffEmail(address), address).toThrow(refusal(address.trim().toLowerCase()));
    }
  });
});

// The console and `npm run staff -- add` refuse the same address, with the same message (F8).
describe.each(databases)('a staff address refused on $name', ({ url }) => {
  let t: TestApp;
  let admin: TestStaff;
  beforeEach(async () => {
    t = await createTestApp(url);
    admin = await addStaff(t, 'admin');
  });
  afterEach(async () => {
    await t.close();
  });

  it('by the console, as a 400 with the message', async () => {
    const response = await t.call(
      'POST',
      '/api/staff/members',
      { email: '=cmd|calc@example.edu', role: 'reader' },
      admin.cookies,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(refusal('=cmd|calc@example.edu'));
    const staff = await t.db.selectFrom('staff').select('email').execute();
    expect(staff.map((row) => row.email)).toEqual([admin.email]);
  });
});

describe('npm run staff -- add', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = scratchDir('admissions-staff-email');
  });
  afterEach(() => {
    removeScratchDir(dataDir);
  });

  it('refuses the address the console refuses, with the same message, through the same StaffMembers.add', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/staff.ts', 'add', '=cmd|calc@example.edu', '--role', 'admin'],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SESSION_SECRET: 'a-test-secret-that-is-at-least-32-characters-long',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(refusal('=cmd|calc@example.edu'));
    expect(result.stdout).not.toContain('Added');
  }, 60_000);
});
