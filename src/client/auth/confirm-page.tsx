import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { validate } from '../../engine/validation';
import { confirm } from '../../generated/validators/confirm.js';
import { resendConfirm } from '../../generated/validators/resendConfirm.js';
import { authApi } from '../api/auth-api';
import { Notice } from '../components/notice';
import { TextField } from '../components/text-field';
import { visitorTokenSearch } from '../session/visitor-token';
import { useToast } from '../components/toast-context';
import { AuthCard } from './auth-card';
import { readNavigationState } from './navigation-state';
import { useCardForm } from './use-card-form';
import { useErrorToast } from './use-error-toast';
import { authCards } from '../messages';

const { title, resendTitle, footer } = authCards.confirm;
const fields = ['username', 'code'] as const;

/** /confirm: enters the 6-digit code; the username arrives in navigation state. */
export function ConfirmPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [showError, dismissErrors] = useErrorToast();
  const location = useLocation();
  const { username = '', successMessage, errorMessage } = readNavigationState(location.state);
  const carried = visitorTokenSearch(location.search);
  const form = useCardForm({
    idPrefix: 'confirm',
    validator: confirm,
    fields,
    initialValues: { username, code: '' },
  });
  const confirmation = useMutation({
    mutationFn: authApi.confirm,
    onSuccess: (data) => {
      dismissErrors();
      return navigate(
        { pathname: '/login', search: carried },
        { state: { successMessage: data.message } },
      );
    },
    onError: (error) => showError(title, error),
  });
  const resend = useMutation({
    mutationFn: authApi.resendConfirm,
    onSuccess: (data) => {
      dismissErrors();
      toast.show({ kind: 'success', message: data.message });
    },
    onError: (error) => showError(resendTitle, error),
  });

  const onResend = () => {
    const body = { username: form.values.username };
    const problems = validate(resendConfirm, body).username;
    if (problems?.length) {
      showError(resendTitle, problems.join(' '));
      return;
    }
    resend.mutate(body);
  };

  return (
    <AuthCard
      title={title}
      onSubmit={form.handleSubmit((values) => confirmation.mutate(values))}
      submitting={confirmation.isPending}
      hasErrors={form.hasShownErrors}
      footer={{ ...footer, to: '/login' }}
      notices={
        <>
          {successMessage && <Notice kind="success">{successMessage}</Notice>}
          {errorMessage && <Notice kind="error">{errorMessage}</Notice>}
        </>
      }
      actions={
        <button
          type="button"
          className="button button--secondary"
          onClick={onResend}
          disabled={resend.isPending}
          aria-busy={resend.isPending || undefined}
        >
          Resend Code
        </button>
      }
    >
      <TextField
        label="Email Address"
        type="email"
        autoComplete="username"
        {...form.field('username')}
      />
      <TextField
        label="Confirmation Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...form.field('code')}
      />
    </AuthCard>
  );
}
