import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { AppError } from '../errors';
import type { RateLimiter } from '../identity/rate-limiter';
import type { LookupService } from './lookup-service';
import { lookupCategories, MAX_LOOKUP_ID_LENGTH, type LookupCategory } from './lookup-types';

export interface LookupRoutesOptions {
  lookup: LookupService;
  /** Lookups one IP may make per minute (RATE_LIMIT_LOOKUP_PER_MINUTE). */
  perIpPerMinute: number;
  /** Counts them in its fast store: Redis (REDIS_URL) or this instance's memory. */
  limiter: RateLimiter;
}

/** SPEC §9: five suggestions unless the client asks for another number, at most 20. */
const DEFAULT_MAX_RESULTS = 5;
const MINUTE = 60 * 1000;

interface FindQuery {
  category: LookupCategory;
  query?: string;
  id?: string;
  max_results?: string;
  state?: string;
}

const findQuery = {
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
const item = {
  type: 'object',
  properties: { text, id: text, sub_text: text },
  required: ['text', 'id', 'sub_text'],
} as const;
const recordFields = [
  'id',
  'name',
  'ceeb',
  'address_line_1',
  'city',
  'state',
  'zip',
  'country',
] as const;
const record = {
  type: 'object',
  properties: Object.fromEntries(recordFields.map((field) => [field, text])),
  required: recordFields,
} as const;
const message = {
  type: 'object',
  properties: { message: text, code: text },
  required: ['message'],
} as const;

/** What each parameter must be, in words: the message of a 400 names the allowed values. */
const parameterRules: Record<string, string> = {
  category: `category must be one of ${lookupCategories.join(', ')}`,
  query: 'query must be 1 to 100 characters',
  id: `id must be 1 to ${MAX_LOOKUP_ID_LENGTH} letters, digits, "-" or "_"`,
  max_results: 'max_results must be a whole number from 1 to 20',
  state: 'state must be a two-letter state code',
};

function describeBadQuery(errors: FastifySchemaValidationError[]): Error {
  if (errors.some((e) => e.keyword === 'oneOf')) {
    return new Error('give either query (the text to search for) or id (a chosen suggestion)');
  }
  const first = errors[0];
  const field =
    first?.keyword === 'required'
      ? String(first.params.missingProperty)
      : (first?.instancePath.slice(1) ?? '');
  return new Error(parameterRules[field] ?? `${field} ${first?.message ?? 'is not valid'}`);
}

/**
 * GET /lookup/find: the autocomplete of the school and address blocks, for visitors too. With
 * `query`, a list of suggestions; with `id`, the record whose fields fill in the answers.
 */
export async function lookupRoutes(app: FastifyInstance, options: LookupRoutesOptions) {
  const { lookup, perIpPerMinute, limiter } = options;

  // The limiter's fast store, not the database like the limits of /public: a lookup fires at
  // every pause in typing, reads public data only, and must not cost a database write. Counted in
  // this instance's memory by default; with Redis, one count for every instance, and a Redis that
  // does not answer lets lookups through rather than breaking the form. Before the query is
  // read, so a malformed lookup counts too.
  app.addHook('onRequest', async (request) => {
    await limiter.checkFast(`lookup:${request.ip}`, perIpPerMinute, MINUTE);
  });

  app.get<{ Querystring: FindQuery }>(
    '/find',
    {
      schema: {
        querystring: findQuery,
        response: { 200: { anyOf: [{ type: 'array', items: item }, record] }, 404: message },
      },
      schemaErrorFormatter: describeBadQuery,
    },
    async (request) => {
      const { category, query, id, max_results: maxResults, state } = request.query;
      if (id !== undefined) {
        const found = await lookup.detail(category, id);
        if (!found) throw new AppError('LOOKUP_NOT_FOUND');
        return found;
      }
      const limit = maxResults ? Number(maxResults) : DEFAULT_MAX_RESULTS;
      return lookup.search(category, query ?? '', limit, state);
    },
  );
}
