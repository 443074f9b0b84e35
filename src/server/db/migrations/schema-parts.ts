import {
  sql,
  type ColumnDataType,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
} from 'kysely';
import { dialectOf, type Dialect } from '../dialect';

/**
 * The tables, columns and indexes our migrations declare, said once: a migration describes a
 * table as data (`id key, username unique text, confirmed_at text?`) and these functions make the
 * Kysely calls. The SQL they emit is what the hand-written builder chains emitted before (Kysely
 * prints a column's constraints in a fixed order), so a database migrated by either has the same
 * schema.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export type MigrationDb = Kysely<any>;

interface Column {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own DataTypeExpression is Expression<any>
  readonly type: ColumnDataType | Expression<any>;
  readonly notNull?: boolean;
  readonly primaryKey?: boolean;
  readonly unique?: boolean;
  readonly defaultTo?: string | number;
  /** `table.column` this one points to; the row is deleted with the one it points to. */
  readonly references?: string;
}

/**
 * The kinds of column the schema uses, named the way SQL reads: `text` is required, `text?` may
 * be null, `key` is a text primary key (a random id, a token's hash), `account` is the applicant
 * whose row this is (their erasure deletes the row), `account key` one row per applicant.
 */
const kindsOf = (dialect: Dialect): Readonly<Record<string, Column>> => ({
  key: { type: 'text', primaryKey: true },
  text: { type: 'text', notNull: true },
  'text?': { type: 'text' },
  'unique text': { type: 'text', notNull: true, unique: true },
  "text default ''": { type: 'text', notNull: true, defaultTo: '' },
  // A language (src/contract/locale.ts); rows made before the column are in the source language.
  "text default 'en'": { type: 'text', notNull: true, defaultTo: 'en' },
  // Byte order on PostgreSQL as on SQLite: a list sorts the same on both, and without the
  // locale's rules a sort or a deep page through an index costs far less.
  'collated text': { type: dialect === 'postgres' ? sql`text collate "C"` : 'text', notNull: true },
  integer: { type: 'integer', notNull: true },
  'integer key': { type: 'integer', primaryKey: true },
  'integer default 0': { type: 'integer', notNull: true, defaultTo: 0 },
  account: { type: 'text', notNull: true, references: 'accounts.id' },
  'account key': { type: 'text', primaryKey: true, references: 'accounts.id' },
  staff: { type: 'text', notNull: true, references: 'staff.id' },
});

/** `name kind, name kind, …` as [name, column] in the order written; an unknown kind throws. */
function parseColumns(db: MigrationDb, columns: string): Array<[string, Column]> {
  const kinds = kindsOf(dialectOf(db));
  return columns.split(',').map((declaration) => {
    const [name = '', ...words] = declaration.trim().split(/\s+/);
    const column = kinds[words.join(' ')];
    if (!column) throw new Error(`Migration column "${declaration.trim()}": unknown kind`);
    return [name, column];
  });
}

export interface TableSpec {
  /** The columns in the table's order: `name kind, …` (kinds above). */
  readonly columns: string;
  /** A primary key over several columns, named `<table>_pk`. */
  readonly primaryKey?: readonly string[];
  /** Unique constraints by name. */
  readonly unique?: Readonly<Record<string, readonly string[]>>;
  /** Indexes created with the table, by name. */
  readonly indexes?: Readonly<Record<string, readonly string[]>>;
}

/** Creates a table, its constraints and its indexes as `spec` describes them. */
export async function createTable(db: MigrationDb, name: string, spec: TableSpec): Promise<void> {
  // Widened to any column name: the columns come from data, not from a typed chain.
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(name);
  for (const [column, { type, ...made }] of parseColumns(db, spec.columns)) {
    builder = builder.addColumn(column, type, (c) => {
      let built = c;
      if (made.primaryKey) built = built.primaryKey();
      if (made.notNull) built = built.notNull();
      if (made.unique) built = built.unique();
      if (made.defaultTo !== undefined) built = built.defaultTo(made.defaultTo);
      if (made.references) built = built.references(made.references).onDelete('cascade');
      return built;
    });
  }
  if (spec.primaryKey) {
    builder = builder.addPrimaryKeyConstraint(`${name}_pk`, [...spec.primaryKey]);
  }
  for (const [constraint, constrained] of Object.entries(spec.unique ?? {})) {
    builder = builder.addUniqueConstraint(constraint, [...constrained]);
  }
  await builder.execute();
  await createIndexes(db, name, spec.indexes ?? {});
}

/** Adds columns (`name kind, …`) to a table, one statement each: SQLite adds one at a time. */
export async function addColumns(db: MigrationDb, table: string, columns: string): Promise<void> {
  for (const [column, { type, notNull, defaultTo }] of parseColumns(db, columns)) {
    await db.schema
      .alterTable(table)
      .addColumn(column, type, (c) => {
        const required = notNull ? c.notNull() : c;
        return defaultTo === undefined ? required : required.defaultTo(defaultTo);
      })
      .execute();
  }
}

/** Creates indexes on one table, by name, over the columns listed. */
export async function createIndexes(
  db: MigrationDb,
  table: string,
  indexes: Readonly<Record<string, readonly string[]>>,
  options: { unique?: boolean } = {},
): Promise<void> {
  for (const [name, columns] of Object.entries(indexes)) {
    const index = db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns]);
    await (options.unique ? index.unique() : index).execute();
  }
}
