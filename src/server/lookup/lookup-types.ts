/** The autocomplete categories of SPEC §3. */
export const lookupCategories = ['hs_ceeb', 'college_ceeb', 'address'] as const;

export type LookupCategory = (typeof lookupCategories)[number];

/** The categories served from the loaded school data; address goes to an address provider. */
export type SchoolCategory = Exclude<LookupCategory, 'address'>;

/** One suggestion of the autocomplete (SPEC §3 "Lookup result"). */
export interface LookupItem {
  text: string;
  id: string;
  sub_text: string;
}

/** What a chosen suggestion fills in: the school's name and code, or an address. */
export interface LookupRecord {
  id: string;
  name: string;
  /** The College Board code; empty for an address. */
  ceeb: string;
  /** Empty for a high school: the data have no street address. */
  address_line_1: string;
  city: string;
  /** A postal abbreviation in the USA and Canada, else the region as the provider names it. */
  state: string;
  zip: string;
  /** A three-letter ISO 3166 code, as the country option list uses; empty when unknown. */
  country: string;
}

/** A record as the loader stores it. */
export interface SchoolRecord extends LookupRecord {
  category: SchoolCategory;
}

/**
 * The longest id /lookup/find accepts. School ids are CEEB codes; an address provider's id may
 * carry the address itself (see PhotonAddressProvider), hence the room.
 */
export const MAX_LOOKUP_ID_LENGTH = 500;
