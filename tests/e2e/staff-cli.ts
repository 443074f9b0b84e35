/** `npm run staff` as an operator runs it, with the e2e server's environment (its DATA_DIR). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { e2eDataDir, e2ePort } from '../../playwright.config';

const run = promisify(execFile);

/** Adds a staff member by the CLI; returns what it printed (the temporary password's line). */
export async function addStaffByCli(email: string, role: 'admin' | 'reader'): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', 'staff', '--', 'add', email, '--role', role], {
    env: {
      ...process.env,
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      NODE_ENV: 'test',
      DATABASE_URL: '',
    },
  });
  return stdout;
}
