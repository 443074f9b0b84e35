import { useId, type ReactNode } from 'react';

export interface StaffColumn<Row> {
  id: string;
  label: string;
  /** Said to assistive technology only (an actions column has no visible heading). */
  hiddenLabel?: boolean;
  /** A whole header cell of its own (a sort button), in place of the plain one. */
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
}

interface StaffTableProps<Row> {
  /** The table's name: its caption, and the name of the region that scrolls it. */
  caption: string;
  columns: StaffColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Said under the headings when there are no rows. */
  empty?: string;
  /** The next rows are loading (the old ones stay meanwhile). */
  busy?: boolean;
}

/**
 * Every table of the console. A table wider than a phone scrolls inside its own region, which
 * can take focus and is named by the caption, so a keyboard user can scroll it too (axe's
 * scrollable-region-focusable) and the page itself never scrolls sideways.
 */
export function StaffTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  busy = false,
}: StaffTableProps<Row>) {
  const captionId = useId();
  return (
    <div
      className="staff-table-wrap"
      role="region"
      aria-labelledby={captionId}
      // Focusable so the keyboard can scroll it; 0 keeps it in the page's own order.
      tabIndex={0}
      aria-busy={busy || undefined}
    >
      <table className="staff-table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map(
              (column) =>
                column.header ?? (
                  <th key={column.id} scope="col" className={column.className}>
                    {column.hiddenLabel ? (
                      <span className="visually-hidden">{column.label}</span>
                    ) : (
                      column.label
                    )}
                  </th>
                ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.id} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && empty && <p className="staff-empty">{empty}</p>}
    </div>
  );
}
