import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { QueryError } from '../query-error';
import { staffApi } from '../staff-api';
import type { StaffMe } from '../../../contract/staff-identity';
import { roleLabels } from './role-labels';
import { EmailField, SubmitButton } from '../ui/form-controls';
import { useEmailInput } from '../ui/use-email-input';

type StaffRole = StaffMe['role'];

/**
 * Adds a member. An empty address is said in the console's words before anything is sent; the
 * new member's temporary password shows once, in a message that takes the focus.
 */
export function AddMemberForm({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const email = useEmailInput('member-email', 'E-mail address');
  const [role, setRole] = useState<StaffRole>('reader');
  const added = useRef<HTMLDivElement>(null);
  const add = useMutation({
    mutationFn: staffApi.addMember,
    onSuccess: () => {
      email.setValue('');
      return onAdded();
    },
  });
  const addedEmail = add.data?.email;
  useEffect(() => {
    if (addedEmail) added.current?.focus();
  }, [addedEmail]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    const address = email.check();
    if (address) add.mutate({ email: address, role });
  };
  return (
    <>
      <form className="staff-form staff-form--row" noValidate onSubmit={submit}>
        <EmailField {...email.field} />
        <div className="staff-filters__field">
          <label htmlFor="member-role">Role</label>
          <select
            id="member-role"
            className="field__input"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
          >
            <option value="reader">Reader: views applications</option>
            <option value="admin">Administrator: everything</option>
          </select>
        </div>
        <SubmitButton busy={add.isPending}>Add member</SubmitButton>
      </form>
      <QueryError error={add.error} />
      {add.data && (
        <div ref={added} tabIndex={-1} role="status" className="notice notice--success staff-added">
          <span className="notice__icon" aria-hidden="true">
            ✓
          </span>
          <div className="notice__text">
            <p>
              {add.data.email} was added as {roleLabels[add.data.role].toLowerCase()}. Their
              temporary password, shown only this once:{' '}
              <code className="staff-secret">{add.data.temporaryPassword}</code>
            </p>
            <p>
              Give it to them in person or by phone; when they first sign in, they replace it with a
              password of their own and set up their authenticator.
            </p>
          </div>
        </div>
      )}
    </>
  );
}
