import { sql } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf, type Dialect } from '../db/dialect';
import { NoAddressProvider, type AddressProvider } from './address-provider';
import type { LookupCategory, LookupItem, LookupRecord } from '../../contract/lookup';
import type { SchoolCategory } from './lookup-types';
import { queryTokens, wordKey } from './search-text';

interface SchoolRow {
  id: string;
  name: string;
  ceeb: string;
  city: string;
  state: string;
}

/**
 * The autocomplete behind /lookup/find: schools from the loaded data, searched with the
 * database's own full-text index, and addresses from the configured provider.
 */
export class LookupService {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Db,
    private readonly addresses: AddressProvider = new NoAddressProvider(),
  ) {
    this.dialect = dialectOf(db);
  }

  /**
   * Suggestions for what the user typed. Every word of the query must begin a word of the name,
   * the city or the code. Order: schools of `state` first, then names that begin with the whole
   * query, then the index's relevance, then by name.
   */
  async search(
    category: LookupCategory,
    query: string,
    maxResults: number,
    state?: string,
  ): Promise<LookupItem[]> {
    if (category === 'address') return this.addresses.search(query, maxResults);
    const tokens = queryTokens(query);
    if (tokens.length === 0) return [];
    const rows = await this.searchSchools(category, tokens, maxResults, state?.toUpperCase());
    return rows.map((row) => ({
      text: row.name,
      id: row.id,
      sub_text:
        [row.city, row.state].filter(Boolean).join(', ') + (row.ceeb ? ` · CEEB ${row.ceeb}` : ''),
    }));
  }

  /** The record a chosen suggestion fills in, or undefined when there is none with that id. */
  async detail(category: LookupCategory, id: string): Promise<LookupRecord | undefined> {
    if (category === 'address') return this.addresses.detail(id);
    return this.db
      .selectFrom('lookup_entries')
      .select(['id', 'name', 'ceeb', 'address_line_1', 'city', 'state', 'zip', 'country'])
      .where('category', '=', category)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  private async searchSchools(
    category: SchoolCategory,
    tokens: string[],
    limit: number,
    state: string | undefined,
  ): Promise<SchoolRow[]> {
    const key = wordKey(tokens);
    const stateFirst = state ? sql`(e.state = ${state}) desc,` : sql``;
    const startsWith = sql`(substr(e.name_key, 1, ${Array.from(key).length}) = ${key}) desc`;
    // Tokens hold letters and digits only (queryTokens), quoted besides: never query syntax.
    const query =
      this.dialect === 'postgres'
        ? sql<SchoolRow>`
            select e.id, e.name, e.ceeb, e.city, e.state
            from lookup_entries e, to_tsquery('simple', ${tokens.map((t) => `'${t}':*`).join(' & ')}) q
            where e.category = ${category} and e.search @@ q
            order by ${stateFirst} ${startsWith}, ts_rank(e.search, q) desc, e.name_key, e.id
            limit ${limit}`
        : sql<SchoolRow>`
            select e.id, e.name, e.ceeb, e.city, e.state
            from lookup_fts join lookup_entries e on e.entry_no = lookup_fts.rowid
            where lookup_fts match ${tokens.map((t) => `"${t}"*`).join(' ')}
              and e.category = ${category}
            order by ${stateFirst} ${startsWith}, lookup_fts.rank, e.name_key, e.id
            limit ${limit}`;
    return (await query.execute(this.db)).rows;
  }
}
