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
import { conditionKeys } from '../../src/engine/conditions';

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

/** What conditions and schema `if`s compare each key with. */
export interface Mentioned {
  values: Map<string, Set<string>>;
  /**
   * Keys compared some other way than by equality, presence or a list (lt, a pattern,
   * json-logic): every value they can take must be tried, not one for all the uncompared ones.
   */
  opaque: Set<string>;
}

const byEquality = new Set(['equals', 'notEquals', 'in', 'notIn', 'answered', 'notAnswered']);
/** Keywords of an `if` that tell an answer's values apart only by equality or emptiness. */
const equalityKeywords = new Set(['const', 'enum', 'type', 'minLength', 'errorMessage']);

/** The values conditions and schema `if`s compare each key with, and the keys compared otherwise. */
export function mentionedValues(
  pages: readonly PageDefinition[],
  schemas: readonly unknown[],
): Mentioned {
  const values = new Map<string, Set<string>>();
  const opaque = new Set<string>();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || typeof value === 'object') return;
    const set = values.get(key) ?? new Set<string>();
    set.add(String(value));
    values.set(key, set);
  };
  const readCondition = (condition: Condition): void => {
    if ('valueKey' in condition) {
      if (!byEquality.has(condition.operator)) opaque.add(condition.valueKey);
      for (const t of [condition.target].flat()) add(condition.valueKey, t);
    } else if ('all' in condition) condition.all.forEach(readCondition);
    else if ('any' in condition) condition.any.forEach(readCondition);
    else if ('not' in condition) readCondition(condition.not);
    else conditionKeys(condition).forEach((key) => opaque.add(key));
  };
  for (const page of pages)
    for (const field of pageFields(page)) {
      const required = field.question.required;
      [...field.conditions, ...(typeof required === 'object' ? [required] : [])].forEach(
        readCondition,
      );
    }
  const readIf = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(readIf);
    if (!isNode(node)) return;
    if (isNode(node.properties))
      for (const [key, rule] of Object.entries(node.properties)) {
        if (!isNode(rule)) continue;
        [rule.const, ...(Array.isArray(rule.enum) ? rule.enum : [])].forEach((v) => add(key, v));
        const plain =
          Object.keys(rule).every((k) => equalityKeywords.has(k)) &&
          (rule.minLength === undefined || rule.minLength === 1);
        if (!plain) opaque.add(key);
      }
    Object.values(node).forEach(readIf);
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    if (!isNode(node)) return;
    if (node.if !== undefined) readIf(node.if);
    Object.values(node).forEach(visit);
  };
  schemas.forEach(visit);
  return { values, opaque };
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
  mentioned: Mentioned,
  now: Date,
): string[] {
  const question = fields.get(key)?.question;
  const offered = question ? offeredValues(question, now) : undefined;
  const named = mentioned.values.get(key) ?? new Set<string>();
  if (!offered) {
    const sample = (question && samples[question.type]) ?? 'x';
    return [...new Set(['', sample, ...named])];
  }
  if (mentioned.opaque.has(key)) return ['', ...offered];
  // Compared only by equality, the options nothing names all behave alike: one stands for all
  // (the 250 countries of an address block reduce to USA, CAN and one other).
  const other = offered.find((value) => !named.has(value));
  return ['', ...offered.filter((value) => named.has(value) || value === other)];
}
