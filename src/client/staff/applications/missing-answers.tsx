import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../query-error';
import { staffApi } from '../staff-api';

/**
 * For an applicant whose submission was held back (validating): what they must still put
 * right, by page and by the page's groups of questions, as their own error summary says it.
 */
export function MissingAnswers({ accountId }: { accountId: string }) {
  const missing = useQuery({
    queryKey: ['staff', 'application', accountId, 'missing'],
    queryFn: ({ signal }) => staffApi.missingAnswers(accountId, signal),
    gcTime: 0,
  });
  const pages = missing.data?.pages;
  return (
    <section className="staff-missing" aria-labelledby="missing-heading">
      <h2 id="missing-heading">Still to answer before the application can be submitted</h2>
      <QueryError error={missing.error} />
      {pages && pages.length === 0 && <p>Nothing: every question now has a valid answer.</p>}
      {pages && pages.length > 0 && (
        <ul>
          {pages.map((page) => (
            <li key={page.page}>
              <strong>{page.title}</strong>
              <ul>
                {page.groups.map((group) => (
                  <li key={group.title}>
                    {group.title}: {group.messages.join(' ')}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
