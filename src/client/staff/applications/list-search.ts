import { useSearchParams } from 'react-router-dom';
import { queryString } from '../staff-api';
import type { ApplicationStatus as WebStatus } from '../../../contract/staff-applications';

export type SortColumn = 'name' | 'email' | 'status' | 'lastPage' | 'lastActivity' | 'submittedAt';
export type SortOrder = 'asc' | 'desc';

export interface ListSearch {
  status: WebStatus | '';
  submittedFrom: string;
  submittedTo: string;
  q: string;
  sort: SortColumn;
  order: SortOrder;
  page: number;
}

export const pageSize = 25;
const statuses: readonly string[] = ['none', 'started', 'validating', 'submitted'];
const columns: readonly string[] = [
  'name',
  'email',
  'status',
  'lastPage',
  'lastActivity',
  'submittedAt',
];
const day = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters, sort and page from the address; anything unreadable takes its default. */
function readListSearch(params: URLSearchParams): ListSearch {
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  const dayOf = (name: string) => {
    const value = params.get(name) ?? '';
    return day.test(value) ? value : '';
  };
  return {
    status: statuses.includes(status) ? (status as WebStatus) : '',
    submittedFrom: dayOf('submittedFrom'),
    submittedTo: dayOf('submittedTo'),
    q: params.get('q')?.trim() ?? '',
    sort: columns.includes(sort) ? (sort as SortColumn) : 'lastActivity',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string of GET /applications for a list search. */
export const applicationsQuery = (search: ListSearch) => queryString({ ...search, pageSize });

/**
 * The list's state lives in the address, so Back and Forward step through searches and a search
 * can be shared. Each change is a new history entry; a change of filter starts at page 1.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const search = readListSearch(params);
  const change = (next: Partial<ListSearch>) => {
    const merged = { ...search, page: 1, ...next };
    const defaults = readListSearch(new URLSearchParams());
    const shown: Record<string, string | number | undefined> = {};
    for (const [name, value] of Object.entries(merged)) {
      if (value !== defaults[name as keyof ListSearch]) shown[name] = value;
    }
    setParams(new URLSearchParams(queryString(shown)));
  };
  return { search, change };
}
