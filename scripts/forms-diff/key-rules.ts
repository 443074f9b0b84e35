/**
 * What a validation schema asks of one answer key, as comparable entries: each rule keyword
 * (`pattern`, `minLength`, `required`, a custom date keyword…) and each message (ajv-errors
 * `errorMessage`), labelled by where it applies: always, or under an if/then, else or
 * dependentSchemas entry named by the keys its condition reads.
 */
import { schemaKeys } from '../forms-check/schema-keys';

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
}

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
}

/** The rules and messages a schema gives `key`, wherever in its if/then tree they sit. */
export function keyRules(schema: unknown, key: string): KeyRules {
  const out: KeyRules = { rules: new Map(), messages: new Map() };
  visit(schema, key, { where: '', condition: '' }, out);
  return out;
}

function add(map: Map<string, KeyEntry>, scope: Scope, keyword: string, value: unknown): void {
  const entry = { ...scope, keyword, value: JSON.stringify(value) };
  map.set(entryId(entry), entry);
}

function messagesOf(em: unknown, scope: Scope, out: KeyRules): void {
  if (typeof em === 'string') add(out.messages, scope, 'all rules', em);
  else if (isNode(em))
    for (const [keyword, message] of Object.entries(em)) add(out.messages, scope, keyword, message);
}

function visit(node: unknown, key: string, scope: Scope, out: KeyRules): void {
  if (!isNode(node)) return;
  const em = isNode(node.errorMessage) ? node.errorMessage : undefined;
  const property = isNode(node.properties) ? node.properties[key] : undefined;
  if (isNode(property)) {
    for (const [keyword, value] of Object.entries(property))
      if (!annotations.has(keyword)) add(out.rules, scope, keyword, stripAnnotations(value));
    messagesOf(property.errorMessage, scope, out);
    if (isNode(em?.properties)) messagesOf(em.properties[key], scope, out);
  }
  if (Array.isArray(node.required) && node.required.includes(key)) {
    add(out.rules, scope, 'required', true);
    const message = isNode(em?.required) ? em.required[key] : em?.required;
    if (typeof message === 'string') add(out.messages, scope, 'required', message);
  }
  const conditionOf = (schema: unknown) => JSON.stringify(stripAnnotations(schema));
  const keysOf = (schema: unknown) => [...new Set(schemaKeys(schema).map((k) => k.key))].join(', ');
  const inner = (where: string, condition: string): Scope => ({
    where: [scope.where, where].filter(Boolean).join(', '),
    condition: scope.condition + condition,
  });
  for (const word of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[word];
    if (!Array.isArray(list)) continue;
    const label = word === 'allOf' ? '' : `${word} branch`;
    for (const sub of list) visit(sub, key, label ? inner(label, word) : scope, out);
  }
  if (isNode(node.if)) {
    const condition = conditionOf(node.if);
    visit(node.then, key, inner(`if ${keysOf(node.if)}`, `if${condition}`), out);
    visit(node.else, key, inner(`unless ${keysOf(node.if)}`, `else${condition}`), out);
  }
  for (const word of ['dependentSchemas', 'dependencies'] as const) {
    const deps = node[word];
    if (!isNode(deps)) continue;
    for (const [given, sub] of Object.entries(deps))
      visit(sub, key, inner(`when ${given} is given`, `${word}:${given}`), out);
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
