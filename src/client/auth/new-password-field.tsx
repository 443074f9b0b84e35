import { TextField } from '../components/text-field';
import type { CardFieldProps } from './email-field';
import { PasswordRequirementList } from './password-requirement-list';
import { t } from '../i18n/account-texts';

interface NewPasswordFieldProps extends CardFieldProps {
  /** Every validation message for the password, shown or not yet: the checklist reads them. */
  messages?: string[];
}

/**
 * A new password with the checklist of SPEC §4 under it; the checklist, not the field, shows
 * its errors.
 */
export function NewPasswordField({ messages, ...field }: NewPasswordFieldProps) {
  const requirementsId = `${field.id}-requirements`;
  return (
    <>
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        showErrorText={false}
        describedBy={requirementsId}
        {...field}
      />
      <PasswordRequirementList id={requirementsId} password={field.value} messages={messages} />
    </>
  );
}
