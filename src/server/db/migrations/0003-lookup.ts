import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect';

export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('lookup_entries')
      // A number of our own for each entry; on SQLite the table's rowid, which the full-text
      // table's rowids point to.
      .addColumn('entry_no', 'integer', (c) => c.primaryKey())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('ceeb', 'text', (c) => c.notNull())
      .addColumn('address_line_1', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('zip', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      // The name's words, folded: "name starts with the query" compares against it.
      .addColumn('name_key', 'text', (c) => c.notNull())
      // The folded words of name, city and code that the full-text index holds.
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addUniqueConstraint('lookup_entries_category_id', ['category', 'id'])
      .execute();
    await db.schema
      .createTable('lookup_meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    if (dialectOf(db) === 'postgres') {
      // 'simple': no stemming and no stop words, so every word of a name is found by prefix.
      await sql`alter table lookup_entries add column search tsvector
        generated always as (to_tsvector('simple', search_text)) stored`.execute(db);
      // Written only when the data are loaded: without a pending list, reads stay fast.
      await sql`create index lookup_entries_search on lookup_entries
        using gin (search) with (fastupdate = off)`.execute(db);
    } else {
      // Contentless (the text is in lookup_entries); prefix indexes of 1 to 3 characters keep
      // the short queries of a typing user fast.
      await sql`create virtual table lookup_fts using fts5(
        search_text,
        content = '',
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3'
      )`.execute(db);
    }
  },
};
