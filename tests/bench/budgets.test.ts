/**
 * bench/budgets.ts marginOf: the room a figure leaves to its budget (issue 43 asks for 10 %),
 * for an upper bound, a lower bound, a score on a fixed scale and a bound of zero.
 */
import { describe, expect, it } from 'vitest';
import { checkBudgets, marginOf, type Budget, type RunRow } from '../../bench/budgets';

const budget = (bounds: Partial<Budget>): Budget => ({
  row: 'x:y',
  on: 'value',
  source: 'test',
  ...bounds,
});

describe('marginOf', () => {
  it('is the share of an upper bound left unused, negative past it', () => {
    expect(marginOf(budget({ max: 120 }), 90)).toBeCloseTo(0.25);
    expect(marginOf(budget({ max: 1.15 }), 1.1)).toBeCloseTo(0.0435, 3);
    expect(marginOf(budget({ max: 100 }), 110)).toBeCloseTo(-0.1);
  });

  it('is the share above a lower bound', () => {
    expect(marginOf(budget({ min: 0.5 }), 0.6)).toBeCloseTo(0.2);
    expect(marginOf(budget({ min: 0.5 }), 0.4)).toBeCloseTo(-0.2);
  });

  it("on a fixed scale, is the share of the way from the bound to the scale's top", () => {
    expect(marginOf(budget({ min: 98, scale: 100 }), 100)).toBe(1);
    expect(marginOf(budget({ min: 98, scale: 100 }), 99)).toBeCloseTo(0.5);
    expect(marginOf(budget({ min: 100, scale: 100 }), 100)).toBe(1);
    expect(marginOf(budget({ min: 100, scale: 100 }), 96)).toBe(-Infinity);
  });

  it('gives a bound of zero all its room at zero and none above', () => {
    expect(marginOf(budget({ max: 0 }), 0)).toBe(1);
    expect(marginOf(budget({ max: 0 }), 1)).toBe(-Infinity);
  });

  it('is NaN for a figure nobody measured', () => {
    expect(marginOf(budget({ max: 10 }), NaN)).toBeNaN();
  });
});

describe('checkBudgets', () => {
  it("reports each budget's margin beside whether it holds", () => {
    const rows: RunRow[] = [
      { bench: 'sixty-fields', id: 'size.js.gzip', name: 'JS', value: 114, unit: 'KB' },
    ];
    const [result] = checkBudgets(rows, new Set(['sixty-fields'])).filter(
      (r) => r.budget.row === 'sixty-fields:size.js.gzip',
    );
    expect(result?.holds).toBe(true);
    expect(result?.margin).toBeCloseTo(1 - 114 / 120);
  });
});
