import { useState, type FormEvent } from 'react';
import { statusLabels } from '../staff-format';
import type { ApplicationStatus as WebStatus } from '../../../contract/staff-applications';
import type { ListSearch } from './list-search';

interface FiltersProps {
  search: ListSearch;
  onSearch: (next: Partial<ListSearch>) => void;
}

/**
 * The search box and filters, applied together with Search (not on every key, so each search is
 * one request and one history entry). Remounted from the address when it changes (Back, a count).
 */
export function ApplicationFilters({ search, onSearch }: FiltersProps) {
  const [q, setQ] = useState(search.q);
  const [status, setStatus] = useState(search.status);
  const [from, setFrom] = useState(search.submittedFrom);
  const [to, setTo] = useState(search.submittedTo);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: q.trim(), status, submittedFrom: from, submittedTo: to });
  };
  const clear = () => onSearch({ q: '', status: '', submittedFrom: '', submittedTo: '' });
  return (
    <form className="staff-filters" role="search" aria-label="Applications" onSubmit={submit}>
      <div className="staff-filters__field staff-filters__field--wide">
        <label htmlFor="filter-q">Name or e-mail</label>
        <input id="filter-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <div className="staff-filters__field">
        <label htmlFor="filter-status">Status</label>
        <select
          id="filter-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as WebStatus | '')}
        >
          <option value="">Any status</option>
          {Object.entries(statusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="staff-filters__field">
        <label htmlFor="filter-from">Submitted from</label>
        <input
          id="filter-from"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="staff-filters__field">
        <label htmlFor="filter-to">Submitted to</label>
        <input id="filter-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="staff-filters__actions">
        <button type="submit" className="button button--primary">
          Search
        </button>
        <button type="button" className="button button--secondary" onClick={clear}>
          Clear
        </button>
      </div>
    </form>
  );
}
