import type { FormEvent, ReactNode } from 'react';
import { TextField } from '../../components/text-field';
import { QueryError } from '../query-error';

interface EmailFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The console's own message when it is empty (none before the first try). */
  errors?: string[];
  autoComplete?: 'username';
}

/** An e-mail address field of the console (sign-in, members, links, data requests). */
export function EmailField(props: EmailFieldProps) {
  return <TextField name="email" type="email" {...props} />;
}

/** A form's main button, marked busy (and not pressed twice) while its request is on its way. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="button button--primary"
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

interface StaffFormProps {
  /** The last request's failure, said above the fields. */
  error: Error | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** A console form, checked by the console itself (noValidate: our messages, not the browser's). */
export function StaffForm({ error, onSubmit, children }: StaffFormProps) {
  return (
    <>
      <QueryError error={error} />
      <form className="staff-form" noValidate onSubmit={onSubmit}>
        {children}
      </form>
    </>
  );
}
