import type { SortOrder } from './list-search';

interface SortHeaderProps {
  label: string;
  active: boolean;
  order: SortOrder;
  onSort: (order: SortOrder) => void;
}

/**
 * A column header whose button sorts by the column (the other way round when it already does);
 * aria-sort tells assistive technology which column sorts the table and how.
 */
export function SortHeader({ label, active, order, onSort }: SortHeaderProps) {
  const sort = active ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={sort}>
      <button
        type="button"
        className="staff-sort"
        onClick={() => onSort(active && order === 'asc' ? 'desc' : 'asc')}
      >
        {label}
        <span className="staff-sort__arrow" aria-hidden="true">
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
