/**
 * `npm run staff -- add <e-mail> --role admin|reader [--password-stdin]`, `remove <e-mail>`,
 * `reset-totp <e-mail>`, `list`: manages the admissions staff (issue 17) from the shell, which is
 * how the first admin comes to be. It opens the database and reads the secret exactly as the server does (same
 * environment, same DATA_DIR). Additions and removals are written to the audit log as
 * `cli:<os user>`; a removal ends the member's sessions at once.
 */
import os from 'node:os';
import { systemClock } from '../src/server/clock';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { AppError } from '../src/server/errors';
import { SecretHasher } from '../src/server/identity/secrets';
import { AuditLog } from '../src/server/staff/audit-log';
import { StaffMembers } from '../src/server/staff/staff-members';
import { StaffSessions, type StaffRole } from '../src/server/staff/staff-sessions';

const usage = [
  'Usage:',
  '  npm run staff -- add <e-mail> --role admin|reader [--password-stdin]',
  '  npm run staff -- remove <e-mail>',
  '  npm run staff -- reset-totp <e-mail>',
  '  npm run staff -- list',
].join('\n');

type Command =
  | { name: 'add'; email: string; role: StaffRole; passwordStdin: boolean }
  | { name: 'remove' | 'reset-totp'; email: string }
  | { name: 'list' };

function parseArgs(args: string[]): Command {
  const [name, ...rest] = args;
  if (name === 'list' && rest.length === 0) return { name };
  if ((name === 'remove' || name === 'reset-totp') && rest.length === 1) {
    return { name, email: rest[0]! };
  }
  if (name === 'add') {
    let email = '';
    let role: string | undefined;
    let passwordStdin = false;
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i]!;
      if (arg === '--role') role = rest[++i];
      else if (arg === '--password-stdin') passwordStdin = true;
      else if (!email && !arg.startsWith('--')) email = arg;
      else throw new Error(usage);
    }
    if (email && (role === 'admin' || role === 'reader')) {
      return { name, email, role, passwordStdin };
    }
  }
  throw new Error(usage);
}

/** The password piped in, without the line break `echo` or a here-string adds. */
async function readPassword(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<void> {
  const command = parseArgs(process.argv.slice(2));
  // Sends no links and checks no origins: PUBLIC_URL is not needed, even in production.
  const config = loadConfig(process.env, 'worker');
  const password =
    command.name === 'add' && command.passwordStdin ? await readPassword() : undefined;
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const sessions = new StaffSessions(db, new SecretHasher(config.sessionSecret), systemClock);
    const members = new StaffMembers(db, systemClock, sessions, new AuditLog(db, systemClock));
    const by = { actor: `cli:${os.userInfo().username}`, ip: 'local' };
    if (command.name === 'add') {
      const added = await members.add({ ...command, password }, by);
      console.log(`Added ${added.email} as ${added.role}.`);
      if (added.temporaryPassword) {
        console.log(`Temporary password: ${added.temporaryPassword}`);
        console.log('They choose their own password and set up an authenticator at first sign-in.');
      }
    } else if (command.name === 'list') {
      const list = await members.list();
      if (list.length === 0) console.log('No staff members yet.');
      for (const member of list) {
        const totp = member.totp ? 'TOTP set up' : 'TOTP not set up';
        console.log(`${member.email}\t${member.role}\t${totp}\tadded ${member.createdAt}`);
      }
    } else {
      const member = await members.findByEmail(command.email);
      if (!member) throw new AppError('STAFF_MEMBER_NOT_FOUND');
      if (command.name === 'remove') {
        await members.remove(member.id, by);
        console.log(`Removed ${member.email}; their sessions have ended.`);
      } else {
        await members.resetTotp(member.id, by);
        console.log(
          `Reset ${member.email}'s authenticator; they set it up again at their next sign-in.`,
        );
      }
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
