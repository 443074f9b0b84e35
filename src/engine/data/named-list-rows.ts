/**
 * The rows of the named lists that carry data (about 3 KB gzip): the browser fetches them
 * after its first load or when a list needs them (src/client/form/named-lists.ts); everywhere
 * else option-lists.ts has them from the start.
 */
import { countries } from './countries';
import { canadianProvinces, usStates } from './regions';

export const namedListRows = { countries, usStates, canadianProvinces };

export type NamedListRows = typeof namedListRows;
