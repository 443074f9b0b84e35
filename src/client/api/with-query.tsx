import { createElement, type ComponentType } from 'react';

/**
 * A lazily loaded component that uses TanStack Query, with the query boundary loaded beside it
 * (api/query-boundary.tsx): both arrive together, and the component renders under the
 * application's query client. Made once per load, so React sees the same component each time.
 */
export function withQuery<Props extends object>(
  load: Promise<ComponentType<Props>>,
): Promise<ComponentType<Props>> {
  return Promise.all([load, import('./query-boundary')]).then(([component, { QueryBoundary }]) => {
    function WithQuery(props: Props) {
      return <QueryBoundary>{createElement(component, props)}</QueryBoundary>;
    }
    WithQuery.displayName = `WithQuery(${component.displayName ?? component.name})`;
    return WithQuery;
  });
}
