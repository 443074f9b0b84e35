import { statusLabels } from '../staff-format';
import { FilterForm, reversedRange, type FilterField, type FilterValues } from '../ui/filter-form';
import type { ApplicationStatus as WebStatus } from '../../../contract/staff-applications';
import type { ListSearch } from './list-search';

type Name = 'q' | 'status' | 'submittedFrom' | 'submittedTo';

const fields: FilterField<Name>[] = [
  { name: 'q', label: 'Name or e-mail', kind: 'search', wide: true },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: [
      { value: '', label: 'Any status' },
      ...Object.entries(statusLabels).map(([value, label]) => ({ value, label })),
    ],
  },
  { name: 'submittedFrom', label: 'Submitted from', kind: 'date' },
  { name: 'submittedTo', label: 'Submitted to', kind: 'date' },
];

interface FiltersProps {
  search: ListSearch;
  onSearch: (next: Partial<ListSearch>) => void;
}

/**
 * The search box and filters of the applications, applied together with Search. Remounted
 * from the address when it changes (Back, a count).
 */
export function ApplicationFilters({ search, onSearch }: FiltersProps) {
  const values: FilterValues<Name> = {
    q: search.q,
    status: search.status,
    submittedFrom: search.submittedFrom,
    submittedTo: search.submittedTo,
  };
  return (
    <FilterForm
      label="Applications"
      fields={fields}
      values={values}
      submitLabel="Search"
      check={(v) => reversedRange(v.submittedFrom, v.submittedTo)}
      onSubmit={(v) => onSearch({ ...v, q: v.q.trim(), status: v.status as WebStatus | '' })}
      onClear={() => onSearch({ q: '', status: '', submittedFrom: '', submittedTo: '' })}
    />
  );
}
