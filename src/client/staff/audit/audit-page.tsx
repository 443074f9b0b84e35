import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Pager } from '../pager';
import { QueryError } from '../query-error';
import { queryString, staffApi, staffDownloads } from '../staff-api';
import { formatDateTime } from '../staff-format';
import { StaffPage } from '../staff-page';

/** The audit actions (BRIEF-staff.md), offered as the action filter. */
const actions = [
  'application.read',
  'application.packet',
  'application.document',
  'export.csv',
  'export.jsonl',
  'audit.export',
  'link.issue',
  'link.revoke',
  'data.export',
  'data.erase',
  'staff.add',
  'staff.remove',
  'staff.sign-in',
];
const filterNames = ['actor', 'action', 'subject', 'from', 'to'] as const;
type Filters = Record<(typeof filterNames)[number], string>;
const pageSize = 50;

const detailText = (detail: unknown) =>
  detail === null ||
  detail === undefined ||
  (typeof detail === 'object' && Object.keys(detail).length === 0)
    ? ''
    : typeof detail === 'string'
      ? detail
      : JSON.stringify(detail);

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
      <AuditFilters key={queryString(filters)} filters={filters} onFilter={(next) => show(next)} />
      <QueryError error={audit.error} />
      {data && (
        <>
          <div className="staff-table-wrap" aria-busy={audit.isFetching || undefined}>
            <table className="staff-table">
              <caption className="visually-hidden">Audit records, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Detail</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDateTime(row.at)}</td>
                    <td>{row.actor}</td>
                    <td>{row.action}</td>
                    <td>{row.subject ?? ''}</td>
                    <td className="staff-table__detail">{detailText(row.detail)}</td>
                    <td>{row.ip ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.rows.length === 0 && <p className="staff-empty">No records match.</p>}
          </div>
          <Pager
            label="Audit log"
            page={data.page}
            pageSize={data.pageSize || pageSize}
            total={data.total}
            onPage={(next) => show(filters, next)}
          />
        </>
      )}
    </StaffPage>
  );
}

function AuditFilters({
  filters,
  onFilter,
}: {
  filters: Filters;
  onFilter: (next: Filters) => void;
}) {
  const [values, setValues] = useState(filters);
  const set = (name: keyof Filters) => (value: string) =>
    setValues((v) => ({ ...v, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(values);
  };
  return (
    <form className="staff-filters" role="search" aria-label="Audit log" onSubmit={submit}>
      <div className="staff-filters__field">
        <label htmlFor="audit-actor">Who</label>
        <input
          id="audit-actor"
          value={values.actor}
          onChange={(e) => set('actor')(e.target.value)}
        />
      </div>
      <div className="staff-filters__field">
        <label htmlFor="audit-action">Action</label>
        <select
          id="audit-action"
          value={values.action}
          onChange={(e) => set('action')(e.target.value)}
        >
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action}>{action}</option>
          ))}
        </select>
      </div>
      <div className="staff-filters__field">
        <label htmlFor="audit-subject">Subject</label>
        <input
          id="audit-subject"
          value={values.subject}
          onChange={(e) => set('subject')(e.target.value)}
        />
      </div>
      <div className="staff-filters__field">
        <label htmlFor="audit-from">From</label>
        <input
          id="audit-from"
          type="date"
          value={values.from}
          onChange={(e) => set('from')(e.target.value)}
        />
      </div>
      <div className="staff-filters__field">
        <label htmlFor="audit-to">To</label>
        <input
          id="audit-to"
          type="date"
          value={values.to}
          onChange={(e) => set('to')(e.target.value)}
        />
      </div>
      <div className="staff-filters__actions">
        <button type="submit" className="button button--primary">
          Filter
        </button>
      </div>
    </form>
  );
}
