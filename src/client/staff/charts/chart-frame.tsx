import './staff-charts.css';
import { useId, type ReactNode } from 'react';

interface ChartFrameProps {
  /** The chart's title: a heading, and the name of its figure and of its table. */
  title: string;
  /** The heading's level where the chart stands (3 inside a group under an h2). */
  level?: 2 | 3;
  /** Said instead of the chart when there is nothing to draw. */
  empty?: string;
  /** The table's column headings. */
  headings: [string, string];
  /** The figures as the table says them: one row each. */
  rows: readonly { label: string; value: string }[];
  /** The drawing, hidden from assistive technology (the table says the same). */
  children: ReactNode;
}

/**
 * Every chart of the console: a figure named by its heading, the drawing for the eye, and the
 * same figures as a table for assistive technology. The table is visually hidden inside a
 * clipping box: a table ignores its own width and overflow, so hidden by itself it still widens
 * the page.
 */
export function ChartFrame({ title, level = 2, empty, headings, rows, children }: ChartFrameProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <figure className="staff-chart" aria-labelledby={headingId}>
      <figcaption>
        <Heading id={headingId} className="staff-chart__title">
          {title}
        </Heading>
      </figcaption>
      {rows.length === 0 ? (
        <p className="staff-empty">{empty}</p>
      ) : (
        <>
          <div aria-hidden="true">{children}</div>
          <div className="visually-hidden">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{headings[0]}</th>
                  <th scope="col">{headings[1]}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${row.label}-${index}`}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
