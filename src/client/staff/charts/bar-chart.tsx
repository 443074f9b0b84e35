import { ChartFrame } from './chart-frame';

export interface Bar {
  label: string;
  value: number;
  /** Shown after the value (e.g. "48%"); the value alone when absent. */
  note?: string;
}

interface BarChartProps {
  title: string;
  level?: 2 | 3;
  /** The table's heading of the labels' column ("Field", "Page"). */
  labelHeading: string;
  valueHeading: string;
  bars: Bar[];
  empty: string;
}

const valueText = (bar: Bar) => (bar.note ? `${bar.value} (${bar.note})` : String(bar.value));

/**
 * Horizontal bars, one per label. The labels and figures are page text, not text inside a
 * scaled drawing, so they keep the page's size on a phone and wrap instead of being cut (a
 * label still too long is cut at two lines, whole in its title and in the table). Each bar is a
 * one-rectangle SVG stretched to its share: no inline styles, which the Content-Security-Policy
 * refuses, and no charting library (tens of kilobytes for shapes this simple).
 */
export function BarChart({ title, level, labelHeading, valueHeading, bars, empty }: BarChartProps) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ChartFrame
      title={title}
      level={level}
      empty={empty}
      headings={[labelHeading, valueHeading]}
      rows={bars.map((bar) => ({ label: bar.label, value: valueText(bar) }))}
    >
      <ol className="staff-bars">
        {bars.map((bar, index) => (
          <li key={`${bar.label}-${index}`} className="staff-bars__row">
            <span className="staff-bars__label" title={bar.label}>
              {bar.label}
            </span>
            <svg
              className="staff-bars__track"
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              focusable="false"
            >
              <rect
                className="staff-chart__bar"
                width={bar.value > 0 ? Math.max(1, (bar.value / max) * 100) : 0}
                height={10}
              />
            </svg>
            <span className="staff-bars__value">{valueText(bar)}</span>
          </li>
        ))}
      </ol>
    </ChartFrame>
  );
}
