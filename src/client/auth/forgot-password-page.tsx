import { forgotPassword } from '../../generated/validators/forgotPassword.js';
import { authApi } from '../api/auth-api';
import { useToast } from '../components/toast-context';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { useCardForm } from './use-card-form';
import { useCardMutation } from './use-card-mutation';
import { useErrorToast } from './use-error-toast';
import { authCards } from '../i18n/account-texts';

const fields = ['username'] as const;

/** /forgot: asks for a reset link; the answer shows in a closable success toast. */
export function ForgotPasswordPage() {
  const { title, footer } = authCards.forgotPassword();
  const toast = useToast();
  const form = useCardForm({
    idPrefix: 'forgot',
    validator: forgotPassword,
    fields,
    initialValues: { username: '' },
  });
  const mutation = useCardMutation(useErrorToast(), title, authApi.forgotPassword, (data) => {
    toast.show({ kind: 'success', message: data.message });
  });

  return (
    <AuthCard title={title} {...form.submitsThrough(mutation)} footer={{ ...footer, to: '/login' }}>
      <EmailField {...form.field('username')} />
    </AuthCard>
  );
}
