import { useId } from 'react';
import { formatDay } from '../staff-format';

interface DayChartProps {
  caption: string;
  days: { day: string; count: number }[];
  empty: string;
}

const width = 640;
const height = 220;
const left = 40;
const bottom = 28;
const top = 12;

/**
 * A count per day as columns, hand-drawn in SVG like BarChart (no charting library: it would
 * outweigh the console it draws in). Days without submissions between the first and the last
 * are drawn as gaps, so the time axis stays even. The table beside it carries the figures for
 * assistive technology.
 */
export function DayChart({ caption, days, empty }: DayChartProps) {
  const captionId = useId();
  const series = everyDay(days);
  const max = Math.max(1, ...series.map((d) => d.count));
  const plotWidth = width - left - 8;
  const plotHeight = height - top - bottom;
  const step = plotWidth / Math.max(1, series.length);
  const first = series[0];
  const last = series.at(-1);
  return (
    <figure className="staff-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="staff-chart__caption">
        {caption}
      </figcaption>
      {!first || !last ? (
        <p className="staff-empty">{empty}</p>
      ) : (
        <>
          <svg
            className="staff-chart__drawing"
            viewBox={`0 0 ${width} ${height}`}
            aria-hidden="true"
            focusable="false"
          >
            <line
              className="staff-chart__axis"
              x1={left}
              x2={width - 8}
              y1={top + plotHeight}
              y2={top + plotHeight}
            />
            <text className="staff-chart__value" x={left - 6} y={top + 4} textAnchor="end">
              {max}
            </text>
            <text className="staff-chart__value" x={left - 6} y={top + plotHeight} textAnchor="end">
              0
            </text>
            {series.map((d, index) => {
              const barHeight = (d.count / max) * plotHeight;
              return (
                <rect
                  key={d.day}
                  className="staff-chart__bar"
                  x={left + index * step + step * 0.15}
                  y={top + plotHeight - barHeight}
                  width={Math.max(1, step * 0.7)}
                  height={barHeight}
                />
              );
            })}
            <text className="staff-chart__label" x={left} y={height - 8}>
              {formatDay(first.day)}
            </text>
            {series.length > 1 && (
              <text className="staff-chart__label" x={width - 8} y={height - 8} textAnchor="end">
                {formatDay(last.day)}
              </text>
            )}
          </svg>
          <table className="visually-hidden">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Submissions</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDay(d.day)}</th>
                  <td>{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
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
