import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { validate } from '../../../engine/validation';
import { signup } from '../../../generated/validators/signup.js';
import { NewPasswordField } from '../../auth/new-password-field';
import { QueryError } from '../query-error';
import { staffApi } from '../staff-api';
import { StaffPage } from '../staff-page';
import type { NewPasswordResponse } from '../../../contract/staff-identity';

/**
 * Half-way through the first sign-in of a member whose password was generated for them (by the
 * CLI or an administrator, who have seen it): they choose their own, under the applicants' rules
 * (SPEC §4, the same checklist as sign-up), before the authenticator step.
 */
export function NewPasswordStep({
  email,
  onDone,
}: {
  email: string;
  onDone: (next: NewPasswordResponse['next']) => void;
}) {
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const messages = validate(signup, { username: email, password }).password ?? [];
  const change = useMutation({
    mutationFn: staffApi.newPassword,
    onSuccess: (answer) => onDone(answer.next),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (messages.length === 0) change.mutate(password);
    else document.getElementById('staff-new-password')?.focus();
  };

  return (
    <StaffPage
      title="Choose your own password"
      hasErrors={(submitted && messages.length > 0) || change.isError}
    >
      <p>
        The password you signed in with was made for you, so someone else has seen it. Choose one
        that only you know; you will use it from now on.
      </p>
      <QueryError error={change.error} />
      <form className="staff-form" noValidate onSubmit={submit}>
        <NewPasswordField
          id="staff-new-password"
          name="new-password"
          value={password}
          onChange={setPassword}
          messages={messages}
          errors={submitted ? messages : []}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={change.isPending}
          aria-busy={change.isPending || undefined}
        >
          Continue
        </button>
      </form>
    </StaffPage>
  );
}
