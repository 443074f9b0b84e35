// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activeAlerts } from '../../../src/engine/alerts';
import { siteConfig } from '../../../src/engine/form-pages';
import { AlertBanner } from '../../../src/client/shell/alert-banner';

/** Local midnight, and the last millisecond of the day before. */
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const justBefore = (date: Date) => new Date(date.getTime() - 1);

const windows = [
  { start: day(2024, 11, 1), end: day(2024, 12, 16), deadline: 'December 15' },
  { start: day(2024, 12, 16), end: day(2025, 1, 16), deadline: 'January 15' },
  { start: day(2025, 2, 15), end: day(2025, 3, 16), deadline: 'March 15' },
  { start: day(2025, 3, 16), end: day(2025, 4, 16), deadline: 'April 15' },
];

afterEach(cleanup);

const texts = (now: Date) => activeAlerts(siteConfig.alerts, now).map((alert) => alert.text);

describe('alert windows (SPEC §4: start inclusive, end exclusive)', () => {
  it.each(windows)('the $deadline window opens at its start and closes at its end', (w) => {
    expect(texts(w.start)).toHaveLength(1);
    expect(texts(w.start)[0]).toContain(w.deadline);
    expect(texts(justBefore(w.end))[0]).toContain(w.deadline);
    expect(texts(w.end).join()).not.toContain(w.deadline);
    expect(texts(justBefore(w.start)).join()).not.toContain(w.deadline);
  });

  it('shows nothing between windows and after the last one', () => {
    expect(texts(day(2025, 1, 16))).toEqual([]);
    expect(texts(day(2025, 2, 14))).toEqual([]);
    expect(texts(day(2025, 4, 16))).toEqual([]);
    expect(texts(day(2024, 10, 31))).toEqual([]);
  });
});

describe('AlertBanner', () => {
  it('shows the alert of the window containing the injected date', () => {
    render(<AlertBanner now={day(2024, 12, 15)} />);
    const banner = screen.getByRole('region', { name: 'Important dates' });
    expect(banner.textContent).toContain('December 15');
  });

  it('switches to the next window on the end date', () => {
    render(<AlertBanner now={day(2024, 12, 16)} />);
    const banner = screen.getByRole('region', { name: 'Important dates' });
    expect(banner.textContent).toContain('January 15');
    expect(banner.textContent).not.toContain('December 15');
  });

  it('renders nothing outside every window', () => {
    const { container } = render(<AlertBanner now={day(2025, 2, 1)} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region', { name: 'Important dates' })).toBeNull();
  });
});
