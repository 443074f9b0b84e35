/** GET /lookup/find (SPEC §3 "Lookup result", §7): the autocomplete of school and address blocks. */
import { allRequired, type Wire } from './wire';

/** The autocomplete categories of SPEC §3. */
export const lookupCategories = ['hs_ceeb', 'college_ceeb', 'address'] as const;
export type LookupCategory = (typeof lookupCategories)[number];

/**
 * The longest id /lookup/find accepts. School ids are CEEB codes; an address provider's id may
 * carry the address itself (see PhotonAddressProvider), hence the room.
 */
export const MAX_LOOKUP_ID_LENGTH = 500;

export const findQuery = {
  type: 'object',
  properties: {
    category: { type: 'string', enum: lookupCategories },
    query: { type: 'string', minLength: 1, maxLength: 100 },
    // Ids are CEEB codes or base64url: nothing else can name an entry, so nothing else passes.
    id: { type: 'string', pattern: `^[A-Za-z0-9_-]{1,${MAX_LOOKUP_ID_LENGTH}}$` },
    // Query parameters arrive as text and are not coerced (app.ts): digits, parsed below.
    max_results: { type: 'string', pattern: '^(?:[1-9]|1[0-9]|20)$' },
    state: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  },
  required: ['category'],
  oneOf: [{ required: ['query'] }, { required: ['id'] }],
} as const;

const text = { type: 'string' } as const;

/** One suggestion of the autocomplete. */
const lookupItem = allRequired({ text, id: text, sub_text: text });

/**
 * What a chosen suggestion fills in: the school's name and code, or an address. `ceeb` (the
 * College Board code) is empty for an address; `address_line_1` is empty for a high school (the
 * data have no street address); `state` is a postal abbreviation in the USA and Canada, else the
 * region as the provider names it; `country` is a three-letter ISO 3166 code, as the country
 * option list uses, empty when unknown.
 */
const lookupRecord = allRequired({
  id: text,
  name: text,
  ceeb: text,
  address_line_1: text,
  city: text,
  state: text,
  zip: text,
  country: text,
});

const notFound = {
  type: 'object',
  properties: { message: text, code: text },
  required: ['message'],
} as const;

export const findReply = {
  200: { anyOf: [{ type: 'array', items: lookupItem }, lookupRecord] },
  404: notFound,
} as const;

export type FindQuery = Wire<typeof findQuery>;
export type LookupItem = Wire<typeof lookupItem>;
export type LookupRecord = Wire<typeof lookupRecord>;
