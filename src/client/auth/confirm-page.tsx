import { useLocation, useNavigate } from '../routing/router-hooks';
import { validate } from '../../engine/validation';
import { confirm } from '../../generated/validators/confirm.js';
import { resendConfirm } from '../../generated/validators/resendConfirm.js';
import { authApi } from '../api/auth-api';
import { BusyButton } from '../components/busy-button';
import { TextField } from '../components/text-field';
import { visitorTokenSearch } from '../session/visitor-token';
import { useToast } from '../components/toast-context';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { NavigationNotices } from './navigation-notices';
import { readNavigationState } from './navigation-state';
import { useCardForm } from './use-card-form';
import { useCardMutation } from './use-card-mutation';
import { useErrorToast } from './use-error-toast';
import { authCards } from '../i18n/account-texts';
import { t } from '../i18n/account-texts';

const fields = ['username', 'code'] as const;

/** /confirm: enters the 6-digit code; the username arrives in navigation state. */
export function ConfirmPage() {
  const { title, resendTitle, footer } = authCards.confirm();
  const navigate = useNavigate();
  const toast = useToast();
  const errorToast = useErrorToast();
  const [showError] = errorToast;
  const location = useLocation();
  const { username = '', ...messages } = readNavigationState(location.state);
  const carried = visitorTokenSearch(location.search);
  const form = useCardForm({
    idPrefix: 'confirm',
    validator: confirm,
    fields,
    initialValues: { username, code: '' },
  });
  // Log In starts with the address just confirmed: only the password is left to type.
  const confirmation = useCardMutation(errorToast, title, authApi.confirm, (data, variables) =>
    navigate(
      { pathname: '/login', search: carried },
      { state: { username: variables.username, successMessage: data.message } },
    ),
  );
  const resend = useCardMutation(errorToast, resendTitle, authApi.resendConfirm, (data) => {
    toast.show({ kind: 'success', message: data.message });
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
      {...form.submitsThrough(confirmation)}
      footer={{ ...footer, to: '/login' }}
      notices={<NavigationNotices {...messages} />}
      actions={
        <BusyButton className="button button--secondary" onClick={onResend} busy={resend.isPending}>
          {t('auth.resendCode')}
        </BusyButton>
      }
    >
      <EmailField {...form.field('username')} />
      <TextField
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...form.field('code')}
      />
    </AuthCard>
  );
}
