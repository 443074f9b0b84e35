import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { signup } from '../../generated/validators/signup.js';
import { authApi } from '../api/auth-api';
import { TextField } from '../components/text-field';
import { visitorTokenSearch } from '../session/visitor-token';
import { AuthCard } from './auth-card';
import { PasswordRequirementList } from './password-requirement-list';
import { useCardForm } from './use-card-form';
import { useErrorToast } from './use-error-toast';
import { authCards } from '../messages';

const { title, footer } = authCards.signUp;
const fields = ['username', 'password'] as const;
const requirementsId = 'signup-password-requirements';

/** /signup: creates an account, then goes to /confirm with the username in navigation state. */
export function SignUpPage() {
  const navigate = useNavigate();
  // A visitor's saved answers travel on in the query: sign-up → confirm → login (SPEC §1).
  const carried = visitorTokenSearch(useLocation().search);
  const [showError, dismissErrors] = useErrorToast();
  const form = useCardForm({
    idPrefix: 'signup',
    validator: signup,
    fields,
    initialValues: { username: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: authApi.signUp,
    onSuccess: (data, variables) => {
      dismissErrors();
      return navigate(
        { pathname: '/confirm', search: carried },
        {
          state: { username: variables.username, successMessage: data.message },
        },
      );
    },
    onError: (error) => showError(title, error),
  });

  return (
    <AuthCard
      title={title}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      submitting={mutation.isPending}
      hasErrors={form.hasShownErrors}
      footer={{ ...footer, to: '/login' }}
    >
      <TextField
        label="Email Address"
        type="email"
        autoComplete="username"
        {...form.field('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        showErrorText={false}
        describedBy={requirementsId}
        {...form.field('password')}
      />
      <PasswordRequirementList
        id={requirementsId}
        password={form.values.password}
        messages={form.errors.password}
      />
    </AuthCard>
  );
}
