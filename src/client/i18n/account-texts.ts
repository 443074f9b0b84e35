/** The sign-in screens' texts (SPEC §2, §6), loaded with them: catalogueArea in i18n.ts. */
import english from './account.en.json';
import { catalogueArea } from './i18n';

export const t = catalogueArea(english);

/** An account card of SPEC §6: its title (also "<title> Error" on a toast) and footer link. */
export const authCards = {
  login: () => ({
    title: t('auth.login.title'),
    footer: { question: t('auth.login.question'), linkText: t('auth.login.link') },
  }),
  signUp: () => ({
    title: t('auth.signUp.title'),
    footer: { question: t('auth.signUp.question'), linkText: t('auth.signUp.link') },
  }),
  confirm: () => ({
    title: t('auth.confirm.title'),
    footer: { question: t('auth.confirm.question'), linkText: t('auth.confirm.link') },
    resendTitle: t('auth.confirm.resendTitle'),
  }),
  forgotPassword: () => ({
    title: t('auth.forgot.title'),
    footer: { question: t('auth.forgot.question'), linkText: t('auth.forgot.link') },
  }),
  resetPassword: () => ({
    title: t('auth.reset.title'),
    footer: { question: t('auth.reset.question'), linkText: t('auth.reset.link') },
  }),
};
