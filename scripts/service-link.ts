/**
 * `npm run service-link -- applicant@example.org [--days 7]`: prints a staff link to an
 * applicant's read-only view (SPEC §6), `{PUBLIC_URL}/about?service_token=…`. It opens the
 * database and reads the secret exactly as the server does (same environment, same DATA_DIR),
 * so the link is signed with the server's key. The link reads; it can never change anything.
 */
import { systemClock } from '../src/server/clock';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { normalise } from '../src/server/identity/accounts';
import { SecretHasher } from '../src/server/identity/secrets';
import { ServiceTokens } from '../src/server/identity/service-tokens';

const usage = 'Usage: npm run service-link -- <applicant e-mail> [--days <1 to 90, default 7>]';

function parseArgs(args: string[]): { email: string; days: number } {
  let email = '';
  let days = 7;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--days') {
      days = Number(args[++i]);
      if (!Number.isInteger(days) || days < 1 || days > 90) throw new Error(usage);
    } else if (arg === '--help' || arg === '-h' || email) {
      throw new Error(usage);
    } else {
      email = arg;
    }
  }
  if (!email) throw new Error(usage);
  return { email, days };
}

async function main(): Promise<void> {
  const { email, days } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', normalise(email))
      .executeTakeFirst();
    if (!account) throw new Error(`No applicant has the e-mail address ${normalise(email)}.`);
    const tokens = new ServiceTokens(new SecretHasher(config.sessionSecret), systemClock);
    const token = tokens.issue(account.id, days * 24 * 60 * 60 * 1000);
    console.log(`${config.publicUrl}/about?service_token=${encodeURIComponent(token)}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
