import type { LookupCategory, LookupRecord } from '../../contract/lookup';

/** The categories served from the loaded school data; address goes to an address provider. */
type SchoolCategory = Exclude<LookupCategory, 'address'>;

/** A record as the loader stores it. */
export interface SchoolRecord extends LookupRecord {
  category: SchoolCategory;
}
