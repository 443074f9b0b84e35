/**
 * The HTTP boundary said once: each file of src/contract holds one area's route JSON schemas,
 * written `as const`, and the wire types derived from them. The server hands the schemas to
 * Fastify (validation and serialisation); the client imports the types only, so nothing of the
 * contract reaches the browser bundle.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

type Known<T> = { [K in keyof T as string extends K ? never : K]: Closed<T[K]> };

/**
 * An object schema that lists properties but no additionalProperties gets an open
 * `[x: string]: unknown` from FromSchema. Adding `additionalProperties: false` to the schemas
 * would change what the server accepts, so the wire types drop that index signature instead.
 */
type Closed<T> = T extends readonly (infer I)[]
  ? Closed<I>[]
  : T extends object
    ? [keyof Known<T>] extends [never]
      ? { [K in keyof T]: Closed<T[K]> }
      : Known<T>
    : T;

/** The value a JSON schema admits, as the other side sees it on the wire. */
export type Wire<S extends JSONSchema> = Closed<FromSchema<S>>;

/** An object schema whose properties are all required (extra properties are not refused). */
export function allRequired<const P extends Record<string, JSONSchema>>(properties: P) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties) as Array<keyof P & string>,
  } as const;
}

/** The plain scalar schemas, said once: most reply fields are one of these. */
export const string = { type: 'string' } as const;
export const integer = { type: 'integer' } as const;

/** The usual reply of a write: a message to show. */
export const messageReply = { 200: allRequired({ message: { type: 'string' } }) } as const;
export type MessageResponse = Wire<(typeof messageReply)[200]>;

/** An answer key is a snake_case name of the data model (SPEC §3): no "..", "/" or "%2F". */
export const answerKey = { type: 'string', pattern: '^[a-z][a-z0-9_]{0,79}$' } as const;

/** A map of strings: answers, tab choices. */
export const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;
