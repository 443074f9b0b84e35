import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/tables';
import type { BlobStore } from '../blobs/blob-store';
import { SESSION_IDLE_MS } from '../identity/sessions';
import { STAFF_IDLE_MS } from '../staff/staff-sessions';
import { repeatEvery } from './repeat';

/** The longest rate-limit window (an hour), with room: older counters count nothing. */
const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Grants handled per statement, so one purge never holds a long transaction. */
const GRANT_BATCH = 500;

export interface PurgeDeps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  dataDir: string;
  retention: Config['retention'];
}

/** What one purge removed, by kind. */
export interface PurgeCounts {
  sessions: number;
  staffSessions: number;
  pendingSignUps: number;
  unconfirmedAccounts: number;
  passwordResets: number;
  visitorAnswers: number;
  rateLimits: number;
  uploadGrants: number;
  uploadBlobs: number;
  outboxFiles: number;
}

/**
 * Deletes what has expired (issue 14): sessions, applicants' and staff's, past their idle or
 * absolute end (a session is otherwise removed only when it is presented again), pending sign-ups
 * and the accounts never confirmed, reset ids, visitor answers, rate-limit counters of past windows, upload grants past
 * their form's expiry and grace (with the blob, when it never became a document) and outbox
 * mail older than OUTBOX_RETENTION_DAYS. Safe to run anywhere at any time, on several instances
 * at once: each step is a delete of rows nobody can use any more.
 */
export async function purgeExpired(deps: PurgeDeps): Promise<PurgeCounts> {
  const { db, clock } = deps;
  const now = clock.now();
  const nowIso = now.toISOString();
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

  // A session goes when it expires or when it has been idle longer than its kind allows.
  const endSessions = async (table: 'sessions' | 'staff_sessions', idleMs: number) =>
    deleted(
      await db
        .deleteFrom(table)
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', nowIso),
            eb('last_seen_at', '<=', new Date(now.getTime() - idleMs).toISOString()),
          ]),
        )
        .executeTakeFirst(),
    );
  const sessions = await endSessions('sessions', SESSION_IDLE_MS);
  const staffSessions = await endSessions('staff_sessions', STAFF_IDLE_MS);
  const { pendingSignUps, unconfirmedAccounts } = await purgeSignUps(db, nowIso);
  const passwordResets = deleted(
    await db.deleteFrom('password_resets').where('expires_at', '<=', nowIso).executeTakeFirst(),
  );
  const visitorAnswers = deleted(
    await db.deleteFrom('visitor_answers').where('expires_at', '<=', nowIso).executeTakeFirst(),
  );
  const rateLimits = deleted(
    await db
      .deleteFrom('rate_limits')
      .where('window_start', '<=', new Date(now.getTime() - RATE_LIMIT_KEEP_MS).toISOString())
      .executeTakeFirst(),
  );
  const { grants: uploadGrants, blobs: uploadBlobs } = await purgeGrants(deps, now);
  // Files carry the machine's time, not the injectable clock's.
  const outboxFiles = await purgeOutbox(deps, new Date());
  return {
    sessions,
    staffSessions,
    pendingSignUps,
    unconfirmedAccounts,
    passwordResets,
    visitorAnswers,
    rateLimits,
    uploadGrants,
    uploadBlobs,
    outboxFiles,
  };
}

/** Accounts removed a transaction at a time: a statement's parameters stay well within bounds. */
const PURGE_BATCH = 5000;

/** An account no pending sign-up names. */
const noPendingSignUp = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'accounts'>) =>
  not(
    exists(
      selectFrom('pending_sign_ups')
        .select('pending_sign_ups.id')
        .whereRef('pending_sign_ups.account_id', '=', 'accounts.id'),
    ),
  );

/**
 * Sign-ups whose code has expired, with the password each chose (issue 41), then the accounts
 * never confirmed that no pending sign-up is left for: they hold no password and no data, and
 * their address may be signed up again from scratch. A confirmation never meets a deleted
 * account, as it activates the account's row only while it is there and unconfirmed.
 */
