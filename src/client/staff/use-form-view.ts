import { useQuery } from '@tanstack/react-query';

/**
 * The staff view's module (the application's sheets and the form's page titles), loaded when a
 * screen first needs it, through the form loader that loads it for staff links: a direct import
 * from the console would make the bundler regroup the applicant's chunks (issue 17: an
 * applicant's first load of /about must not grow).
 */
export function useFormView() {
  return useQuery({
    queryKey: ['staff', 'form-view'],
    queryFn: () => import('../session/form-loader').then((module) => module.loadServiceView()),
    // A module, not data: nothing to compare or copy, and kept for good once loaded.
    structuralSharing: false,
    gcTime: Infinity,
  });
}

/** A form page's title once the form has loaded; its id until then, or a dash for none. */
export function usePageTitle(): (page: string | null | undefined) => string {
  const view = useFormView().data;
  return (page) => (page ? (view ? view.pageTitleOf(page) : page) : '—');
}
