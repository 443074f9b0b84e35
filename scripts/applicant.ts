/**
 * `npm run applicant -- export <e-mail> [--out file.zip]` and `npm run applicant -- erase <e-mail>
 * --yes`: an applicant's data requests (FERPA, GDPR; issue 17) from the shell, with the same
 * environment as the server, through the same code as the staff console's. Both are written to
 * the audit log as done by `cli:<os user>`.
 */
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import { systemClock } from '../src/server/clock';
import { ConfigError, loadConfig } from '../src/server/config';
import { createBlobStore } from '../src/server/blobs/create-blob-store';
import { DatabaseVersionError, openDatabase } from '../src/server/db/database';
import { AppError } from '../src/server/errors';
import { normalise } from '../src/server/identity/accounts';
import { outboxOf } from '../src/server/mail/mailer';
import { DataRequests } from '../src/server/staff/data-requests';

const usage = [
  'Usage: npm run applicant -- export <e-mail> [--out <file.zip>]',
  '       npm run applicant -- erase <e-mail> --yes',
].join('\n');

class UsageError extends Error {}

type Command = { name: 'export'; email: string; out: string } | { name: 'erase'; email: string };

function parseArgs(args: string[]): Command {
  const [name, email, ...rest] = args;
  if (!email || email.startsWith('-')) throw new UsageError(usage);
  if (name === 'export') {
    let out = `applicant-${normalise(email).replace(/[^\w.@-]/g, '_')}.zip`;
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '--out' && rest[i + 1]) out = rest[++i]!;
      else throw new UsageError(usage);
    }
    return { name, email, out };
  }
  if (name === 'erase') {
    // Erasing cannot be undone: the flag says it was meant.
    if (rest.length !== 1 || rest[0] !== '--yes') {
      throw new UsageError(`Erasing cannot be undone: add --yes to erase ${email}.\n${usage}`);
    }
    return { name, email };
  }
  throw new UsageError(usage);
}

try {
  const command = parseArgs(process.argv.slice(2));
  const config = loadConfig(process.env, 'worker');
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: config.migrateOnStart,
  });
  try {
    const requests = new DataRequests(db, createBlobStore(config, systemClock), systemClock, {
      outbox: config.smtpUrl ? undefined : outboxOf(config.dataDir),
    });
    const by = { actor: `cli:${os.userInfo().username}`, ip: 'cli' };
    if (command.name === 'export') {
      const { zip } = await requests.export(command.email, by);
      await pipeline(zip, createWriteStream(command.out, { flags: 'wx', mode: 0o600 }));
      console.log(`Wrote ${command.out}`);
    } else {
      console.log(JSON.stringify({ erased: await requests.erase(command.email, by) }));
    }
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(
    error instanceof UsageError ||
      error instanceof AppError ||
      error instanceof ConfigError ||
      error instanceof DatabaseVersionError
      ? error.message
      : error,
  );
  process.exitCode = 1;
}
