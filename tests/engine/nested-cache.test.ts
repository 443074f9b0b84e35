import { describe, expect, it } from 'vitest';
import { NestedCache } from '../../src/engine/nested-cache';

describe('NestedCache', () => {
  it('makes a value once per object and key, and keeps its identity', () => {
    const cache = new NestedCache<object, number, { n: number }>();
    const page = {};
    let made = 0;
    const make = (n: number) => () => {
      made += 1;
      return { n };
    };
    const first = cache.get(page, 1, make(1));
    expect(cache.get(page, 1, make(1))).toBe(first);
    expect(cache.get(page, 2, make(2))).toEqual({ n: 2 });
    expect(cache.get({}, 1, make(1))).not.toBe(first);
    expect(made).toBe(3);
  });
});
