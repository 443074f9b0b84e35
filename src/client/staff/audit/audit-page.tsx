import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Pager } from '../pager';
import { QueryError } from '../query-error';
import { queryString, staffApi, staffDownloads } from '../staff-api';
import { formatDateTime } from '../staff-format';
import { StaffPage } from '../staff-page';
import { FilterForm, reversedRange, type FilterField, type FilterValues } from '../ui/filter-form';
import { StaffTable, type StaffColumn } from '../ui/staff-table';
import type { AuditPage as AuditPageData } from '../../../contract/staff-admin';

const filterNames = ['actor', 'action', 'subject', 'from', 'to'] as const;
type Filters = FilterValues<(typeof filterNames)[number]>;

/** The filters; the Action filter offers every action the server knows, in words. */
const filterFieldsOf = (
  actions: readonly { action: string; text: string }[],
): FilterField<(typeof filterNames)[number]>[] => [
  { name: 'actor', label: 'Who', kind: 'text' },
  {
    name: 'action',
    label: 'Action',
    kind: 'select',
    options: [
      { value: '', label: 'Any action' },
      ...actions.map(({ action, text }) => ({ value: action, label: text })),
    ],
  },
  { name: 'subject', label: 'Applicant (name or e-mail)', kind: 'text' },
  { name: 'from', label: 'From', kind: 'date' },
  { name: 'to', label: 'To', kind: 'date' },
];
const pageSize = 50;

type AuditRow = AuditPageData['rows'][number];

const columns: StaffColumn<AuditRow>[] = [
  { id: 'at', label: 'When', cell: (row) => formatDateTime(row.at) },
  { id: 'actor', label: 'Who', cell: (row) => row.actorText },
  { id: 'action', label: 'Action', cell: (row) => row.actionText },
  {
    id: 'subject',
    label: 'Applicant',
    // An erased applicant's rows keep a pseudonym: the record stays, whose it was does not.
    cell: (row) => row.subjectName ?? row.subject ?? '',
  },
  { id: 'detail', label: 'What', className: 'staff-table__detail', cell: (row) => row.detailText },
  { id: 'ip', label: 'From', cell: (row) => row.ip ?? '' },
];

/**
 * /staff/audit: who read or did what, to whom, when and from where, newest first; filtered and
 * paged by the server, with the same filters as a CSV download. The filters live in the address.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    filterNames.map((name) => [name, params.get(name) ?? '']),
  ) as Filters;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = queryString({ ...filters, page, pageSize });
  const audit = useQuery({
    queryKey: ['staff', 'audit', query],
    queryFn: ({ signal }) => staffApi.audit(query, signal),
    placeholderData: keepPreviousData,
  });
  const show = (next: Filters, nextPage = 1) =>
    setParams(
      new URLSearchParams(queryString({ ...next, page: nextPage > 1 ? nextPage : undefined })),
    );
  const actions = useQuery({
    queryKey: ['staff', 'audit', 'actions'],
    queryFn: ({ signal }) => staffApi.auditActions(signal),
    staleTime: Infinity,
  });
  const data = audit.data;

  return (
    <StaffPage
      title="Audit log"
      actions={
        <a
          className="button button--secondary"
          href={staffDownloads.auditCsv(queryString(filters))}
          download
        >
          Download as CSV
        </a>
      }
    >
      <FilterForm
        key={queryString(filters)}
        label="Audit log"
        fields={filterFieldsOf(actions.data?.actions ?? [])}
        values={filters}
        submitLabel="Filter"
        check={(v) => reversedRange(v.from, v.to)}
        onSubmit={(next) => show(next)}
      />
      <QueryError error={audit.error} />
      {data && (
        <>
          <StaffTable
            caption="Audit records, newest first"
            columns={columns}
            rows={data.rows}
            rowKey={(row) => String(row.id)}
            empty="No records match."
            busy={audit.isFetching}
          />
          <Pager label="Audit log" of={data} asked={pageSize} onPage={(n) => show(filters, n)} />
        </>
      )}
    </StaffPage>
  );
}
