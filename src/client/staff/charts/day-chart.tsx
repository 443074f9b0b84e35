import { formatDay } from '../staff-format';
import { ChartFrame } from './chart-frame';

interface DayChartProps {
  title: string;
  days: { day: string; count: number }[];
  empty: string;
}

const width = 640;
const height = 180;

/**
 * A count per day as columns. Days without submissions between the first and the last are
 * drawn as gaps, so the time axis stays even. The drawing holds shapes only; its scale and its
 * first and last days are page text around it, which keeps its size on a phone where the
 * drawing shrinks.
 */
export function DayChart({ title, days, empty }: DayChartProps) {
  const series = everyDay(days);
  const max = Math.max(1, ...series.map((d) => d.count));
  const step = width / Math.max(1, series.length);
  const first = series[0];
  const last = series.at(-1);
  return (
    <ChartFrame
      title={title}
      empty={empty}
      headings={['Day', 'Submissions']}
      rows={days.map((d) => ({ label: formatDay(d.day), value: String(d.count) }))}
    >
      <div className="staff-days">
        <span className="staff-days__max">{max}</span>
        <svg
          className="staff-days__drawing"
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          focusable="false"
        >
          <line className="staff-chart__axis" x1={0} x2={width} y1={height} y2={height} />
          {series.map((d, index) => {
            const barHeight = (d.count / max) * height;
            return (
              <rect
                key={d.day}
                className="staff-chart__bar"
                x={index * step + step * 0.15}
                y={height - barHeight}
                width={Math.max(1, step * 0.7)}
                height={barHeight}
              />
            );
          })}
        </svg>
        <span className="staff-days__zero">0</span>
        <span className="staff-days__axis">
          <span>{first && formatDay(first.day)}</span>
          {series.length > 1 && <span>{last && formatDay(last.day)}</span>}
        </span>
      </div>
    </ChartFrame>
  );
}

const dayMs = 86_400_000;

/** The days from the first to the last, with 0 for the days the server did not list. */
function everyDay(days: { day: string; count: number }[]): { day: string; count: number }[] {
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  const counts = new Map(sorted.map((d) => [d.day, d.count]));
  const start = Date.parse(`${first.day}T00:00:00Z`);
  const end = Date.parse(`${last.day}T00:00:00Z`);
  // A year of days at most: a longer range would draw columns too thin to see anyway.
  if (Number.isNaN(start) || Number.isNaN(end) || end - start > 366 * dayMs) return sorted;
  const series = [];
  for (let t = start; t <= end; t += dayMs) {
    const day = new Date(t).toISOString().slice(0, 10);
    series.push({ day, count: counts.get(day) ?? 0 });
  }
  return series;
}
