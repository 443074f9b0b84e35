import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/text-field';
import { QueryError } from '../query-error';
import { findApplicant } from '../find-applicant';
import { staffApi } from '../staff-api';
import { staffMessages } from '../staff-messages';
import type { IssuedLink } from '../../../contract/staff-admin';

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
  const [email, setEmail] = useState(initialEmail);
  const [days, setDays] = useState('7');
  const [checked, setChecked] = useState(false);
  const issue = useMutation({
    mutationFn: async (input: { email: string; days: number }) => {
      const { accountId } = await findApplicant(input.email);
      return { ...(await staffApi.issueLink({ accountId, days: input.days })), email: input.email };
    },
    onSuccess: onIssued,
  });
  const emailErrors = checked && !email.trim() ? [staffMessages.emailMissing] : [];
  const dayErrors = checked && daysOf(days) === undefined ? [staffMessages.linkDays] : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    issue.reset();
    onIssuing();
    const valid = daysOf(days);
    if (!email.trim()) document.getElementById('link-email')?.focus();
    else if (valid === undefined) document.getElementById('link-days')?.focus();
    else issue.mutate({ email: email.trim(), days: valid });
  };

  return (
    <>
      <form className="staff-form staff-form--row" noValidate onSubmit={submit}>
        <TextField
          id="link-email"
          name="email"
          type="email"
          label="Applicant's e-mail address"
          value={email}
          onChange={setEmail}
          errors={emailErrors}
        />
        <TextField
          id="link-days"
          name="days"
          label="Expires after (days)"
          inputMode="numeric"
          value={days}
          onChange={setDays}
          errors={dayErrors}
        />
        <button type="submit" className="button button--primary" disabled={issue.isPending}>
          Issue link
        </button>
      </form>
      <QueryError error={issue.error} />
    </>
  );
}
