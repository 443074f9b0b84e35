/**
 * Conditions in a reviewer's words, with the questions' labels and the options' labels and
 * codes: a page's `condition` (`Intended major is Music (MUS)`) and a schema's `if`
 * (`Cell phone is not answered and …`). The engine's condition-words.ts says the same with keys
 * and codes, for authors; a reviewer of a pull request reads labels.
 */
import type { Condition, Rule, Scalar } from '../../src/engine/definitions';
import { questionName, valueName, type Vocabulary } from './vocabulary';

function ruleText({ valueKey, operator, target }: Rule, vocabulary: Vocabulary): string {
  const name = questionName(vocabulary, valueKey);
  const targets = target === undefined ? [] : Array.isArray(target) ? target : [target];
  const values = targets.map((t: Scalar) => valueName(vocabulary, valueKey, t)).join(', ');
  switch (operator) {
    case 'equals':
      return `${name} is ${values}`;
    case 'notEquals':
      return `${name} is not ${values}`;
    case 'lt':
      return `${name} is less than ${values}`;
    case 'lte':
      return `${name} is at most ${values}`;
    case 'gt':
      return `${name} is more than ${values}`;
    case 'gte':
      return `${name} is at least ${values}`;
    case 'answered':
      return `${name} is answered`;
    case 'notAnswered':
      return `${name} is not answered`;
    case 'in':
      return `${name} is one of ${values}`;
    case 'notIn':
      return `${name} is none of ${values}`;
  }
}

/** A page condition in words; combinations inside combinations are parenthesised. */
export function conditionText(
  condition: Condition,
  vocabulary: Vocabulary,
  nested = false,
): string {
  const group = (text: string) => (nested ? `(${text})` : text);
  if ('jsonLogic' in condition) return `json-logic ${JSON.stringify(condition.jsonLogic)}`;
  if ('all' in condition)
    return group(condition.all.map((c) => conditionText(c, vocabulary, true)).join(' and '));
  if ('any' in condition)
    return group(condition.any.map((c) => conditionText(c, vocabulary, true)).join(' or '));
  if ('not' in condition) return `not (${conditionText(condition.not, vocabulary)})`;
  return ruleText(condition, vocabulary);
}

/** Conditions that must all hold (a field's own and its enclosures'), in words. */
export function allConditionsText(
  conditions: readonly Condition[],
  vocabulary: Vocabulary,
): string {
  if (conditions.length === 1) return conditionText(conditions[0]!, vocabulary);
  return conditions.map((c) => conditionText(c, vocabulary, true)).join(' and ');
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Keywords of an `if` that say nothing the words must carry. */
const quiet = new Set(['$comment', 'title', 'description', 'type']);

/** One property's test in words, or undefined when it is not one we can tell. */
function propertyText(key: string, sub: unknown, vocabulary: Vocabulary): string | undefined {
  const name = questionName(vocabulary, key);
  if (!isNode(sub)) return undefined;
  if (sub.const !== undefined)
    return `${name} is ${valueName(vocabulary, key, sub.const as Scalar)}`;
  if (Array.isArray(sub.enum))
    return `${name} is one of ${sub.enum.map((v) => valueName(vocabulary, key, v as Scalar)).join(', ')}`;
  // `{type: "string", minLength: 1}` beside `required`: the key is answered.
  if (Object.keys(sub).every((k) => k === 'type' || k === 'minLength'))
    return `${name} is answered`;
  return undefined;
}

/**
 * A schema `if` in words (`Intended major is Music (MUS)`), or undefined when it uses keywords
 * these words do not cover; the caller then names the keys it reads.
 */
export function schemaConditionText(node: unknown, vocabulary: Vocabulary): string | undefined {
  if (!isNode(node)) return undefined;
  const parts: string[] = [];
  const groups: string[] = [];
  const required = Array.isArray(node.required) ? node.required.map(String) : [];
  const properties = isNode(node.properties) ? node.properties : {};
  for (const [key, sub] of Object.entries(properties)) {
    const text = propertyText(key, sub, vocabulary);
    if (text === undefined) return undefined;
    parts.push(required.includes(key) ? text : `${text} or is not answered`);
  }
  for (const key of required)
    if (!Object.hasOwn(properties, key)) parts.push(`${questionName(vocabulary, key)} is answered`);
  for (const word of ['allOf', 'anyOf'] as const) {
    const list = node[word];
    if (!Array.isArray(list)) continue;
    const texts = list.map((sub) => schemaConditionText(sub, vocabulary));
    if (texts.some((t) => t === undefined)) return undefined;
    groups.push(texts.join(word === 'allOf' ? ' and ' : ' or '));
  }
  if (node.not !== undefined) {
    const inner = negated(node.not, vocabulary);
    if (inner === undefined) return undefined;
    parts.push(inner);
  }
  const known = new Set([...quiet, 'properties', 'required', 'allOf', 'anyOf', 'not']);
  if (Object.keys(node).some((k) => !known.has(k))) return undefined;
  if (parts.length === 0 && groups.length === 1) return groups[0];
  const all = [...parts, ...groups.map((g) => `(${g})`)];
  return all.length === 0 ? undefined : all.join(' and ');
}

/** `not` in words: "none of them answered" reads better than "not (A or B is answered)". */
function negated(node: unknown, vocabulary: Vocabulary): string | undefined {
  const answered = (text: string | undefined) =>
    text?.endsWith(' is answered') && !text.includes(' and ') && !text.includes(' or ')
      ? text.replace(/ is answered$/, ' is not answered')
      : undefined;
  if (isNode(node) && Array.isArray(node.anyOf)) {
    const each = node.anyOf.map((sub) => answered(schemaConditionText(sub, vocabulary)));
    if (each.every((t) => t !== undefined)) return each.join(' and ');
  }
  const text = schemaConditionText(node, vocabulary);
  return answered(text) ?? (text === undefined ? undefined : `not (${text})`);
}
