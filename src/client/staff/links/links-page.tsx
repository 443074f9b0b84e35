import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryError } from '../query-error';
import { staffApi } from '../staff-api';
import { formatDateTime } from '../staff-format';
import { StaffPage } from '../staff-page';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { StaffTable, type StaffColumn } from '../ui/staff-table';
import { StatusMessage, useAnnouncement } from '../ui/status-message';
import type { IssuedLink as Issued, StaffLink } from '../../../contract/staff-admin';
import { IssueLinkForm } from './issue-link-form';
import { IssuedLink } from './issued-link';

const linksKey = ['staff', 'links'] as const;

function linkState(link: StaffLink, now: number): string {
  if (link.revokedAt) return `Revoked ${formatDateTime(link.revokedAt)}`;
  if (Date.parse(link.expiresAt) <= now) return 'Expired';
  return 'Active';
}

const whose = (link: StaffLink) => link.email ?? 'an erased applicant';

/** /staff/links: issue a staff link for one applicant with an expiry; list and revoke links. */
export function LinksPage() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [issued, setIssued] = useState<Issued & { email: string }>();
  const [toRevoke, setToRevoke] = useState<StaffLink>();
  const { announcement, announce } = useAnnouncement();
  const links = useQuery({ queryKey: linksKey, queryFn: ({ signal }) => staffApi.links(signal) });
  const revoke = useMutation({
    mutationFn: (link: StaffLink) => staffApi.revokeLink(link.id),
    onSuccess: (revoked, link) => {
      setToRevoke(undefined);
      // The panel of a link just issued must not offer a link that no longer opens.
      setIssued((shown) => (shown?.id === revoked.id ? undefined : shown));
      announce('success', `The link for ${whose(link)} was revoked. It no longer opens.`);
      return queryClient.invalidateQueries({ queryKey: linksKey });
    },
  });
  // A link's state as of when the list was read (rendering stays pure).
  const now = links.dataUpdatedAt;
  const columns: StaffColumn<StaffLink>[] = [
    { id: 'email', label: 'Applicant', cell: (link) => link.email ?? 'An erased applicant' },
    { id: 'by', label: 'Issued by', cell: (link) => link.createdBy },
    { id: 'at', label: 'Issued', cell: (link) => formatDateTime(link.createdAt) },
    { id: 'expires', label: 'Expires', cell: (link) => formatDateTime(link.expiresAt) },
    { id: 'state', label: 'State', cell: (link) => linkState(link, now) },
    {
      id: 'actions',
      label: 'Actions',
      hiddenLabel: true,
      cell: (link) =>
        linkState(link, now) === 'Active' && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              revoke.reset();
              setToRevoke(link);
            }}
            aria-label={`Revoke the link for ${whose(link)}`}
          >
            Revoke
          </button>
        ),
    },
  ];

  return (
    <StaffPage title="Staff links" hasErrors={revoke.isError}>
      <p>
        A staff link opens one applicant&apos;s application read-only, without signing in, until it
        expires or is revoked. Every read through it is recorded in the audit log.
      </p>
      <section aria-labelledby="issue-heading" className="staff-section">
        <h2 id="issue-heading">Issue a link</h2>
        <IssueLinkForm
          initialEmail={params.get('email') ?? ''}
          onIssuing={() => setIssued(undefined)}
          onIssued={(link) => {
            setIssued(link);
            void queryClient.invalidateQueries({ queryKey: linksKey });
          }}
        />
        {issued && <IssuedLink link={issued} />}
      </section>
      <section aria-labelledby="links-heading" className="staff-section">
        <h2 id="links-heading">Links issued</h2>
        <StatusMessage announcement={announcement} />
        <QueryError error={links.error} />
        {links.data && (
          <StaffTable
            caption="Links issued, newest first"
            columns={columns}
            rows={links.data.links}
            rowKey={(link) => link.id}
            empty="No links have been issued."
          />
        )}
      </section>
      {toRevoke && (
        <ConfirmDialog
          title="Revoke this link?"
          confirmLabel="Revoke the link"
          danger
          busy={revoke.isPending}
          error={revoke.error}
          onConfirm={() => revoke.mutate(toRevoke)}
          onCancel={() => setToRevoke(undefined)}
        >
          <p>
            The link for {whose(toRevoke)}, issued by {toRevoke.createdBy} on{' '}
            {formatDateTime(toRevoke.createdAt)}, stops opening the application at once. This cannot
            be undone; a new link can be issued.
          </p>
        </ConfirmDialog>
      )}
    </StaffPage>
  );
}
