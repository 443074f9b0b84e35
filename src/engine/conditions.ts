/**
 * Conditions (SPEC §4 "Conditional rules", ARCHITECTURE decision 3): the rule form
 * `{valueKey, operator, target}` and its all/any/not combinations compile to json-logic, which
 * evaluates them against the answers; raw json-logic passes through unchanged.
 */
import jsonLogic, { type RulesLogic } from 'json-logic-js';
import type { Answers, Condition, Rule, Scalar } from './definitions';

const compiled = new WeakMap<object, RulesLogic>();

/** Compiles a condition to json-logic. A missing answer reads as '' (an empty answer). */
export function toJsonLogic(condition: Condition): RulesLogic {
  const cached = compiled.get(condition);
  if (cached !== undefined) return cached;
  const logic = compile(condition);
  compiled.set(condition, logic);
  return logic;
}

function compile(condition: Condition): RulesLogic {
  if ('jsonLogic' in condition) return condition.jsonLogic;
  if ('all' in condition) return { and: condition.all.map(compile) } as RulesLogic;
  if ('any' in condition) return { or: condition.any.map(compile) } as RulesLogic;
  if ('not' in condition) return { '!': [compile(condition.not)] } as RulesLogic;
  return compileRule(condition);
}

function compileRule({ valueKey, operator, target }: Rule): RulesLogic {
  const value = { var: [valueKey, ''] } as unknown as RulesLogic;
  const t = target as Scalar;
  const list = (Array.isArray(target) ? target : [target]) as Scalar[];
  switch (operator) {
    case 'equals':
      return { '==': [value, t] } as RulesLogic;
    case 'notEquals':
      return { '!=': [value, t] } as RulesLogic;
    case 'lt':
      return compare('<', value, t);
    case 'lte':
      return compare('<=', value, t);
    case 'gt':
      return compare('>', value, t);
    case 'gte':
      return compare('>=', value, t);
    case 'answered':
      return { '!!': [value] } as RulesLogic;
    case 'notAnswered':
      return { '!': [value] } as RulesLogic;
    case 'in':
      return { in: [value, list] } as RulesLogic;
    case 'notIn':
      return { '!': [{ in: [value, list] }] } as RulesLogic;
  }
}

/** An empty answer is neither less nor greater than anything (JavaScript would read '' as 0). */
function compare(op: '<' | '<=' | '>' | '>=', value: RulesLogic, target: Scalar): RulesLogic {
  return { and: [{ '!!': [value] }, { [op]: [value, target] }] } as unknown as RulesLogic;
}

/** Whether a condition holds for the answers; no condition always holds. */
export function evaluateCondition(condition: Condition | undefined, answers: Answers): boolean {
  if (condition === undefined) return true;
  return jsonLogic.truthy(jsonLogic.apply(toJsonLogic(condition), answers));
}

/** Every answer key a condition reads (rule valueKeys and json-logic `var` names). */
export function conditionKeys(condition: Condition): string[] {
  const keys = new Set<string>();
  collectVars(toJsonLogic(condition), keys);
  return [...keys];
}

function collectVars(logic: unknown, keys: Set<string>): void {
  if (Array.isArray(logic)) {
    for (const item of logic) collectVars(item, keys);
    return;
  }
  if (logic === null || typeof logic !== 'object') return;
  for (const [op, args] of Object.entries(logic)) {
    if (op === 'var') {
      const name = Array.isArray(args) ? args[0] : args;
      if (typeof name === 'string' && name !== '') keys.add(name.split('.')[0] ?? name);
      else if (typeof name === 'number') keys.add(String(name));
    } else {
      collectVars(args, keys);
    }
  }
}

/** The rule shown when the answer to a yes-no or confirm question is `value`. */
export function answerIs(valueKey: string, value: string): Rule {
  return { valueKey, operator: 'equals', target: value };
}
