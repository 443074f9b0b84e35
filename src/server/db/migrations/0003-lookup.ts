import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { createTable, type MigrationDb } from './schema-parts';

export const migration: Migration = {
  async up(db: MigrationDb) {
    await createTable(db, 'lookup_entries', {
      // entry_no: a number of our own for each entry; on SQLite the table's rowid, which the
      // full-text table's rowids point to. name_key: the name's words, folded ("name starts with
      // the query" compares against it). search_text: the folded words of name, city and code
      // that the full-text index holds.
      columns: `entry_no integer key, category text, id text, name text, ceeb text,
        address_line_1 text, city text, state text, zip text, country text, name_key text,
        search_text text`,
      unique: { lookup_entries_category_id: ['category', 'id'] },
    });
    await createTable(db, 'lookup_meta', { columns: 'key key, value text' });
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