async function purgeSignUps(
  db: Db,
  nowIso: string,
): Promise<{ pendingSignUps: number; unconfirmedAccounts: number }> {
  const signUps = await db
    .deleteFrom('pending_sign_ups')
    .where('expires_at', '<=', nowIso)
    .executeTakeFirst();
  let unconfirmedAccounts = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      let candidates = trx
        .selectFrom('accounts')
        .select('accounts.id')
        .where('confirmed_at', 'is', null)
        .where(noPendingSignUp)
        .limit(PURGE_BATCH);
      // On PostgreSQL a sign-up of the same address may be under way: its row lock is skipped,
      // and the delete below looks again with a fresh snapshot, so a sign-up committed meanwhile
      // keeps its account and its new pending row (a delete reading the old snapshot would
      // cascade it away, and the code just mailed would confirm nothing). SQLite writes one at a
      // time.
      if (dialectOf(trx) === 'postgres') candidates = candidates.forUpdate().skipLocked();
      const ids = (await candidates.execute()).map((row) => row.id);
      if (ids.length === 0) return { found: 0, deleted: 0 };
      const deleted = await trx
        .deleteFrom('accounts')
        .where('id', 'in', ids)
        .where('confirmed_at', 'is', null)
        .where(noPendingSignUp)
        .executeTakeFirst();
      return { found: ids.length, deleted: Number(deleted.numDeletedRows) };
    });
    unconfirmedAccounts += batch.deleted;
    if (batch.found < PURGE_BATCH || batch.deleted === 0) break;
  }
  return {
    pendingSignUps: Number(signUps.numDeletedRows),
    unconfirmedAccounts,
  };
}

/**
 * Grants whose form expired more than the grace ago: the row goes, and the uploaded object too
 * unless it is (or was replaced as) an applicant's document. The row is deleted first, so a
 * conversion asked for at the same moment finds no grant rather than a missing file.
 */
async function purgeGrants(deps: PurgeDeps, now: Date): Promise<{ grants: number; blobs: number }> {
  const { db, blobs } = deps;
  const cutoff = new Date(now.getTime() - deps.retention.uploadGraceHours * 3600_000).toISOString();
  let grants = 0;
  let removed = 0;
  for (;;) {
    const batch = await db
      .selectFrom('upload_grants')
      .select('object_key')
      .where('expires_at', '<', cutoff)
      .limit(GRANT_BATCH)
      .execute();
    if (batch.length === 0) break;
    const keys = batch.map((g) => g.object_key);
    const kept = await db
      .selectFrom('document_answers')
      .select('upload_key')
      .where('upload_key', 'in', keys)
      .execute();
    const inUse = new Set(kept.map((d) => d.upload_key));
    const gone = await db
      .deleteFrom('upload_grants')
      .where('object_key', 'in', keys)
      .where('expires_at', '<', cutoff)
      .returning('object_key')
      .execute();
    grants += gone.length;
    for (const { object_key: key } of gone) {
      if (inUse.has(key)) continue;
      await blobs.delete(key);
      removed += 1;
    }
    if (batch.length < GRANT_BATCH) break;
  }
  return { grants, blobs: removed };
}

/** Outbox .eml files (mail written when there is no SMTP_URL) older than the retention. */
async function purgeOutbox(deps: PurgeDeps, now: Date): Promise<number> {
  const outbox = path.join(deps.dataDir, 'outbox');
  const cutoff = now.getTime() - deps.retention.outboxDays * DAY_MS;
  let names: string[];
  try {
    names = await readdir(outbox);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(outbox, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < cutoff) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

export interface PurgeLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Runs the purge every PURGE_INTERVAL_MINUTES (0: never), first one interval after start; a
 * purge that fails is logged and tried again at the next tick. Returns the stop function.
 */
export function schedulePurge(deps: PurgeDeps, log: PurgeLogger): () => Promise<void> {
  const everyMs = deps.retention.purgeIntervalMinutes * 60_000;
  if (everyMs === 0) return async () => {};
  return repeatEvery(everyMs, () =>
    purgeExpired(deps)
      .then((counts) => log.info({ purged: counts }, 'expired data purged'))
      .catch((err: unknown) => log.error({ err }, 'purge failed')),
  );
}
