import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Notice } from '../../components/notice';
import { TextField } from '../../components/text-field';
import { QueryError } from '../query-error';
import { staffApi } from '../staff-api';
import { formatDateTime } from '../staff-format';
import { StaffPage } from '../staff-page';
import type { StaffMe } from '../../../contract/staff-identity';

type StaffRole = StaffMe['role'];
import { useStaffMember } from '../use-staff-member';

const membersKey = ['staff', 'members'] as const;
const roleLabels: Record<StaffRole, string> = { admin: 'Administrator', reader: 'Reader' };

/**
 * /staff/members: who may use the console. A new member's temporary password shows once, here;
 * removing a member ends their sessions at once (the server does).
 */
export function MembersPage() {
  const queryClient = useQueryClient();
  const me = useStaffMember().data;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('reader');
  const members = useQuery({
    queryKey: membersKey,
    queryFn: ({ signal }) => staffApi.members(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersKey });
  const add = useMutation({
    mutationFn: staffApi.addMember,
    onSuccess: () => {
      setEmail('');
      return refresh();
    },
  });
  const remove = useMutation({ mutationFn: staffApi.removeMember, onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    add.mutate({ email: email.trim(), role });
  };

  return (
    <StaffPage title="Staff members" hasErrors={add.isError || remove.isError}>
      <section aria-labelledby="add-heading" className="staff-section">
        <h2 id="add-heading">Add a member</h2>
        <form className="staff-form staff-form--row" noValidate onSubmit={submit}>
          <TextField
            id="member-email"
            name="email"
            type="email"
            label="E-mail address"
            value={email}
            onChange={setEmail}
          />
          <div className="staff-filters__field">
            <label htmlFor="member-role">Role</label>
            <select
              id="member-role"
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
            >
              <option value="reader">Reader: views applications</option>
              <option value="admin">Administrator: everything</option>
            </select>
          </div>
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            Add member
          </button>
        </form>
        <QueryError error={add.error} />
        {add.data && (
          <Notice kind="success">
            <p>
              {add.data.email} was added as {roleLabels[add.data.role].toLowerCase()}. Their
              temporary password, shown only this once:{' '}
              <code className="staff-secret">{add.data.temporaryPassword}</code>
            </p>
            <p>
              Give it to them in person or by phone; when they first sign in, they replace it with a
              password of their own and set up their authenticator.
            </p>
          </Notice>
        )}
      </section>
      <section aria-labelledby="members-heading" className="staff-section">
        <h2 id="members-heading">Members</h2>
        <QueryError error={members.error ?? remove.error} />
        {members.data && (
          <div className="staff-table-wrap">
            <table className="staff-table">
              <caption className="visually-hidden">Staff members</caption>
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">Authenticator</th>
                  <th scope="col">Added</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.members.map((member) => (
                  <tr key={member.id}>
                    <td>{member.email}</td>
                    <td>{roleLabels[member.role]}</td>
                    <td>{member.totp ? 'Set up' : 'Not yet'}</td>
                    <td>{formatDateTime(member.createdAt)}</td>
                    <td>
                      {member.email !== me?.email && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={remove.isPending}
                          onClick={() => remove.mutate(member.id)}
                          aria-label={`Remove ${member.email}`}
                        >
                          Remove
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </StaffPage>
  );
}
