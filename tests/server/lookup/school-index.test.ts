/**
 * The lookup's index in memory: which schools a query finds (every token begins a word of the
 * name, the city or the code) and their order (the state's first, then names beginning with the
 * query, then the earliest matched words, then by name), for a query of one indexed prefix (its
 * list already in order) and for longer or several tokens alike.
 */
import { describe, expect, it } from 'vitest';
import { SchoolIndex, type IndexedSchool } from '../../../src/server/lookup/school-index';
import { wordKey, words } from '../../../src/server/lookup/search-text';

function school(id: string, name: string, city: string, state: string): IndexedSchool {
  return {
    id,
    name,
    ceeb: id,
    city,
    state,
    nameKey: wordKey(words(name)),
    words: [...words(name), ...words(city), ...words(id)],
  };
}

const index = new SchoolIndex([
  school('100001', 'Highland Park High School', 'Dallas', 'TX'),
  school('100002', 'A. T. Mahan High School', 'Keflavik', 'AE'),
  school('100003', 'Mahanoy Area High School', 'Mahanoy City', 'PA'),
  school('100004', 'Central High School', 'Highland', 'IL'),
  school('100005', 'Abbey Road Academy', 'Springfield', 'IL'),
  school('100006', 'Academy of the Sacred Heart', "O'Fallon", 'MO'),
  school('100007', 'Highland Park High School', 'Highland Park', 'IL'),
]);
const names = (found: IndexedSchool[]) => found.map((s) => `${s.name} (${s.state})`);

describe('SchoolIndex', () => {
  it('puts names that begin with the query first, then the earliest matched word, then by name', () => {
    // Two schools of one name: by code.
    expect(names(index.search(['hig'], 10, undefined))).toEqual([
      'Highland Park High School (TX)',
      'Highland Park High School (IL)',
      'Central High School (IL)',
      'Mahanoy Area High School (PA)',
      'A. T. Mahan High School (AE)',
    ]);
    expect(names(index.search(['maha'], 10, undefined))).toEqual([
      'Mahanoy Area High School (PA)',
      'A. T. Mahan High School (AE)',
    ]);
  });

  it("brings the state's schools forward, keeping the order within each group", () => {
    expect(names(index.search(['hig'], 3, 'IL'))).toEqual([
      'Highland Park High School (IL)',
      'Central High School (IL)',
      'Highland Park High School (TX)',
    ]);
    expect(names(index.search(['high'], 3, 'PA'))).toEqual([
      'Mahanoy Area High School (PA)',
      'Highland Park High School (TX)',
      'Highland Park High School (IL)',
    ]);
  });

  it('needs every token, each beginning a word of the name, the city or the code', () => {
    expect(names(index.search(['aca', 'spr'], 5, undefined))).toEqual(['Abbey Road Academy (IL)']);
    expect(names(index.search(['high', 'dal'], 5, undefined))).toEqual([
      'Highland Park High School (TX)',
    ]);
    expect(names(index.search(['100006'], 5, undefined))).toEqual([
      'Academy of the Sacred Heart (MO)',
    ]);
    expect(index.search(['igh'], 5, undefined)).toEqual([]);
    expect(index.search(['academy', 'dallas'], 5, undefined)).toEqual([]);
  });

  it('gives at most the limit', () => {
    expect(index.search(['h'], 2, undefined)).toHaveLength(2);
    expect(index.search(['hi', 'sc'], 1, undefined)).toHaveLength(1);
  });
});
