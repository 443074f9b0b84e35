import { useNavigate, useSearchParams } from '../routing/router-hooks';
import { resetPassword } from '../../generated/validators/resetPassword.js';
import { authApi } from '../api/auth-api';
import { Notice } from '../components/notice';
import { TextField } from '../components/text-field';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { NewPasswordField } from './new-password-field';
import { useCardForm } from './use-card-form';
import { useCardMutation } from './use-card-mutation';
import { useErrorToast } from './use-error-toast';
import { authCards } from '../i18n/account-texts';
import { t } from '../i18n/account-texts';

// Editable fields first, so a blocked submit focuses one of them.
const fields = ['password', 'confirm_password', 'username', 'id'] as const;

/** /reset?username=…&id=…: chooses a new password with the link from the e-mail. */
export function ResetPasswordPage() {
  const { title, footer } = authCards.resetPassword();
  const navigate = useNavigate();
  const query = useSearchParams();
  const form = useCardForm({
    idPrefix: 'reset',
    validator: resetPassword,
    fields,
    initialValues: {
      username: query.get('username') ?? '',
      id: query.get('id') ?? '',
      password: '',
      confirm_password: '',
    },
  });
  const mutation = useCardMutation(useErrorToast(), title, authApi.resetPassword, (data) =>
    navigate('/login', { state: { successMessage: data.message } }),
  );
  // The username and id come from the link, not from the user: their problems show at once.
  const linkProblems = [...(form.errors.username ?? []), ...(form.errors.id ?? [])];

  return (
    <AuthCard
      title={title}
      {...form.submitsThrough(mutation)}
      hasErrors={form.hasShownErrors || linkProblems.length > 0}
      footer={{ ...footer, to: '/forgot' }}
      notices={
        linkProblems.length > 0 && (
          <Notice kind="error">
            {linkProblems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </Notice>
        )
      }
    >
      <EmailField readOnly {...form.field('username')} errors={[]} />
      <NewPasswordField {...form.field('password')} messages={form.errors.password} />
      <TextField
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...form.field('confirm_password')}
      />
    </AuthCard>
  );
}
