import { useLocation, useNavigate } from '../routing/router-hooks';
import { signup } from '../../generated/validators/signup.js';
import { authApi } from '../api/auth-api';
import { visitorTokenSearch } from '../session/visitor-token';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { NewPasswordField } from './new-password-field';
import { useCardForm } from './use-card-form';
import { useCardMutation } from './use-card-mutation';
import { useErrorToast } from './use-error-toast';
import { authCards } from '../i18n/account-texts';

const fields = ['username', 'password'] as const;

/** /signup: creates an account, then goes to /confirm with the username in navigation state. */
export function SignUpPage() {
  const { title, footer } = authCards.signUp();
  const navigate = useNavigate();
  // A visitor's saved answers travel on in the query: sign-up → confirm → login (SPEC §1).
  const carried = visitorTokenSearch(useLocation().search);
  const form = useCardForm({
    idPrefix: 'signup',
    validator: signup,
    fields,
    initialValues: { username: '', password: '' },
  });
  const mutation = useCardMutation(useErrorToast(), title, authApi.signUp, (data, variables) =>
    navigate(
      { pathname: '/confirm', search: carried },
      { state: { username: variables.username, successMessage: data.message } },
    ),
  );

  return (
    <AuthCard title={title} {...form.submitsThrough(mutation)} footer={{ ...footer, to: '/login' }}>
      <EmailField {...form.field('username')} />
      <NewPasswordField {...form.field('password')} messages={form.errors.password} />
    </AuthCard>
  );
}
