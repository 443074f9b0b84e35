import { useMutation } from '@tanstack/react-query';
import { forgotPassword } from '../../generated/validators/forgotPassword.js';
import { authApi } from '../api/auth-api';
import { TextField } from '../components/text-field';
import { useToast } from '../components/toast-context';
import { AuthCard } from './auth-card';
import { useCardForm } from './use-card-form';
import { useErrorToast } from './use-error-toast';
import { authCards } from '../messages';

const { title, footer } = authCards.forgotPassword;
const fields = ['username'] as const;

/** /forgot: asks for a reset link; the answer shows in a closable success toast. */
export function ForgotPasswordPage() {
  const toast = useToast();
  const [showError, dismissErrors] = useErrorToast();
  const form = useCardForm({
    idPrefix: 'forgot',
    validator: forgotPassword,
    fields,
    initialValues: { username: '' },
  });
  const mutation = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: (data) => {
      dismissErrors();
      toast.show({ kind: 'success', message: data.message });
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
    </AuthCard>
  );
}
