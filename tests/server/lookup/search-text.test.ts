import { describe, expect, it } from 'vitest';
import { fold, queryTokens, titleCase, words } from '../../../src/server/lookup/search-text';

describe('search text', () => {
  it('folds case and accents', () => {
    expect(fold('Luis MUÑOZ Marín')).toBe('luis munoz marin');
    expect(fold('İstanbul')).toBe('istanbul');
  });

  it('keeps only runs of letters and digits as words', () => {
    expect(words('A. T. Mahan High-School (U-32)')).toEqual([
      'a',
      't',
      'mahan',
      'high',
      'school',
      'u',
      '32',
    ]);
    expect(words('"alc"* NEAR( -x : \'; DROP TABLE t; -- 😀')).toEqual([
      'alc',
      'near',
      'x',
      'drop',
      'table',
      't',
    ]);
  });

  it('takes at most 8 words of at most 40 characters from a query', () => {
    expect(queryTokens('a b c d e f g h i j')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(queryTokens('x'.repeat(60))).toEqual(['x'.repeat(40)]);
    expect(queryTokens('𝐀'.repeat(50))[0]).toHaveLength(80); // 40 letters outside the BMP
    expect(queryTokens('*:"()^-')).toEqual([]);
  });

  it('title-cases text written in one case only, and keeps mixed case as written', () => {
    expect(titleCase('CONWAY')).toBe('Conway');
    expect(titleCase('WINSTON-SALEM')).toBe('Winston-Salem');
    expect(titleCase("O'FALLON")).toBe("O'Fallon");
    expect(titleCase('APO')).toBe('APO');
    expect(titleCase('academy of the sacred heart')).toBe('Academy of the Sacred Heart');
    expect(titleCase("st john's prep")).toBe("St John's Prep");
    expect(titleCase('McLean High School')).toBe('McLean High School');
    expect(titleCase('')).toBe('');
  });
});
