import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../../routing/app-link';
import { QueryError } from '../query-error';
import { Pager } from '../pager';
import { staffApi } from '../staff-api';
import { formatDateTime, statusLabels } from '../staff-format';
import { StaffPage } from '../staff-page';
import { StaffTable, type StaffColumn } from '../ui/staff-table';
import { usePageTitle } from '../use-form-view';
import { staffPaths } from '../staff-paths';
import type {
  ApplicationsPage as ApplicationList,
  ApplicationStatus as WebStatus,
} from '../../../contract/staff-applications';
import { ApplicationFilters } from './application-filters';
import {
  applicationsQuery,
  pageSize,
  useListSearch,
  type ListSearch,
  type SortColumn,
} from './list-search';
import { SortHeader } from './sort-header';

const columns: { id: SortColumn; label: string }[] = [
  { id: 'status', label: 'Status' },
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'E-mail' },
  { id: 'lastPage', label: 'Last page' },
  { id: 'lastActivity', label: 'Last activity' },
  { id: 'submittedAt', label: 'Submitted at' },
];

type Row = ApplicationList['rows'][number];

/** The list's columns: each sortable one headed by its sort button, then the documents. */
function tableColumns(
  search: ListSearch,
  change: (next: Partial<ListSearch>) => void,
  listSearch: string,
  pageTitle: (page: string | null | undefined) => string,
): StaffColumn<Row>[] {
  const cells: Record<SortColumn, (row: Row) => ReactNode> = {
    status: (row) => (
      <span className={`staff-status staff-status--${row.status}`}>{statusLabels[row.status]}</span>
    ),
    name: (row) => (
      <AppLink to={staffPaths.application(row.accountId)} state={{ listSearch }}>
        {row.name || 'No name given'}
      </AppLink>
    ),
    email: (row) => row.email,
    lastPage: (row) => pageTitle(row.lastPage),
    lastActivity: (row) => formatDateTime(row.lastActivityAt),
    submittedAt: (row) => formatDateTime(row.submittedAt),
  };
  return [
    ...columns.map((column) => ({
      id: column.id,
      label: column.label,
      className: `staff-table__${column.id}`,
      header: (
        <SortHeader
          key={column.id}
          label={column.label}
          active={search.sort === column.id}
          order={search.order}
          onSort={(order) => change({ sort: column.id, order })}
        />
      ),
      cell: cells[column.id],
    })),
    {
      id: 'documents',
      label: 'Documents',
      className: 'staff-table__number',
      cell: (row) => row.documents,
    },
  ];
}

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
          <StaffTable
            caption={`Applications, sorted by ${columns.find((c) => c.id === search.sort)?.label ?? ''} ${search.order === 'asc' ? 'ascending' : 'descending'}`}
            columns={tableColumns(search, change, listSearch, pageTitle)}
            rows={data.rows}
            rowKey={(row) => row.accountId}
            empty="No applications match this search."
            busy={list.isFetching}
          />
          <Pager
            label="Applications"
            of={data}
            asked={pageSize}
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
