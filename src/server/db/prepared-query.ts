import {
  CompiledQuery,
  createQueryId,
  type Compilable,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { Database } from './tables';
import { dialectOf, type Dialect } from './dialect';
import type { InGroupRunner } from './database';
import { nameStatement } from './statement-names';

/** Stands for a parameter while the query is built; replaced by its value at each execution. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A Kysely query built and compiled once per dialect, then run again and again with new
 * parameters. Building and compiling costs more than running a small query (measured on the
 * save path, issue 19), so the few queries every request runs are prepared:
 * the SQL text stays the same, and SQLite reuses its prepared statement for it (database.ts);
 * PostgreSQL keeps it as a named prepared statement on each connection.
 *
 * `build` receives its parameters as stand-ins typed as their values: use them only where a
 * value goes (a comparison, an inserted value), never to choose the query's shape, which is
 * fixed at the first execution.
 */
export class PreparedQuery<Params extends Record<string, unknown>, Row> {
  private readonly compiled = new Map<Dialect, CompiledQuery<Row>>();

  constructor(
    private readonly build: (
      db: Kysely<Database>,
      params: Params,
      dialect: Dialect,
    ) => Compilable<Row>,
  ) {}

  execute(db: Kysely<Database>, params: Params): Promise<QueryResult<Row>> {
    const compiled = this.compiledFor(db);
    const parameters = compiled.parameters.map((value) =>
      value instanceof Slot ? params[value.name] : value,
    );
    return db.executeQuery<Row>({ ...compiled, parameters, queryId: createQueryId() });
  }

  /**
   * The query run at once by `run` (database.ts inGroupRunnerOf: SQLite, inside a group commit's
   * work only), with the same SQL and parameters as `execute`.
   */
  runNow(db: Kysely<Database>, run: InGroupRunner, params: Params): QueryResult<Row> {
    const compiled = this.compiledFor(db);
    const parameters = compiled.parameters.map((value) =>
      value instanceof Slot ? params[value.name] : value,
    );
    return run({ ...compiled, parameters });
  }

  async takeFirst(db: Kysely<Database>, params: Params): Promise<Row | undefined> {
    return (await this.execute(db, params)).rows[0];
  }

  private compiledFor(db: Kysely<Database>): CompiledQuery<Row> {
    const dialect = dialectOf(db);
    let compiled = this.compiled.get(dialect);
    if (!compiled) {
      const slots = new Proxy({} as Params, { get: (_, name) => new Slot(String(name)) });
      compiled = this.build(db, slots, dialect).compile();
      this.compiled.set(dialect, compiled);
      if (dialect === 'postgres') nameStatement(compiled.sql);
    }
    return compiled;
  }
}
