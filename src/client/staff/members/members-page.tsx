import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../query-error';
import { staffApi } from '../staff-api';
import { formatDateTime } from '../staff-format';
import { StaffPage } from '../staff-page';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { StaffTable, type StaffColumn } from '../ui/staff-table';
import { StatusMessage, useAnnouncement } from '../ui/status-message';
import { useStaffMember } from '../use-staff-member';
import type { MembersResponse } from '../../../contract/staff-identity';
import { AddMemberForm } from './add-member-form';
import { roleLabels } from './role-labels';

const membersKey = ['staff', 'members'] as const;
type Member = MembersResponse['members'][number];
type Change = { kind: 'remove'; member: Member } | { kind: 'role'; member: Member };

const otherRole = (member: Member) => (member.role === 'admin' ? 'reader' : 'admin');

/**
 * /staff/members: who may use the console. Removing a member (which ends their sessions at
 * once) and changing a role are confirmed first and announced after.
 */
export function MembersPage() {
  const queryClient = useQueryClient();
  const me = useStaffMember().data;
  const [change, setChange] = useState<Change>();
  const { announcement, announce } = useAnnouncement();
  const members = useQuery({
    queryKey: membersKey,
    queryFn: ({ signal }) => staffApi.members(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersKey });
  const apply = useMutation({
    mutationFn: async (next: Change) => {
      if (next.kind === 'remove') await staffApi.removeMember(next.member.id);
      else await staffApi.changeRole(next.member.id, { role: otherRole(next.member) });
    },
    onSuccess: (_, done) => {
      setChange(undefined);
      announce(
        'success',
        done.kind === 'remove'
          ? `${done.member.email} was removed. Their sessions have ended.`
          : `${done.member.email} is now ${roleLabels[otherRole(done.member)].toLowerCase()}.`,
      );
      return refresh();
    },
  });
  const ask = (next: Change) => {
    apply.reset();
    setChange(next);
  };
  const columns: StaffColumn<Member>[] = [
    { id: 'email', label: 'E-mail', cell: (member) => member.email },
    { id: 'role', label: 'Role', cell: (member) => roleLabels[member.role] },
    { id: 'totp', label: 'Authenticator', cell: (member) => (member.totp ? 'Set up' : 'Not yet') },
    { id: 'added', label: 'Added', cell: (member) => formatDateTime(member.createdAt) },
    {
      id: 'actions',
      label: 'Actions',
      hiddenLabel: true,
      cell: (member) =>
        member.email !== me?.email && (
          <span className="staff-row-actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => ask({ kind: 'role', member })}
              // The visible words first, then whose role (axe: label-content-name-mismatch).
              aria-label={`Make ${roleLabels[otherRole(member)].toLowerCase()}: ${member.email}`}
            >
              Make {roleLabels[otherRole(member)].toLowerCase()}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => ask({ kind: 'remove', member })}
              aria-label={`Remove ${member.email}`}
            >
              Remove
            </button>
          </span>
        ),
    },
  ];

  return (
    <StaffPage title="Staff members" hasErrors={apply.isError}>
      <section aria-labelledby="add-heading" className="staff-section">
        <h2 id="add-heading">Add a member</h2>
        <AddMemberForm onAdded={refresh} />
      </section>
      <section aria-labelledby="members-heading" className="staff-section">
        <h2 id="members-heading">Members</h2>
        <StatusMessage announcement={announcement} />
        <QueryError error={members.error} />
        {members.data && (
          <StaffTable
            caption="Staff members"
            columns={columns}
            rows={members.data.members}
            rowKey={(member) => member.id}
          />
        )}
      </section>
      {change && (
        <ConfirmDialog
          title={
            change.kind === 'remove'
              ? `Remove ${change.member.email}?`
              : `Make ${change.member.email} ${roleLabels[otherRole(change.member)].toLowerCase()}?`
          }
          confirmLabel={change.kind === 'remove' ? 'Remove the member' : 'Change the role'}
          danger={change.kind === 'remove'}
          busy={apply.isPending}
          error={apply.error}
          onConfirm={() => apply.mutate(change)}
          onCancel={() => setChange(undefined)}
        >
          <p>
            {change.kind === 'remove'
              ? 'They can no longer sign in, and any session they have open ends at once. They can be added again later.'
              : otherRole(change.member) === 'admin'
                ? 'Administrators can also export applications, issue links, read the audit log, answer data requests and manage staff.'
                : 'Readers can only view applications; the administrator screens close for them at once.'}
          </p>
        </ConfirmDialog>
      )}
    </StaffPage>
  );
}
