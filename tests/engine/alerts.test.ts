import { describe, expect, it } from 'vitest';
import { activeAlerts } from '../../src/engine/alerts';

// The windows SPEC §4 lists (the shipped forms/site.json holds this cycle's, which change yearly).
const specWindows = [
  { start: '2024-11-01', end: '2024-12-16', text: 'December 15' },
  { start: '2024-12-16', end: '2025-01-16', text: 'January 15' },
  { start: '2025-02-15', end: '2025-03-16', text: 'March 15' },
  { start: '2025-03-16', end: '2025-04-16', text: 'April 15' },
];
const at = (date: string) =>
  activeAlerts(specWindows, new Date(`${date}T09:00:00`)).map((a) => a.start);

describe('alert windows of SPEC §4 (start inclusive, end exclusive)', () => {
  it('shows each window from its first day up to the day before its end', () => {
    expect(at('2024-10-31')).toEqual([]);
    expect(at('2024-11-01')).toEqual(['2024-11-01']);
    expect(at('2024-12-15')).toEqual(['2024-11-01']);
    expect(at('2024-12-16')).toEqual(['2024-12-16']);
    expect(at('2025-01-15')).toEqual(['2024-12-16']);
    expect(at('2025-01-16')).toEqual([]);
    expect(at('2025-02-15')).toEqual(['2025-02-15']);
    expect(at('2025-03-16')).toEqual(['2025-03-16']);
    expect(at('2025-04-15')).toEqual(['2025-03-16']);
    expect(at('2025-04-16')).toEqual([]);
  });

  it('uses the local calendar date, not UTC', () => {
    expect(activeAlerts(specWindows, new Date(2024, 10, 1, 0, 5)).length).toBe(1);
    expect(activeAlerts(specWindows, new Date(2024, 9, 31, 23, 55)).length).toBe(0);
  });
});
