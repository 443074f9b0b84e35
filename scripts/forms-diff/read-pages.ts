/**
 * The pages of a set of definitions as forms:diff compares them: read through the engine's fields
 * (page-fields.ts, built on the one definition walk), so a question's conditions are the very
 * ones that decide whether it shows, enclosing sections and branches included.
 */
import type { PageDefinition } from '../../src/engine/definitions';
import { pageFields, type PageField } from '../../src/engine/page-fields';
import { pageSchemaName } from '../forms-check/project';
import type { SourceFile } from '../forms-check/source-file';
import type { Definitions } from './definition-files';
import type { Field } from './page-changes';

export interface Page {
  file: SourceFile;
  definition: PageDefinition;
  /** Fields once each: add-another questions as block 1, named as written (`{n}` kept). */
  fields: Map<string, Field>;
  schema?: SourceFile;
}

const isPage = (json: unknown): json is PageDefinition =>
  typeof json === 'object' &&
  json !== null &&
  Array.isArray((json as PageDefinition).sections) &&
  typeof (json as PageDefinition).id === 'string';

/** The key as the author wrote it: inside an add-another, `{n}` rather than the block number. */
function writtenKey(field: PageField): string {
  if (!field.instance) return field.key;
  const owner = field.owner;
  return 'key' in owner && typeof owner.key === 'string' ? owner.key : field.key;
}

export function readPages(defs: Definitions): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const file of defs.pages.values()) {
    if (!isPage(file.json)) continue;
    const definition = file.json;
    const fields = new Map<string, Field>();
    for (const field of pageFields(definition)) {
      if (field.instance && field.instance.n > 1) continue;
      const key = writtenKey(field);
      if (!fields.has(key)) fields.set(key, { field, section: field.section, index: fields.size });
    }
    const schema = defs.schemas.get(pageSchemaName(definition.id));
    pages.set(definition.id, { file, definition, fields, schema });
  }
  return pages;
}

/** Keys in both lists that are not in their longest common order: the ones that moved. */
export function movedKeys(before: string[], after: string[]): Set<string> {
  const common = new Set(before.filter((k) => after.includes(k)));
  const a = before.filter((k) => common.has(k));
  const b = after.filter((k) => common.has(k));
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return new Set(a.filter((k) => !kept.has(k)));
}
