import { CompiledQuery, type Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './tables';

interface Waiting {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  tail: GroupTail<never> | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Work a group does once, after its writes and in their transaction, for those of them that
 * named it: it is given what each of them returned that did not fail, in the order they ran. For
 * the part of many writes that is cheaper as one statement than as one each (issue 19: a save's
 * note for the staff summary and its definitions' version). It may run again, as the writes may
 * (see GroupCommit); when it fails, the group fails.
 */
export interface GroupTail<T> {
  finish(trx: Transaction<Database>, results: T[]): Promise<void>;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const savepoint = CompiledQuery.raw('savepoint grouped');
const release = CompiledQuery.raw('release grouped');
const rollbackTo = CompiledQuery.raw('rollback to grouped');

/**
 * Group commit for SQLite: the writes that arrive in one turn of the event loop run in one
 * transaction, and each is answered once that transaction has committed, so a reply still means
 * the write is as durable as a transaction of its own would have made it. One commit writes each
 * changed page once (the answers' index pages, the staff summary's row and its indexes), where a
 * transaction per save wrote them again for every save: a save costs less than half as much
 * (better-sqlite3 alone, issue 19: 115-124 µs of CPU a save one transaction each, 48-49 µs in
 * groups of 20 to 50).
 *
 * A write that fails fails only its own caller: the group first runs every write straight, and
 * if one of them throws, the transaction is rolled back and the group runs again with each write
 * in a savepoint, so that the failed one is undone alone. Writes rarely fail, and two statements
 * a write fewer are a tenth of a save's cost; a write must therefore write only through `trx`,
 * since it may run twice. If the commit fails, every write of the group fails with it (none of
 * them is stored). SQLite only: it has one connection, which the group holds for a few
 * milliseconds at most. On PostgreSQL the saves of a turn are one statement instead
 * (application/grouped-saves.ts), and other writes run side by side on the pool's connections.
 */
export class GroupCommit {
  private waiting: Waiting[] = [];

  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in the next group's transaction, perhaps twice (see above); resolves after that
   * transaction commits.
   */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>, tail?: GroupTail<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // After the requests read in this turn have been handled as far as they can be: the saves
      // (PUT /api/answer) of a session found live moments ago reach here while their request is
      // read, without waiting for a lookup (SessionStore.recentlyLive), so a tick would commit
      // each alone; setImmediate commits every save read in the turn as one group, in the same
      // turn. Writes that waited for a session lookup (group-lookup.ts, itself answered by a
      // setImmediate) go in the next turn's group.
      if (this.waiting.length === 0) setImmediate(() => void this.commit());
      this.waiting.push({
        work,
        tail: tail as GroupTail<never> | undefined,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
    });
  }

  private async commit(): Promise<void> {
    const group = this.waiting;
    this.waiting = [];
    let outcomes: Outcome[];
    try {
      outcomes = (await this.straight(group)) ?? (await this.inSavepoints(group));
    } catch (error) {
      for (const { reject } of group) reject(error);
      return;
    }
    group.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.error);
    });
  }

  /** Every write in one transaction; undefined when one of them threw (nothing is kept then). */
  private async straight(group: Waiting[]): Promise<Outcome[] | undefined> {
    let failed = false;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const done: Outcome[] = [];
        for (const { work } of group) {
          try {
            done.push({ ok: true, value: await work(trx) });
          } catch (error) {
            failed = true;
            throw error;
          }
        }
        await finishTails(trx, group, done);
        return done;
      });
    } catch (error) {
      // The rollback may fail too (SQLite ends the transaction itself after some errors): either
      // way nothing of this pass is stored, and the group runs again write by write.
      if (failed) return undefined;
      throw error;
    }
  }

  private inSavepoints(group: Waiting[]): Promise<Outcome[]> {
    return this.db.transaction().execute(async (trx) => {
      const done: Outcome[] = [];
      for (const { work } of group) done.push(await inSavepoint(trx, work));
      await finishTails(trx, group, done);
      return done;
    });
  }
}

/** Each tail the group's writes named, once, with the results of those that succeeded. */
async function finishTails(
  trx: Transaction<Database>,
  group: Waiting[],
  done: Outcome[],
): Promise<void> {
  const results = new Map<GroupTail<never>, unknown[]>();
  group.forEach(({ tail }, i) => {
    const outcome = done[i]!;
    if (!tail || !outcome.ok) return;
    let list = results.get(tail);
    if (!list) results.set(tail, (list = []));
    list.push(outcome.value);
  });
  for (const [tail, values] of results) await tail.finish(trx, values as never[]);
}

async function inSavepoint(
  trx: Transaction<Database>,
  work: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<Outcome> {
  await trx.executeQuery(savepoint);
  try {
    const value = await work(trx);
    await trx.executeQuery(release);
    return { ok: true, value };
  } catch (error) {
    await trx.executeQuery(rollbackTo);
    await trx.executeQuery(release);
    return { ok: false, error };
  }
}

const groups = new WeakMap<Db, GroupCommit>();

/** The database's one group commit (every service writing through it shares the groups). */
export function groupCommitOf(db: Db): GroupCommit {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groups.set(db, group);
  }
  return group;
}
