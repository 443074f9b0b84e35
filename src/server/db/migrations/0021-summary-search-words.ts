import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { searchColumnOf } from '../../application/search-words';

/**
 * The console's search by any part of a name, in any order, with or without accents and hyphens
 * (issue 44): `words` on the summary rows holds the name and e-mail folded by search-words.ts
 * (lower case, accents dropped, punctuation as spaces), each word after a space, so a word of the
 * query is matched as `like '% word%'` on both databases alike.
 *
 * The folding is JavaScript's, not SQL's (SQLite has no accent folding, PostgreSQL's unaccent is an
 * extension), so the databases never fold: a change of `search` (a new name or address, by any of
 * the triggers of migrations 0010 to 0016 or by the flush) empties `words`, and the summary's
 * flush (summary-upkeep.ts) folds every row whose `words` is empty, found through a partial index.
 * This migration folds the rows already there.
 */
export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    // PostgreSQL runs every migration in a transaction; Kysely runs SQLite's outside one, where
    // each row's update would be a commit of its own.
    if (dialectOf(db) === 'postgres') await addWords(db);
    else await db.transaction().execute(addWords);
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function addWords(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await sql`alter table application_summaries add column words text not null default ''`.execute(
    db,
  );
  await sql`create index application_summaries_unfolded on application_summaries (account_id)
      where words = ''`.execute(db);
  if (postgres) {
    await sql`create function application_summaries_unfold() returns trigger
        language plpgsql as $$
        begin
          new.words := '';
          return new;
        end $$`.execute(db);
    await sql`create trigger application_summaries_unfold
        before update of search on application_summaries
        for each row when (old.search is distinct from new.search)
        execute function application_summaries_unfold()`.execute(db);
  } else {
    await sql`create trigger application_summaries_unfold
        after update of search on application_summaries
        for each row when old.search is not new.search
        begin
          update application_summaries set words = '' where account_id = new.account_id;
        end`.execute(db);
  }
  // Back-filled in batches by keyset, so memory holds one batch whatever the count.
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('application_summaries')
      .select(['account_id', 'name', 'email'])
      .where('account_id', '>', after)
      .orderBy('account_id')
      .limit(1000)
      .execute()) as Array<{ account_id: string; name: string; email: string }>;
    for (const row of rows) {
      await db
        .updateTable('application_summaries')
        .set({ words: searchColumnOf(row.name, row.email) })
        .where('account_id', '=', row.account_id)
        .execute();
    }
    if (rows.length < 1000) return;
    after = rows[rows.length - 1]!.account_id;
  }
}
