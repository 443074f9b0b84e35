import { describe, expect, it } from 'vitest';
import { allConditionsWords, conditionWords } from '../../src/engine/condition-words';

describe('conditions in words', () => {
  it('says each operator', () => {
    expect(conditionWords({ valueKey: 'a', operator: 'equals', target: 'Y' })).toBe('a is "Y"');
    expect(conditionWords({ valueKey: 'a', operator: 'notEquals', target: 3 })).toBe('a is not 3');
    expect(conditionWords({ valueKey: 'a', operator: 'gte', target: 2 })).toBe('a is at least 2');
    expect(conditionWords({ valueKey: 'a', operator: 'answered' })).toBe('a is answered');
    expect(conditionWords({ valueKey: 'a', operator: 'notIn', target: ['X', 'Y'] })).toBe(
      'a is none of "X", "Y"',
    );
  });

  it('parenthesises combinations inside combinations, not at the top', () => {
    const condition = {
      all: [
        { valueKey: 'a', operator: 'answered' as const },
        {
          any: [
            { valueKey: 'b', operator: 'equals' as const, target: 'Y' },
            { not: { valueKey: 'c', operator: 'in' as const, target: ['USA', 'CAN'] } },
          ],
        },
      ],
    };
    expect(conditionWords(condition)).toBe(
      'a is answered and (b is "Y" or not (c is one of "USA", "CAN"))',
    );
    expect(
      allConditionsWords([
        {
          any: [
            { valueKey: 'a', operator: 'answered' },
            { valueKey: 'b', operator: 'answered' },
          ],
        },
        { valueKey: 'c', operator: 'equals', target: 'N' },
      ]),
    ).toBe('(a is answered or b is answered) and c is "N"');
  });

  it('shows raw json-logic as written', () => {
    expect(conditionWords({ jsonLogic: { '==': [{ var: 'a' }, 1] } })).toBe(
      'json-logic {"==":[{"var":"a"},1]}',
    );
  });
});
