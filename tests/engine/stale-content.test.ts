import { describe, expect, it } from 'vitest';
import { everyAlertPast, everyDatedOptionPast } from '../../src/engine/stale-content';

const day = (iso: string) => new Date(`${iso}T12:00:00`);
const alerts = [
  { start: '2026-11-01', end: '2026-12-16', text: 'Early Action' },
  { start: '2027-03-16', end: '2027-04-16', text: 'Final deadline' },
];

describe('stale content', () => {
  it('alert windows are past once the last one has ended (its end is exclusive)', () => {
    expect(everyAlertPast(alerts, day('2026-11-24'))).toBe(false);
    expect(everyAlertPast(alerts, day('2027-04-15'))).toBe(false);
    expect(everyAlertPast(alerts, day('2027-04-16'))).toBe(true);
    expect(everyAlertPast([], day('2030-01-01'))).toBe(false);
  });

  it('a list is past once every dated option has started; undated lists never are', () => {
    const terms = [
      { value: 'FA', label: 'Fall', starts: '2026-08-24' },
      { value: 'SP', label: 'Spring', starts: '2027-01-11' },
      { value: 'X', label: 'Not dated' },
    ];
    expect(everyDatedOptionPast(terms, day('2027-01-10'))).toBe(false);
    expect(everyDatedOptionPast(terms, day('2027-01-11'))).toBe(true);
    expect(everyDatedOptionPast([{ value: 'A', label: 'A' }], day('2030-01-01'))).toBe(false);
  });
});
