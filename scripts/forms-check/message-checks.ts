/**
 * The messages of the validation schemas as applicants read them: no message is empty (the
 * applicant would see a red field and no words), and every `{name}` placeholder is one its rule
 * fills (src/engine/validation.ts fills `{name}` from the rule's parameters; any other stays
 * literal, e.g. `{limt}` where the rule has `limit`).
 */
import type { Findings } from './findings';
import { didYouMean } from './nearest';
import { toPointer, type SourceFile } from './source-file';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parameters each rule's error carries (AJV's, and ours in scripts/validator-keywords.ts). */
const ruleParameters: Record<string, readonly string[]> = {
  type: ['type'],
  minLength: ['limit'],
  maxLength: ['limit'],
  minItems: ['limit'],
  maxItems: ['limit'],
  minProperties: ['limit'],
  maxProperties: ['limit'],
  minimum: ['limit', 'comparison'],
  maximum: ['limit', 'comparison'],
  exclusiveMinimum: ['limit', 'comparison'],
  exclusiveMaximum: ['limit', 'comparison'],
  multipleOf: ['multipleOf'],
  pattern: ['pattern'],
  format: ['format'],
  enum: ['allowedValues'],
  const: ['allowedValue'],
  required: ['missingProperty'],
  dependentRequired: ['property', 'missingProperty', 'deps', 'depsCount'],
  dependencies: ['property', 'missingProperty', 'deps', 'depsCount'],
  additionalProperties: ['additionalProperty'],
  uniqueItems: ['i', 'j'],
  propertyNames: ['propertyName'],
  formatMinimum: ['limit'],
  formatMaximum: ['limit'],
  minAge: ['limit'],
  maxAge: ['limit'],
  minYearFromNow: ['year'],
  maxYearFromNow: ['year'],
  isoDate: [],
};

/** Keywords that hold no rule of their own. */
const notRules = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'errorMessage',
  'properties',
  'definitions',
  '$defs',
  'if',
  'then',
  'else',
  'allOf',
  'items',
  'dependentSchemas',
]);

/** `{name}` placeholders; `${…}` is ajv-errors' own data reference, filled before ours. */
const placeholders = (message: string): string[] =>
  [...message.matchAll(/(?<!\$)\{(\w+)\}/g)].map((m) => m[1]!);

/** Reports empty messages and placeholders their rules do not fill, in every errorMessage. */
export function checkMessageTexts(file: SourceFile, findings: Findings): void {
  visit(file.json, [], file, findings);
}

function visit(node: unknown, at: Array<string | number>, file: SourceFile, findings: Findings) {
  if (Array.isArray(node)) node.forEach((item, i) => visit(item, [...at, i], file, findings));
  if (!isNode(node)) return;
  const em = node.errorMessage;
  const rules = Object.keys(node).filter((k) => !notRules.has(k) && !k.startsWith('x-'));
  const all = unique(rules.flatMap((k) => ruleParameters[k] ?? []));
  const text = (
    message: unknown,
    where: Array<string | number>,
    params: readonly string[],
    rule: string,
  ) => checkText(message, [...at, 'errorMessage', ...where], params, rule, node, file, findings);
  if (typeof em === 'string') text(em, [], all, 'rules of this object');
  else if (isNode(em)) {
    for (const [keyword, message] of Object.entries(em)) {
      if (keyword === 'required' && isNode(message)) {
        for (const [key, m] of Object.entries(message))
          text(m, [keyword, key], ruleParameters.required!, `requirement of "${key}"`);
      } else if (keyword === 'properties' && isNode(message)) {
        const properties = isNode(node.properties) ? node.properties : {};
        for (const [key, m] of Object.entries(message))
          text(m, [keyword, key], parametersOf(properties[key]), `rules of "${key}"`);
      } else if (keyword === '_') {
        text(message, [keyword], all, 'other rules of this object');
      } else {
        text(message, [keyword], ruleParameters[keyword] ?? [], `"${keyword}" rule`);
      }
    }
  }
  for (const [keyword, value] of Object.entries(node))
    if (keyword !== 'errorMessage' && typeof value === 'object')
      visit(value, [...at, keyword], file, findings);
}

function checkText(
  message: unknown,
  at: Array<string | number>,
  params: readonly string[],
  rule: string,
  node: SchemaNode,
  file: SourceFile,
  findings: Findings,
): void {
  if (typeof message !== 'string') return;
  const pointer = toPointer(at);
  if (message.trim() === '') {
    findings.error(
      'empty-message',
      file,
      pointer,
      `The message of the ${rule} is empty: the applicant would see the field marked and no words. Write what they should do.`,
    );
    return;
  }
  // A string answer never fails `type: "string"` (answers are always text), so its message,
  // which forms:check requires all the same, is never shown and may say anything.
  if (rule === '"type" rule' && node.type === 'string') return;
  for (const name of placeholders(message)) {
    if (params.includes(name)) continue;
    const has = params.length
      ? `it has ${params.map((p) => `{${p}}`).join(', ')}`
      : 'it has no placeholders';
    findings.error(
      'unknown-placeholder',
      file,
      pointer,
      `The message of the ${rule} uses {${name}}, which the rule does not fill, so applicants would read "{${name}}" as written; ${has}.${didYouMean(name, params)}`,
    );
  }
}

/** Every parameter the rules of a property's schema can fill. */
function parametersOf(schema: unknown): string[] {
  if (!isNode(schema)) return [];
  return unique(Object.keys(schema).flatMap((k) => ruleParameters[k] ?? []));
}

/** Every keyword a validation schema may use, for "did you mean" on an unknown one. */
export const ruleKeywords: readonly string[] = [
  ...Object.keys(ruleParameters),
  ...notRules,
  'not',
  'anyOf',
  'oneOf',
  'patternProperties',
  'contains',
];

const unique = <T>(items: T[]): T[] => [...new Set(items)];
