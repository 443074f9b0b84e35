/**
 * The values an answer a condition reads can take, for the condition checks: the options of a
 * select or radio, Y and N of a yes-no, true and false of a checkbox, each with '' (no answer);
 * for a typed answer, '' and a sample, plus every value a condition or a schema rule compares it
 * with. Small and finite, so both forms of a condition can be evaluated over all of it.
 */
import type {
  Condition,
  KeyedQuestion,
  OptionSource,
  PageDefinition,
} from '../../src/engine/definitions';
import { resolveOptions } from '../../src/engine/option-lists';
import { pageFields, type PageField } from '../../src/engine/page-fields';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values a list offers on some day (dated options count); undefined for year lists. */
function sourceValues(source: OptionSource, now: Date): string[] | undefined {
  if (Array.isArray(source)) return source.map((option) => option.value).filter(Boolean);
  if (typeof source === 'object' && 'byAnswer' in source) {
    const cases = [...Object.values(source.cases), ...(source.default ? [source.default] : [])];
    const lists = cases.map((c) => sourceValues(c, now));
    if (lists.some((l) => l === undefined)) return undefined;
    return [...new Set(lists.flat() as string[])];
  }
  const list = typeof source === 'string' ? source : source.list;
  // A year list moves with the calendar, so no fixed value is always on it or always off it.
  if (list === 'years') return undefined;
  return resolveOptions(source, { now })
    .map((option) => option.value)
    .filter(Boolean);
}

/** Every value a question offers, without '' (undefined for a typed answer). */
export function offeredValues(question: KeyedQuestion, now: Date): string[] | undefined {
  switch (question.type) {
    case 'select':
    case 'radio':
      return question.options === undefined ? undefined : sourceValues(question.options, now);
    case 'yes-no':
      return ['Y', 'N'];
    case 'checkbox':
    case 'confirm':
      return ['true', 'false'];
    default:
      return undefined;
  }
}

/** The label of an option value, for messages ("MUS" (Music)). */
export function optionWords(question: KeyedQuestion, value: string): string {
  const options = Array.isArray(question.options) ? question.options : [];
  const label = options.find((option) => option.value === value)?.label;
  return label ? `"${value}" (${label})` : `"${value}"`;
}

/** Each key's first field over all pages (a key asked twice is another check's finding). */
export function fieldsByKey(pages: readonly PageDefinition[]): Map<string, PageField> {
  const map = new Map<string, PageField>();
  for (const page of pages)
    for (const field of pageFields(page)) if (!map.has(field.key)) map.set(field.key, field);
  return map;
}

/** Every rule in a condition with its pointer relative to the condition (json-logic skipped). */
export function conditionRules(
  condition: Condition,
  at = '',
): Array<{ rule: Extract<Condition, { valueKey: string }>; pointer: string }> {
  if ('valueKey' in condition) return [{ rule: condition, pointer: at }];
  if ('all' in condition)
    return condition.all.flatMap((c, i) => conditionRules(c, `${at}/all/${i}`));
  if ('any' in condition)
    return condition.any.flatMap((c, i) => conditionRules(c, `${at}/any/${i}`));
  if ('not' in condition) return conditionRules(condition.not, `${at}/not`);
  return [];
}

/** Values conditions and schema `if`s compare each key with. */
export function mentionedValues(
  pages: readonly PageDefinition[],
  schemas: readonly unknown[],
): Map<string, Set<string>> {
  const mentioned = new Map<string, Set<string>>();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || typeof value === 'object') return;
    const set = mentioned.get(key) ?? new Set<string>();
    set.add(String(value));
    mentioned.set(key, set);
  };
  for (const page of pages)
    for (const field of pageFields(page)) {
      const required = field.question.required;
      const conditions = [...field.conditions, ...(typeof required === 'object' ? [required] : [])];
      for (const condition of conditions)
        for (const { rule } of conditionRules(condition))
          for (const t of [rule.target].flat()) add(rule.valueKey, t);
    }
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    if (!isNode(node)) return;
    if (isNode(node.if) && isNode(node.if.properties))
      for (const [key, rule] of Object.entries(node.if.properties))
        if (isNode(rule))
          [rule.const, ...(Array.isArray(rule.enum) ? rule.enum : [])].forEach((v) => add(key, v));
    Object.values(node).forEach(visit);
  };
  schemas.forEach(visit);
  return mentioned;
}

/** A non-empty answer of each typed question that passes its usual format. */
const samples: Partial<Record<KeyedQuestion['type'], string>> = {
  phone: '(212) 555-0123',
  date: '2000-01-01',
  file: 'ANSWERED',
};

/**
 * The values to try for a key: '' and what its question offers; for a typed answer, '' and a
 * sample plus every value a condition or rule compares it with (a value no option has cannot be
 * chosen, so it is the target check's finding, not a state to evaluate).
 */
export function valueSpace(
  key: string,
  fields: ReadonlyMap<string, PageField>,
  mentioned: ReadonlyMap<string, ReadonlySet<string>>,
  now: Date,
): string[] {
  const question = fields.get(key)?.question;
  const offered = question ? offeredValues(question, now) : undefined;
  const sample = (question && samples[question.type]) ?? 'x';
  return [...new Set(['', ...(offered ?? [sample, ...(mentioned.get(key) ?? [])])])];
}
