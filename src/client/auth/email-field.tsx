import { TextField, type TextFieldProps } from '../components/text-field';
import { t } from '../i18n/account-texts';

/** What a card passes to one of its fields: the binding from `useCardForm`, and any extras. */
export type CardFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>;

/** The e-mail address, which is the username on every account card. */
export function EmailField(props: CardFieldProps) {
  return <TextField label={t('auth.email')} type="email" autoComplete="username" {...props} />;
}
