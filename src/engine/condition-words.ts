/**
 * Conditions in words, for people who read definitions rather than answers: forms:diff reports
 * and the forms:preview page say when a question shows, e.g. `country is one of "USA", "CAN"`.
 */
import type { Condition, Rule, Scalar } from './definitions';

const quote = (value: Scalar) => (typeof value === 'string' ? `"${value}"` : String(value));
const list = (target: Rule['target']) =>
  (Array.isArray(target) ? target : target === undefined ? [] : [target]).map(quote).join(', ');

function ruleWords({ valueKey, operator, target }: Rule): string {
  const t = target === undefined || Array.isArray(target) ? list(target) : quote(target);
  switch (operator) {
    case 'equals':
      return `${valueKey} is ${t}`;
    case 'notEquals':
      return `${valueKey} is not ${t}`;
    case 'lt':
      return `${valueKey} is less than ${t}`;
    case 'lte':
      return `${valueKey} is at most ${t}`;
    case 'gt':
      return `${valueKey} is more than ${t}`;
    case 'gte':
      return `${valueKey} is at least ${t}`;
    case 'answered':
      return `${valueKey} is answered`;
    case 'notAnswered':
      return `${valueKey} is not answered`;
    case 'in':
      return `${valueKey} is one of ${list(target)}`;
    case 'notIn':
      return `${valueKey} is none of ${list(target)}`;
  }
}

/** A condition in words; combinations inside combinations are parenthesised. */
export function conditionWords(condition: Condition, nested = false): string {
  const group = (text: string) => (nested ? `(${text})` : text);
  if ('jsonLogic' in condition) return `json-logic ${JSON.stringify(condition.jsonLogic)}`;
  if ('all' in condition)
    return group(condition.all.map((c) => conditionWords(c, true)).join(' and '));
  if ('any' in condition)
    return group(condition.any.map((c) => conditionWords(c, true)).join(' or '));
  if ('not' in condition) return `not (${conditionWords(condition.not)})`;
  return ruleWords(condition);
}

/** Several conditions that must all hold (a field's enclosing conditions), in words. */
export function allConditionsWords(conditions: readonly Condition[]): string {
  if (conditions.length === 1) return conditionWords(conditions[0]!);
  return conditions.map((c) => conditionWords(c, true)).join(' and ');
}
