import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { QueryError } from '../query-error';
import { Pager } from '../pager';
import { staffApi } from '../staff-api';
import { formatDateTime, statusLabels } from '../staff-format';
import { StaffPage } from '../staff-page';
import { usePageTitle } from '../use-form-view';
import { staffPaths } from '../staff-paths';
import type {
  ApplicationsPage as ApplicationList,
  ApplicationStatus as WebStatus,
} from '../../../contract/staff-applications';
import { ApplicationFilters } from './application-filters';
import { applicationsQuery, pageSize, useListSearch, type SortColumn } from './list-search';
import { SortHeader } from './sort-header';

const columns: { id: SortColumn; label: string }[] = [
  { id: 'status', label: 'Status' },
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'E-mail' },
  { id: 'lastPage', label: 'Last page' },
  { id: 'lastActivity', label: 'Last activity' },
  { id: 'submittedAt', label: 'Submitted at' },
];

/** /staff: every application, paged, sorted and filtered by the server. */
export function ApplicationsPage() {
  const { search, change } = useListSearch();
  const listSearch = useLocation().search;
  const query = applicationsQuery(search);
  const list = useQuery({
    queryKey: ['staff', 'applications', query],
    queryFn: ({ signal }) => staffApi.applications(query, signal),
    // The table stays while the next page or sort loads, rather than blinking empty.
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const pageTitle = usePageTitle();

  return (
    <StaffPage title="Applications">
      {data && <StatusCounts counts={data.counts} current={search.status} onStatus={change} />}
      <ApplicationFilters key={query} search={search} onSearch={change} />
      <QueryError error={list.error} />
      {data && (
        <>
          <div className="staff-table-wrap" aria-busy={list.isFetching || undefined}>
            <table className="staff-table">
              <caption className="visually-hidden">
                Applications, sorted by {columns.find((c) => c.id === search.sort)?.label}{' '}
                {search.order === 'asc' ? 'ascending' : 'descending'}
              </caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <SortHeader
                      key={column.id}
                      label={column.label}
                      active={search.sort === column.id}
                      order={search.order}
                      onSort={(order) => change({ sort: column.id, order })}
                    />
                  ))}
                  <th scope="col">Documents</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.accountId}>
                    <td>
                      <span className={`staff-status staff-status--${row.status}`}>
                        {statusLabels[row.status]}
                      </span>
                    </td>
                    <td>
                      <Link to={staffPaths.application(row.accountId)} state={{ listSearch }}>
                        {row.name || 'No name given'}
                      </Link>
                    </td>
                    <td>{row.email}</td>
                    <td>{pageTitle(row.lastPage)}</td>
                    <td>{formatDateTime(row.lastActivityAt)}</td>
                    <td>{formatDateTime(row.submittedAt)}</td>
                    <td className="staff-table__number">{row.documents}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.rows.length === 0 && (
              <p className="staff-empty">No applications match this search.</p>
            )}
          </div>
          <Pager
            label="Applications"
            page={data.page}
            pageSize={data.pageSize || pageSize}
            total={data.total}
            onPage={(page) => change({ page })}
          />
        </>
      )}
    </StaffPage>
  );
}

const countOrder: ('all' | WebStatus)[] = ['all', 'none', 'started', 'validating', 'submitted'];

/** The counts at the top, each a button that filters the list to its status. */
function StatusCounts({
  counts,
  current,
  onStatus,
}: {
  counts: ApplicationList['counts'];
  current: WebStatus | '';
  onStatus: (next: { status: WebStatus | '' }) => void;
}) {
  return (
    <ul className="staff-counts" aria-label="Applications by status">
      {countOrder.map((status) => {
        const value = status === 'all' ? '' : status;
        return (
          <li key={status}>
            <button
              type="button"
              className="staff-counts__item"
              aria-pressed={current === value}
              onClick={() => onStatus({ status: value })}
            >
              <span className="staff-counts__number">{counts[status]}</span>
              <span className="staff-counts__label">
                {status === 'all' ? 'All' : statusLabels[status]}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
