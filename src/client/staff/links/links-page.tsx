import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ServerError } from '../../api/errors';
import { Notice } from '../../components/notice';
import { QueryError } from '../query-error';
import { queryString, staffApi } from '../staff-api';
import { formatDateTime } from '../staff-format';
import { StaffPage } from '../staff-page';
import type { IssuedLink, StaffLink } from '../../../contract/staff-admin';

const linksKey = ['staff', 'links'] as const;

/** The applicant with exactly this e-mail, found through the list's search. */
async function accountIdOf(email: string): Promise<string> {
  const list = await staffApi.applications(queryString({ q: email, pageSize: 25 }));
  const row = list.rows.find((r) => r.email.toLowerCase() === email.toLowerCase());
  if (!row) throw new ServerError('No applicant has this e-mail address.', { status: 404 });
  return row.accountId;
}

function linkState(link: StaffLink, now: number): string {
  if (link.revokedAt) return `Revoked ${formatDateTime(link.revokedAt)}`;
  if (Date.parse(link.expiresAt) <= now) return 'Expired';
  return 'Active';
}

/** /staff/links: issue a staff link for one applicant with an expiry; list and revoke links. */
export function LinksPage() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [days, setDays] = useState('7');
  const [issued, setIssued] = useState<IssuedLink & { email: string }>();
  const links = useQuery({ queryKey: linksKey, queryFn: ({ signal }) => staffApi.links(signal) });
  const issue = useMutation({
    mutationFn: async (input: { email: string; days: number }) => {
      const accountId = await accountIdOf(input.email);
      return { ...(await staffApi.issueLink({ accountId, days: input.days })), email: input.email };
    },
    onSuccess: (link) => {
      setIssued(link);
      void queryClient.invalidateQueries({ queryKey: linksKey });
    },
  });
  const revoke = useMutation({
    mutationFn: staffApi.revokeLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssued(undefined);
    issue.mutate({ email: email.trim(), days: Number(days) });
  };
  // A link's state as of when the list was read (rendering stays pure).
  const now = links.dataUpdatedAt;

  return (
    <StaffPage title="Staff links" hasErrors={issue.isError || revoke.isError}>
      <p>
        A staff link opens one applicant&apos;s application read-only, without signing in, until it
        expires or is revoked. Every read through it is recorded in the audit log.
      </p>
      <section aria-labelledby="issue-heading" className="staff-section">
        <h2 id="issue-heading">Issue a link</h2>
        <form className="staff-form staff-form--row" onSubmit={submit}>
          <div className="staff-filters__field staff-filters__field--wide">
            <label htmlFor="link-email">Applicant&apos;s e-mail address</label>
            <input
              id="link-email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="staff-filters__field">
            <label htmlFor="link-days">Expires after (days)</label>
            <input
              id="link-days"
              type="number"
              min={1}
              max={90}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={issue.isPending}>
            Issue link
          </button>
        </form>
        <QueryError error={issue.error} />
        {issued && (
          <Notice kind="success">
            <p>
              A link for {issued.email}, valid until {formatDateTime(issued.expiresAt)}. Copy it
              now: it is not shown again.
            </p>
            <label className="staff-issued" htmlFor="issued-url">
              Link
              <input
                id="issued-url"
                readOnly
                value={issued.url}
                onFocus={(e) => e.target.select()}
              />
            </label>
          </Notice>
        )}
      </section>
      <section aria-labelledby="links-heading" className="staff-section">
        <h2 id="links-heading">Links issued</h2>
        <QueryError error={links.error ?? revoke.error} />
        {links.data && links.data.links.length === 0 && (
          <p className="staff-empty">No links have been issued.</p>
        )}
        {links.data && links.data.links.length > 0 && (
          <div className="staff-table-wrap">
            <table className="staff-table">
              <caption className="visually-hidden">Links issued, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Applicant</th>
                  <th scope="col">Issued by</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Expires</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.data.links.map((link) => {
                  const state = linkState(link, now);
                  return (
                    <tr key={link.id}>
                      <td>{link.email ?? 'An erased applicant'}</td>
                      <td>{link.createdBy}</td>
                      <td>{formatDateTime(link.createdAt)}</td>
                      <td>{formatDateTime(link.expiresAt)}</td>
                      <td>{state}</td>
                      <td>
                        {state === 'Active' && (
                          <button
                            type="button"
                            className="button button--secondary"
                            disabled={revoke.isPending}
                            onClick={() => revoke.mutate(link.id)}
                            aria-label={`Revoke the link for ${link.email ?? 'an erased applicant'}`}
                          >
                            Revoke
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </StaffPage>
  );
}
