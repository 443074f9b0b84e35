/**
 * The SQL texts of prepared queries compiled for PostgreSQL (prepared-query.ts), each with the
 * name of its server-side prepared statement (database.ts): PostgreSQL parses and plans them once
 * per connection instead of at every execution. Only these few: naming every query would keep a
 * statement per distinct SQL text (lists of any length among them) on every connection. A file of
 * its own, so that database.ts reads the names without importing the prepared queries, which
 * import its types.
 */
const statementNames = new Map<string, string>();

/** The prepared statement name for this SQL text, when a prepared query compiled it. */
export function statementNameOf(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** Gives a prepared query's SQL text its statement name, once. */
export function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `prepared_${statementNames.size + 1}`);
}
