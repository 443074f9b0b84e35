import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '../routing/router-hooks';
import { AppLink } from '../routing/app-link';
import { login } from '../../generated/validators/login.js';
import { authApi } from '../api/auth-api';
import { ServerError } from '../api/errors';
import { defaultFormRoute } from '../app-paths';
import { TextField } from '../components/text-field';
import { visitorTokenSearch } from '../session/visitor-token';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { NavigationNotices } from './navigation-notices';
import { readNavigationState } from './navigation-state';
import { useCardForm } from './use-card-form';
import { useErrorToast } from './use-error-toast';
import { authCards } from '../i18n/account-texts';
import { accountLocale, rememberLocale } from '../i18n/locale-cookie';
import { activeLocale } from '../i18n/i18n';
import { t } from '../i18n/account-texts';
import { loadPage } from '../i18n/reload-page';

const fields = ['username', 'password'] as const;

/** /login: signs in and goes to the default form route; shows messages from navigation state. */
export function LoginPage() {
  const { title, footer } = authCards.login();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [showError, dismissErrors] = useErrorToast();
  const location = useLocation();
  const { username = '', ...messages } = readNavigationState(location.state);
  // The form claims a visitor's saved answers once signed in (SPEC §1).
  const carried = visitorTokenSearch(location.search);
  const form = useCardForm({
    idPrefix: 'login',
    validator: login,
    fields,
    initialValues: { username, password: '' },
    live: false,
  });
  const mutation = useMutation({
    mutationFn: authApi.logIn,
    onSuccess: (reply) => {
      dismissErrors();
      // The account's language, chosen on another device: this browser takes it, and the
      // form loads whole in it (a page's language is fixed for its life).
      const language = accountLocale(reply);
      if (language && language !== activeLocale()) {
        rememberLocale(language);
        loadPage(`${defaultFormRoute}${carried}`);
        return;
      }
      // Whatever was cached belonged to the previous visitor.
      queryClient.clear();
      navigate({ pathname: defaultFormRoute, search: carried });
    },
    onError: (error, variables) => {
      if (error instanceof ServerError && error.code === 'USER_NOT_CONFIRMED') {
        navigate(
          { pathname: '/confirm', search: carried },
          { state: { username: variables.username, errorMessage: error.message } },
        );
        return;
      }
      showError(title, error);
    },
  });

  return (
    <AuthCard
      title={title}
      {...form.submitsThrough(mutation)}
      footer={{ ...footer, to: '/signup' }}
      notices={<NavigationNotices {...messages} />}
    >
      <EmailField {...form.field('username')} />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <p className="auth-card__aside">
        <AppLink to="/forgot">{t('auth.forgotLink')}</AppLink>
      </p>
    </AuthCard>
  );
}
