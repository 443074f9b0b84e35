import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
  /** Shown after the value (e.g. "48%"); the value alone when absent. */
  note?: string;
}

interface BarChartProps {
  caption: string;
  /** The table's heading of the labels' column ("Field", "Page"). */
  labelHeading: string;
  valueHeading: string;
  bars: Bar[];
  /** Said instead of an empty chart. */
  empty: string;
}

const width = 640;
const labelWidth = 230;
const valueWidth = 90;
const rowHeight = 30;
const barHeight = 18;
/** Beyond this many characters a label is cut in the drawing (the table keeps it whole). */
const labelChars = 34;

const cut = (label: string) =>
  label.length > labelChars ? `${label.slice(0, labelChars - 1).trimEnd()}…` : label;

/**
 * Horizontal bars, one per label, drawn as SVG by hand: a charting library would add tens of
 * kilobytes to the console for shapes this simple. The drawing is hidden from assistive
 * technology; the same figures are in a table that is visually hidden, named by the caption.
 */
export function BarChart({ caption, labelHeading, valueHeading, bars, empty }: BarChartProps) {
  const captionId = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const plot = width - labelWidth - valueWidth;
  const height = Math.max(1, bars.length) * rowHeight;
  return (
    <figure className="staff-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="staff-chart__caption">
        {caption}
      </figcaption>
      {bars.length === 0 ? (
        <p className="staff-empty">{empty}</p>
      ) : (
        <>
          <svg
            className="staff-chart__drawing"
            viewBox={`0 0 ${width} ${height}`}
            aria-hidden="true"
            focusable="false"
          >
            {bars.map((bar, index) => {
              const y = index * rowHeight;
              const length = (bar.value / max) * plot;
              return (
                <g key={`${bar.label}-${index}`}>
                  <text
                    className="staff-chart__label"
                    x={labelWidth - 8}
                    y={y + rowHeight / 2}
                    textAnchor="end"
                    dominantBaseline="middle"
                  >
                    {cut(bar.label)}
                  </text>
                  <rect
                    className="staff-chart__bar"
                    x={labelWidth}
                    y={y + (rowHeight - barHeight) / 2}
                    width={Math.max(bar.value > 0 ? 2 : 0, length)}
                    height={barHeight}
                  />
                  <text
                    className="staff-chart__value"
                    x={labelWidth + length + 6}
                    y={y + rowHeight / 2}
                    dominantBaseline="middle"
                  >
                    {bar.note ? `${bar.value} (${bar.note})` : bar.value}
                  </text>
                </g>
              );
            })}
          </svg>
          <table className="visually-hidden">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeading}</th>
                <th scope="col">{valueHeading}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar, index) => (
                <tr key={`${bar.label}-${index}`}>
                  <th scope="row">{bar.label}</th>
                  <td>{bar.note ? `${bar.value} (${bar.note})` : bar.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
