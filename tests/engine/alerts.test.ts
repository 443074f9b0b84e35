import { describe, expect, it } from 'vitest';
import { activeAlerts } from '../../src/engine/alerts';
import { siteConfig } from '../../src/engine/form-pages';

const at = (date: string) =>
  activeAlerts(siteConfig.alerts, new Date(`${date}T09:00:00`)).map((a) => a.start);

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
    expect(activeAlerts(siteConfig.alerts, new Date(2024, 10, 1, 0, 5)).length).toBe(1);
    expect(activeAlerts(siteConfig.alerts, new Date(2024, 9, 31, 23, 55)).length).toBe(0);
  });
});
