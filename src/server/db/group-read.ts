import type { Kysely, Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './tables';
import { dialectOf } from './dialect';

interface Waiting {
  read: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Grouped reads for SQLite: the reads asked for in one turn of the event loop run in one read
 * transaction. A read on its own takes and releases SQLite's read locks on the file and its WAL
 * (system calls, about half a small read's cost); in a group only the first does. Each read
 * still sees every write committed before it was asked for: the group starts after the turn in
 * which its reads were asked, by any process. A read that fails fails only its own caller.
 *
 * On PostgreSQL reads run at once, each on a connection of the pool.
 */
export class GroupRead {
  private waiting: Waiting[] = [];
  private readonly grouped: boolean;

  constructor(private readonly db: Db) {
    this.grouped = dialectOf(db) === 'sqlite';
  }

  /** Runs `read` in the next group's read transaction (on PostgreSQL, at once). */
  run<T>(read: (executor: Kysely<Database>) => Promise<T>): Promise<T> {
    if (!this.grouped) return read(this.db);
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ read, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private async flush(): Promise<void> {
    const group = this.waiting;
    this.waiting = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const { read, resolve, reject } of group) {
          await read(trx).then(resolve, reject);
        }
      });
    } catch (error) {
      // Beginning or ending the transaction failed: the reads not answered yet fail with it.
      for (const { reject } of group) reject(error);
    }
  }
}

const groups = new WeakMap<Db, GroupRead>();

/** The database's one group of reads (every service reading through it shares the groups). */
export function groupReadOf(db: Db): GroupRead {
  let group = groups.get(db);
  if (!group) {
    group = new GroupRead(db);
    groups.set(db, group);
  }
  return group;
}
