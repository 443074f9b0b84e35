import type { Db } from '../db/database';
import { PreparedQuery } from '../db/prepared-query';
import { NoAddressProvider, type AddressProvider } from './address-provider';
import type { LookupCategory, LookupItem, LookupRecord } from '../../contract/lookup';
import { DATA_HASH_KEY } from './lookup-loader';
import { SchoolIndex, type IndexedSchool, type SchoolIndexes } from './school-index';
import { queryTokens } from './search-text';

/** Read by every search, to see whether the loaded data changed (prepared once). */
const dataHashOf = new PreparedQuery((db) =>
  db.selectFrom('lookup_meta').select('value').where('key', '=', DATA_HASH_KEY),
);

/**
 * The autocomplete behind /lookup/find: schools from the loaded data, searched in an index in
 * memory (school-index.ts), and addresses from the configured provider.
 */
export class LookupService {
  private built: SchoolIndexes | undefined;
  private building: Promise<SchoolIndexes> | undefined;

  constructor(
    private readonly db: Db,
    private readonly addresses: AddressProvider = new NoAddressProvider(),
  ) {}

  /**
   * Suggestions for what the user typed. Every word of the query must begin a word of the name,
   * the city or the code; the order is SchoolIndex.search's.
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
    const index = (await this.indexes()).byCategory.get(category);
    const rows = index?.search(tokens, maxResults, state?.toUpperCase()) ?? [];
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

  /** Builds the schools' index now rather than at the first search. */
  async prepare(): Promise<void> {
    await this.indexes();
  }

  /**
   * The schools' index, built from lookup_entries the first time and again whenever the loaded
   * data's hash (lookup_meta) has changed: a reload by this or another instance is seen by the
   * next search. The hash is read before the entries, so an index is never newer than its hash.
   */
  private async indexes(): Promise<SchoolIndexes> {
    const hash = (await dataHashOf.takeFirst(this.db, {}))?.value ?? '';
    if (this.built?.hash !== hash) {
      this.building ??= this.build(hash).finally(() => (this.building = undefined));
      this.built = await this.building;
    }
    return this.built;
  }

  private async build(hash: string): Promise<SchoolIndexes> {
    const rows = await this.db
      .selectFrom('lookup_entries')
      .select(['category', 'id', 'name', 'ceeb', 'city', 'state', 'name_key', 'search_text'])
      .execute();
    const byCategory = new Map<string, IndexedSchool[]>();
    for (const row of rows) {
      const schools = byCategory.get(row.category) ?? [];
      byCategory.set(row.category, schools);
      schools.push({
        id: row.id,
        name: row.name,
        ceeb: row.ceeb,
        city: row.city,
        state: row.state,
        nameKey: row.name_key,
        words: row.search_text.split(' '),
      });
    }
    return {
      hash,
      byCategory: new Map([...byCategory].map(([category, s]) => [category, new SchoolIndex(s)])),
    };
  }
}
