import { PostgresAdapter, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Which database a connection talks to, for the few statements that differ between them (the
 * lookup's full-text index). The one place that asks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations pass an untyped Kysely
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
