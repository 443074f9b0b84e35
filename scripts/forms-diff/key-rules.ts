/**
 * What a validation schema asks of one answer key, as comparable entries: each rule keyword
 * (`pattern`, `minLength`, `required`, a custom date keyword…) and each message (ajv-errors
 * `errorMessage`), labelled by where it applies: always, or under an if/then, else or
 * dependentSchemas entry named by the keys its condition reads.
 */
import { schemaKeys } from '../forms-check/schema-keys';
import { toPointer } from '../forms-check/source-file';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that say nothing about the answer. */
const annotations = new Set(['$comment', 'title', 'description', 'errorMessage', 'x-label']);

export interface KeyEntry {
  /** Where it applies in words: '' (always) or e.g. `if phone_mobile, phone_international`. */
  where: string;
  keyword: string;
  /** The rule's value or the message, as JSON text. */
  value: string;
  /** The exact condition it applies under, so a changed condition with the same keys shows. */
  condition: string;
  /** `where` told by the caller's words (forms:diff: labels and values), when it gave some. */
  whereWords: string;
  /** Where the entry is written in the schema (JSON pointer), to annotate that very line. */
  pointer: string;
}

/** Tells an `if` schema in words, or undefined to keep naming the keys it reads. */
export type ConditionWords = (ifSchema: unknown) => string | undefined;

export interface KeyRules {
  rules: Map<string, KeyEntry>;
  messages: Map<string, KeyEntry>;
}

const entryId = (e: Pick<KeyEntry, 'where' | 'keyword'>) => `${e.where}|${e.keyword}`;

const stripAnnotations = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(stripAnnotations)
    : isNode(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k]) => !annotations.has(k))
            .map(([k, v]) => [k, stripAnnotations(v)]),
        )
      : value;

interface Scope {
  where: string;
  condition: string;
  whereWords: string;
  path: ReadonlyArray<string | number>;
}

/**
 * The rules and messages a schema gives `key`, wherever in its if/then tree they sit; `words`
 * tells each `if` for `whereWords` (without it, `whereWords` names the keys, as `where` does).
 */
export function keyRules(schema: unknown, key: string, words?: ConditionWords): KeyRules {
  const out: KeyRules = { rules: new Map(), messages: new Map() };
  visit(schema, key, { where: '', condition: '', whereWords: '', path: [] }, out, words);
  return out;
}

function add(
  map: Map<string, KeyEntry>,
  { where, condition, whereWords }: Scope,
  keyword: string,
  value: unknown,
  at: ReadonlyArray<string | number>,
): void {
  const pointer = toPointer(at);
  const entry = { where, condition, whereWords, keyword, value: JSON.stringify(value), pointer };
  map.set(entryId(entry), entry);
}

function messagesOf(em: unknown, scope: Scope, out: KeyRules, at: Array<string | number>): void {
  if (typeof em === 'string') add(out.messages, scope, 'all rules', em, at);
  else if (isNode(em))
    for (const [keyword, message] of Object.entries(em))
      add(out.messages, scope, keyword, message, [...at, keyword]);
}

function visit(
  node: unknown,
  key: string,
  scope: Scope,
  out: KeyRules,
  words: ConditionWords | undefined,
): void {
  if (!isNode(node)) return;
  const at = scope.path;
  const em = isNode(node.errorMessage) ? node.errorMessage : undefined;
  const property = isNode(node.properties) ? node.properties[key] : undefined;
  if (isNode(property)) {
    const own = [...at, 'properties', key];
    for (const [keyword, value] of Object.entries(property))
      if (!annotations.has(keyword))
        add(out.rules, scope, keyword, stripAnnotations(value), [...own, keyword]);
    messagesOf(property.errorMessage, scope, out, [...own, 'errorMessage']);
    if (isNode(em?.properties))
      messagesOf(em.properties[key], scope, out, [...at, 'errorMessage', 'properties', key]);
  }
  if (Array.isArray(node.required) && node.required.includes(key)) {
    add(out.rules, scope, 'required', true, [...at, 'required', node.required.indexOf(key)]);
    const message = isNode(em?.required) ? em.required[key] : em?.required;
    const messageAt = [...at, 'errorMessage', 'required', ...(isNode(em?.required) ? [key] : [])];
    if (typeof message === 'string') add(out.messages, scope, 'required', message, messageAt);
  }
  const conditionOf = (schema: unknown) => JSON.stringify(stripAnnotations(schema));
  const keysOf = (schema: unknown) => [...new Set(schemaKeys(schema).map((k) => k.key))].join(', ');
  const inner = (
    where: string,
    condition: string,
    path: Array<string | number>,
    told = where,
  ): Scope => ({
    where: [scope.where, where].filter(Boolean).join(', '),
    condition: scope.condition + condition,
    whereWords: [scope.whereWords, told].filter(Boolean).join(', '),
    path,
  });
  for (const word of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[word];
    if (!Array.isArray(list)) continue;
    const label = word === 'allOf' ? '' : `${word} branch`;
    list.forEach((sub, i) => {
      const path = [...at, word, i];
      visit(sub, key, label ? inner(label, word, path) : { ...scope, path }, out, words);
    });
  }
  if (isNode(node.if)) {
    const condition = conditionOf(node.if);
    const told = words?.(node.if);
    const keys = keysOf(node.if);
    const when = (prefix: string) => (told ? `${prefix} ${told}` : `${prefix} ${keys}`);
    const then = inner(`if ${keys}`, `if${condition}`, [...at, 'then'], when('when'));
    const otherwise = inner(`unless ${keys}`, `else${condition}`, [...at, 'else'], when('unless'));
    visit(node.then, key, then, out, words);
    visit(node.else, key, otherwise, out, words);
  }
  for (const word of ['dependentSchemas', 'dependencies'] as const) {
    const deps = node[word];
    if (!isNode(deps)) continue;
    for (const [given, sub] of Object.entries(deps)) {
      const where = `when ${given} is given`;
      const told = words ? `when ${words({ required: [given] }) ?? `${given} is given`}` : where;
      visit(sub, key, inner(where, `${word}:${given}`, [...at, word, given], told), out, words);
    }
  }
}

export interface EntryChange {
  before?: KeyEntry;
  after?: KeyEntry;
}

/** Entries added, removed or changed (value or exact condition) between two maps. */
export function entryChanges(
  before: Map<string, KeyEntry>,
  after: Map<string, KeyEntry>,
): EntryChange[] {
  const changes: EntryChange[] = [];
  for (const [id, b] of before) {
    const a = after.get(id);
    if (!a) changes.push({ before: b });
    else if (a.value !== b.value || a.condition !== b.condition)
      changes.push({ before: b, after: a });
  }
  for (const [id, a] of after) if (!before.has(id)) changes.push({ after: a });
  return changes;
}
