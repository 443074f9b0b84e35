import { describe, expect, it } from 'vitest';
import {
  isListedOption,
  EMPTY_OPTION,
  listNamesOf,
  optionLabel,
  optionListNames,
  resolveOptions,
} from '../../src/engine/option-lists';

const now = new Date('2025-06-15T12:00:00');
const values = (source: Parameters<typeof resolveOptions>[0], answers = {}) =>
  resolveOptions(source, { answers, now }).map((o) => o.value);

describe('option lists', () => {
  it('begin with an empty option shown as --', () => {
    for (const name of optionListNames)
      expect(resolveOptions(name, { now })[0]).toEqual({ value: '', label: '--' });
    expect(resolveOptions([{ value: 'Y', label: 'Yes' }])).toEqual([
      EMPTY_OPTION,
      { value: 'Y', label: 'Yes' },
    ]);
  });

  it('do not repeat the empty option when an inline list already has one', () => {
    expect(
      resolveOptions([
        { value: '', label: 'None' },
        { value: 'Y', label: 'Yes' },
      ]),
    ).toEqual([EMPTY_OPTION, { value: 'Y', label: 'Yes' }]);
  });

  it('countries: three-letter codes with the United States first', () => {
    const countries = resolveOptions('countries');
    expect(countries[1]).toEqual({ value: 'USA', label: 'United States' });
    expect(countries.filter((c) => c.value === 'USA')).toHaveLength(1);
    expect(countries.length).toBe(250);
    expect(countries.slice(1).every((c) => /^[A-Z]{3}$/.test(c.value))).toBe(true);
    expect(countries.find((c) => c.value === 'CAN')?.label).toBe('Canada');
  });

  it('countries without the USA', () => {
    const list = values('countries-without-usa');
    expect(list).not.toContain('USA');
    expect(list).toContain('MEX');
    expect(list.length).toBe(249);
  });

  it('months 1 to 12 with names', () => {
    const months = resolveOptions('months');
    expect(months).toHaveLength(13);
    expect(months[1]).toEqual({ value: '1', label: 'January' });
    expect(months[12]).toEqual({ value: '12', label: 'December' });
  });

  it('US states and Canadian provinces and territories', () => {
    const states = values('us-states');
    expect(states).toEqual(expect.arrayContaining(['MN', 'CA', 'DC', 'PR']));
    expect(states.slice(0, 52).filter(Boolean)).toHaveLength(51);
    expect(values('canadian-provinces')).toEqual([
      '',
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NS',
      'ON',
      'PE',
      'QC',
      'SK',
      'NT',
      'NU',
      'YT',
    ]);
  });

  it('years from a start year (default this year), a count and a direction', () => {
    expect(values({ list: 'years', count: 3, direction: 'future' })).toEqual([
      '',
      '2025',
      '2026',
      '2027',
    ]);
    expect(values({ list: 'years', count: 3, direction: 'past' })).toEqual([
      '',
      '2025',
      '2024',
      '2023',
    ]);
    expect(values({ list: 'years', start: 2000, count: 2, direction: 'future' })).toEqual([
      '',
      '2000',
      '2001',
    ]);
    expect(values({ list: 'years', startOffset: 4, count: 2, direction: 'past' })).toEqual([
      '',
      '2029',
      '2028',
    ]);
    expect(values('years')).toHaveLength(11);
  });

  it('years: from the until month-day on, the list starts one year later', () => {
    const plan = { list: 'years', count: 3, direction: 'future', until: '11-01' } as const;
    const on = (day: string) =>
      resolveOptions(plan, { now: new Date(`${day}T12:00:00`) }).map((o) => o.value);
    expect(on('2026-10-31')).toEqual(['', '2026', '2027', '2028']);
    expect(on('2026-11-01')).toEqual(['', '2027', '2028', '2029']);
    expect(on('2026-11-24')).toEqual(['', '2027', '2028', '2029']);
    expect(on('2027-01-02')).toEqual(['', '2027', '2028', '2029']);
  });

  it('dated options (terms) are offered until their start date, and keep their label after', () => {
    const terms = [
      { value: 'FA26', label: 'Fall 26', starts: '2026-08-24' },
      { value: 'SP27', label: 'Spring 27', starts: '2027-01-11' },
      { value: 'LATER', label: 'Later' },
    ];
    const on = (day: string) =>
      resolveOptions(terms, { now: new Date(`${day}T12:00:00`) }).map((o) => o.value);
    expect(on('2026-08-23')).toEqual(['', 'FA26', 'SP27', 'LATER']);
    expect(on('2026-08-24')).toEqual(['', 'SP27', 'LATER']);
    expect(on('2027-01-11')).toEqual(['', 'LATER']);
    const afterStart = { now: new Date('2026-11-24T12:00:00') };
    expect(isListedOption(terms, 'FA26', afterStart)).toBe(false);
    expect(isListedOption(terms, 'SP27', afterStart)).toBe(true);
    expect(optionLabel(terms, 'FA26', afterStart)).toBe('Fall 26');
  });

  it('a list chosen by another answer: the state list by country', () => {
    const source = { byAnswer: 'country', cases: { USA: 'us-states', CAN: 'canadian-provinces' } };
    expect(values(source, { country: 'CAN' })).toContain('ON');
    expect(values(source, { country: 'USA' })).toContain('MN');
    expect(values(source, { country: 'MEX' })).toEqual(['']);
    expect(values({ ...source, default: [{ value: 'NA', label: 'Not applicable' }] }, {})).toEqual([
      '',
      'NA',
    ]);
  });

  it('an unknown list name gives only the empty option', () => {
    expect(values('planets')).toEqual(['']);
  });

  it('finds the label a _desc companion stores', () => {
    expect(optionLabel('us-states', 'MN')).toBe('Minnesota');
    expect(optionLabel('months', '')).toBe('');
    expect(optionLabel('months', '13')).toBe('');
  });

  it('names every list a source uses', () => {
    expect(
      listNamesOf({
        byAnswer: 'c',
        cases: { A: 'us-states', B: { list: 'years' } },
        default: 'months',
      }),
    ).toEqual(['us-states', 'years', 'months']);
    expect(listNamesOf([{ value: 'a', label: 'A' }])).toEqual([]);
  });
});

describe('whether an answer is one of the options', () => {
  const planYear = { list: 'years', count: 3, direction: 'future' } as const;

  it('takes listed values and no answer, refuses others', () => {
    const now = new Date('2026-06-15T12:00:00');
    expect(isListedOption(planYear, '2027', { now })).toBe(true);
    expect(isListedOption(planYear, '', { now })).toBe(true);
    expect(isListedOption(planYear, '2030', { now })).toBe(false);
    expect(isListedOption([{ value: 'A', label: 'A' }], 'B')).toBe(false);
  });

  it('takes last year’s value for a day after the year turns, where a browser may still be in it', () => {
    expect(isListedOption(planYear, '2026', { now: new Date('2027-01-01T02:00:00') })).toBe(true);
    expect(isListedOption(planYear, '2026', { now: new Date('2027-01-03T02:00:00') })).toBe(false);
  });

  it('takes any value when the list is empty in this state (a state outside the USA and Canada)', () => {
    const states = { byAnswer: 'country', cases: { USA: 'us-states' } };
    expect(isListedOption(states, 'Bavaria', { answers: { country: 'DEU' } })).toBe(true);
    expect(isListedOption(states, 'Bavaria', { answers: { country: 'USA' } })).toBe(false);
  });
});
