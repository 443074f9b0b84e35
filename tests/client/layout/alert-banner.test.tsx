// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activeAlerts } from '../../../src/engine/alerts';
import { siteConfig } from '../../../src/forms/site-config';
import { AlertBanner } from '../../../src/client/layout/alert-banner';

/** Local midnight, and the last millisecond of the day before. */
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const justBefore = (date: Date) => new Date(date.getTime() - 1);
const localDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return day(y!, m!, d!);
};

// This cycle's windows, as forms/site.json has them (admissions staff change them each year).
const windows = siteConfig.alerts.map((alert) => ({
  start: localDay(alert.start),
  end: localDay(alert.end),
  deadline: /deadline is (\w+ \d+)/.exec(alert.text)?.[1] ?? alert.text,
}));

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

  it("has this cycle's four deadlines, and nothing after the last window", () => {
    expect(windows.map((w) => w.deadline)).toEqual([
      'December 15',
      'January 15',
      'March 15',
      'April 15',
    ]);
    expect(texts(windows[1]!.end)).toEqual([]); // between January 15 and the March window
    expect(texts(windows.at(-1)!.end)).toEqual([]);
    expect(texts(justBefore(windows[0]!.start))).toEqual([]);
  });
});

describe('AlertBanner', () => {
  it('shows the alert of the window containing the injected date', () => {
    render(<AlertBanner now={justBefore(windows[0]!.end)} />);
    const banner = screen.getByRole('region', { name: 'Important dates' });
    expect(banner).toHaveTextContent('December 15');
  });

  it('switches to the next window on the end date', () => {
    render(<AlertBanner now={windows[1]!.start} />);
    const banner = screen.getByRole('region', { name: 'Important dates' });
    expect(banner).toHaveTextContent('January 15');
    expect(banner).not.toHaveTextContent('December 15');
  });

  it('renders nothing outside every window', () => {
    const { container } = render(<AlertBanner now={windows.at(-1)!.end} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region', { name: 'Important dates' })).not.toBeInTheDocument();
  });
});
