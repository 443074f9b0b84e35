import type { RulesLogic } from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { conditionKeys, evaluateCondition, toJsonLogic } from '../../src/engine/conditions';
import type { Condition, Rule } from '../../src/engine/definitions';

const holds = (condition: Condition, answers: Record<string, string>) =>
  evaluateCondition(condition, answers);
const rule = (operator: Rule['operator'], target?: Rule['target']): Rule =>
  target === undefined ? { valueKey: 'v', operator } : { valueKey: 'v', operator, target };

describe('the ten operators of the rule form', () => {
  it.each([
    ['equals', 'Y', 'Y', true],
    ['equals', 'Y', 'N', false],
    ['notEquals', 'Y', 'N', true],
    ['notEquals', 'Y', 'Y', false],
    ['lt', 5, '4', true],
    ['lt', 5, '5', false],
    ['lte', 5, '5', true],
    ['lte', 5, '6', false],
    ['gt', 5, '6', true],
    ['gt', 5, '5', false],
    ['gte', 5, '5', true],
    ['gte', 5, '4', false],
    ['lt', 5, '', false],
    ['gte', 0, '', false],
    ['lt', '2025-01-01', '', false],
    ['lt', '2025-01-01', '2024-12-31', true],
    ['gte', '2025-01-01', '2024-12-31', false],
    ['in', ['USA', 'CAN'], 'CAN', true],
    ['in', ['USA', 'CAN'], 'MEX', false],
    ['notIn', ['USA', 'CAN'], 'MEX', true],
    ['notIn', ['USA', 'CAN'], 'USA', false],
  ] as const)('%s %j holds for %j: %s', (operator, target, value, expected) => {
    expect(holds(rule(operator, target as Rule['target']), { v: value })).toBe(expected);
  });

  it('answered holds for a truthy value and notAnswered for a falsy one', () => {
    expect(holds(rule('answered'), { v: 'x' })).toBe(true);
    expect(holds(rule('answered'), { v: '' })).toBe(false);
    expect(holds(rule('answered'), {})).toBe(false);
    expect(holds(rule('notAnswered'), { v: '' })).toBe(true);
    expect(holds(rule('notAnswered'), {})).toBe(true);
    expect(holds(rule('notAnswered'), { v: 'x' })).toBe(false);
    // SPEC §4 reads "answered" as truthy, so an unticked checkbox ("false") counts as answered.
    expect(holds(rule('answered'), { v: 'false' })).toBe(true);
  });

  it('reads a missing answer as an empty one', () => {
    expect(holds(rule('equals', ''), {})).toBe(true);
    expect(holds(rule('notIn', ['Y']), {})).toBe(true);
  });
});

describe('combinations and raw json-logic', () => {
  const usa = rule('equals', 'USA');
  const answered: Rule = { valueKey: 'zip', operator: 'answered' };

  it('all holds only when every rule holds', () => {
    expect(holds({ all: [usa, answered] }, { v: 'USA', zip: '55057' })).toBe(true);
    expect(holds({ all: [usa, answered] }, { v: 'USA', zip: '' })).toBe(false);
  });

  it('any holds when one rule holds', () => {
    expect(holds({ any: [usa, answered] }, { v: 'CAN', zip: 'K1A' })).toBe(true);
    expect(holds({ any: [usa, answered] }, { v: 'CAN', zip: '' })).toBe(false);
  });

  it('not negates, and combinations nest', () => {
    expect(holds({ not: usa }, { v: 'CAN' })).toBe(true);
    expect(
      holds({ all: [{ any: [usa, answered] }, { not: rule('equals', 'X') }] }, { v: 'USA' }),
    ).toBe(true);
  });

  it('raw json-logic passes through unchanged', () => {
    const logic = { '>': [{ var: 'count' }, 2] } as RulesLogic;
    expect(toJsonLogic({ jsonLogic: logic })).toBe(logic);
    expect(holds({ jsonLogic: logic }, { count: '3' })).toBe(true);
    expect(holds({ jsonLogic: logic }, { count: '1' })).toBe(false);
  });

  it('no condition always holds', () => {
    expect(evaluateCondition(undefined, {})).toBe(true);
  });

  it('compiles the rule form to json-logic that reads missing answers as empty', () => {
    expect(toJsonLogic({ valueKey: 'country', operator: 'in', target: ['USA', 'CAN'] })).toEqual({
      in: [{ var: ['country', ''] }, ['USA', 'CAN']],
    });
    expect(toJsonLogic({ not: { valueKey: 'a', operator: 'notAnswered' } })).toEqual({
      '!': [{ '!': [{ var: ['a', ''] }] }],
    });
  });

  it('lists every key a condition reads, from rules and json-logic alike', () => {
    const condition: Condition = {
      all: [
        { valueKey: 'country', operator: 'equals', target: 'USA' },
        { jsonLogic: { or: [{ var: 'zip' }, { var: ['state', ''] }] } },
      ],
    };
    expect(conditionKeys(condition).sort()).toEqual(['country', 'state', 'zip']);
  });
});
