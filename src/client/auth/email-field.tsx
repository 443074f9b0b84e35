import { TextField, type TextFieldProps } from '../components/text-field';

/** What a card passes to one of its fields: the binding from `useCardForm`, and any extras. */
export type CardFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>;

/** The e-mail address, which is the username on every account card. */
export function EmailField(props: CardFieldProps) {
  return <TextField label="Email Address" type="email" autoComplete="username" {...props} />;
}
