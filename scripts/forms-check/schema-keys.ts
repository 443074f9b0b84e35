/**
 * The answer keys a validation schema names at the top level of the data: properties, required
 * lists and dependentSchemas, through allOf/anyOf/oneOf/not and if/then/else.
 */
import { toPointer } from './source-file';

export interface SchemaKey {
  key: string;
  /** Pointer to the property name (or the required-list item) in the schema file. */
  pointer: string;
}

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every top-level data key a schema names, with where it names it. */
export function schemaKeys(
  schema: unknown,
  base: ReadonlyArray<string | number> = [],
): SchemaKey[] {
  if (!isNode(schema)) return [];
  const keys: SchemaKey[] = [];
  if (isNode(schema.properties)) {
    for (const key of Object.keys(schema.properties))
      keys.push({ key, pointer: toPointer([...base, 'properties', key]) });
  }
  if (Array.isArray(schema.required)) {
    schema.required.forEach((key, i) => {
      if (typeof key === 'string') keys.push({ key, pointer: toPointer([...base, 'required', i]) });
    });
  }
  for (const word of ['dependentSchemas', 'dependencies'] as const) {
    const deps = schema[word];
    if (!isNode(deps)) continue;
    for (const [key, sub] of Object.entries(deps)) {
      keys.push({ key, pointer: toPointer([...base, word, key]) });
      keys.push(...schemaKeys(sub, [...base, word, key]));
    }
  }
  for (const word of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[word];
    if (Array.isArray(list))
      list.forEach((sub, i) => keys.push(...schemaKeys(sub, [...base, word, i])));
  }
  for (const word of ['if', 'then', 'else', 'not'] as const) {
    if (isNode(schema[word])) keys.push(...schemaKeys(schema[word], [...base, word]));
  }
  return keys;
}
