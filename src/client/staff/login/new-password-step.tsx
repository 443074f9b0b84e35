import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { validate } from '../../../engine/validation';
import { signup } from '../../../generated/validators/signup.js';
import { PasswordRequirementList } from '../../auth/password-requirement-list';
import { TextField } from '../../components/text-field';
import { staffApi } from '../staff-api';
import { staffMessages } from '../staff-messages';
import { StaffPage } from '../staff-page';
import type { NewPasswordResponse } from '../../../contract/staff-identity';
import { StaffForm, SubmitButton } from '../ui/form-controls';

/**
 * Half-way through the first sign-in of a member whose password was generated for them (by the
 * CLI or an administrator, who have seen it): they choose their own, under the applicants' rules
 * (SPEC §4, the same checklist as sign-up), typed twice, before the authenticator step. A
 * toggle shows both as text, for a long password typed on a phone.
 */
export function NewPasswordStep({
  email,
  onDone,
}: {
  email: string;
  onDone: (next: NewPasswordResponse['next']) => void;
}) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [shown, setShown] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const messages = validate(signup, { username: email, password }).password ?? [];
  const differ = again !== password ? [staffMessages.passwordsDiffer] : [];
  const change = useMutation({
    mutationFn: staffApi.newPassword,
    onSuccess: (answer) => onDone(answer.next),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (messages.length > 0) document.getElementById('staff-new-password')?.focus();
    else if (differ.length > 0) document.getElementById('staff-new-password-again')?.focus();
    else change.mutate(password);
  };
  const type = shown ? 'text' : 'password';

  return (
    <StaffPage
      title="Choose your own password"
      hasErrors={(submitted && (messages.length > 0 || differ.length > 0)) || change.isError}
    >
      <p>
        The password you signed in with was made for you, so someone else has seen it. Choose one
        that only you know; you will use it from now on.
      </p>
      <StaffForm error={change.error} onSubmit={submit}>
        <TextField
          id="staff-new-password"
          name="new-password"
          label="New password"
          type={type}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          showErrorText={false}
          describedBy="staff-new-password-requirements"
          errors={submitted ? messages : []}
        />
        <PasswordRequirementList
          id="staff-new-password-requirements"
          password={password}
          messages={messages}
        />
        <TextField
          id="staff-new-password-again"
          name="new-password-again"
          label="Type the new password again"
          type={type}
          autoComplete="new-password"
          value={again}
          onChange={setAgain}
          errors={submitted ? differ : []}
        />
        <div className="staff-show-password">
          <input
            id="staff-show-password"
            type="checkbox"
            checked={shown}
            onChange={(e) => setShown(e.target.checked)}
          />
          <label htmlFor="staff-show-password">Show the passwords</label>
        </div>
        <SubmitButton busy={change.isPending}>Continue</SubmitButton>
      </StaffForm>
    </StaffPage>
  );
}
