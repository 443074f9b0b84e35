import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/text-field';
import { QueryError } from '../query-error';
import { findApplicant } from '../find-applicant';
import { staffApi } from '../staff-api';
import { staffMessages } from '../staff-messages';
import type { IssuedLink } from '../../../contract/staff-admin';
import { EmailField, SubmitButton } from '../ui/form-controls';
import { useEmailInput } from '../ui/use-email-input';

/** The days a link may last (the server's limits, issueLinkBody); undefined when not one. */
function daysOf(text: string): number | undefined {
  const days = Number(text.trim());
  return /^\d+$/.test(text.trim()) && days >= 1 && days <= 90 ? days : undefined;
}

interface IssueLinkFormProps {
  initialEmail: string;
  /** A new request starts: what was issued before goes. */
  onIssuing: () => void;
  onIssued: (link: IssuedLink & { email: string }) => void;
}

/**
 * The applicant's e-mail and the days the link lasts, checked here with the console's own
 * words (not the browser's bubbles); each try clears what the last one said.
 */
export function IssueLinkForm({ initialEmail, onIssuing, onIssued }: IssueLinkFormProps) {
  const email = useEmailInput('link-email', "Applicant's e-mail address", initialEmail);
  const [days, setDays] = useState('7');
  const [checked, setChecked] = useState(false);
  const issue = useMutation({
    mutationFn: async (input: { email: string; days: number }) => {
      const { accountId } = await findApplicant(input.email);
      return { ...(await staffApi.issueLink({ accountId, days: input.days })), email: input.email };
    },
    onSuccess: onIssued,
  });
  const dayErrors = checked && daysOf(days) === undefined ? [staffMessages.linkDays] : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    issue.reset();
    onIssuing();
    const valid = daysOf(days);
    const address = email.check();
    if (address && valid === undefined) document.getElementById('link-days')?.focus();
    if (address && valid !== undefined) issue.mutate({ email: address, days: valid });
  };

  return (
    <>
      <form className="staff-form staff-form--row" noValidate onSubmit={submit}>
        <EmailField {...email.field} />
        <TextField
          id="link-days"
          name="days"
          label="Expires after (days)"
          inputMode="numeric"
          value={days}
          onChange={setDays}
          errors={dayErrors}
        />
        <SubmitButton busy={issue.isPending}>Issue link</SubmitButton>
      </form>
      <QueryError error={issue.error} />
    </>
  );
}
