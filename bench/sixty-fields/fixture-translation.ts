/**
 * The fixture's Spanish (forms/es/about.json's place): every text of the generated definition and
 * every message of its schema, each with the English it was made from, as staff's translation
 * files hold them. The Spanish comes from sixty-fields.es.json, keyed by the English; a text it
 * lacks stops the bench with every missing text named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageDefinition } from '../../src/engine/definitions';
import { pageTexts, schemaMessages } from '../../src/forms/translatable-texts';
import type { PageTranslation, TextTree } from '../../src/forms/translation-files';

const glossaryFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'sixty-fields.es.json',
);

/** Sets `value` at `at` in a tree of objects, making the objects on the way. */
function put(tree: TextTree, at: readonly string[], value: { en: string; es: string }): void {
  let node = tree;
  for (const id of at.slice(0, -1)) node = (node[id] ??= {}) as TextTree;
  node[at.at(-1)!] = value;
}

/** The translation file of the fixture's definition and schema. */
export function fixtureTranslation(
  definition: PageDefinition,
  schema: unknown,
  glossary: Record<string, string> = JSON.parse(readFileSync(glossaryFile, 'utf8')),
): PageTranslation {
  const tree: TextTree = {};
  const missing = new Set<string>();
  const texts = [
    ...pageTexts(definition).texts,
    ...schemaMessages(schema).map((t) => ({ ...t, path: ['messages', ...t.path] })),
  ];
  for (const { path: at, text } of texts) {
    const es = glossary[text];
    if (es === undefined) missing.add(text);
    else put(tree, at, { en: text, es });
  }
  if (missing.size)
    throw new Error(`${glossaryFile} has no Spanish for:\n- ${[...missing].join('\n- ')}`);
  return { $schema: '../../schemas/translation.schema.json', ...tree } as PageTranslation;
}
