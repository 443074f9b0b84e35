import { useState } from 'react';
import { staffMessages } from '../staff-messages';

/**
 * An e-mail address the console asks for (a member's, an applicant's): its field's props, and
 * a check before sending that says an empty address in the console's words and puts the
 * focus on the field. `check` answers the trimmed address, or undefined when there is none.
 */
export function useEmailInput(id: string, label: string, initial = '') {
  const [value, setValue] = useState(initial);
  const [missing, setMissing] = useState(false);
  const check = (): string | undefined => {
    const email = value.trim();
    setMissing(!email);
    if (!email) document.getElementById(id)?.focus();
    return email || undefined;
  };
  const field = {
    id,
    label,
    value,
    onChange: setValue,
    errors: missing ? [staffMessages.emailMissing] : [],
  };
  return { value: value.trim(), setValue, check, field };
}
