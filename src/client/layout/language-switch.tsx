import { useContext, useState } from 'react';
import { useLocation, useNavigate } from '../routing/router-hooks';
import { locales, localeNames, type Locale } from '../../contract/locale';
import { activeLocale, t } from '../i18n/i18n';
import { ApplicationSessionContext } from '../session/application-session';
import { filledAnswers } from '../session/visitor-token';
import '../styles/language-switch.css';

/**
 * The language control on every applicant page and sign-in screen (issue 40): each language
 * named in itself, with its own `lang`; the page's is marked current and is not a button.
 * Choosing another keeps what was typed (a signed-in applicant's answers are saved, a visitor's
 * kept in the history entry, which the form starts from after the reload), then reloads.
 */
export function LanguageSwitch() {
  const session = useContext(ApplicationSessionContext);
  const location = useLocation();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const current = activeLocale();
  const signedIn = session?.snapshot.is_logged_in ?? false;

  const keepAnswers = async () => {
    if (!session) return;
    if (signedIn) {
      await session.saveBeforeLogout();
      return;
    }
    const answers = filledAnswers(session.store.getState().answers);
    if (Object.keys(answers).length === 0) return;
    const { pathname, search, hash } = location;
    await navigate({ pathname, search, hash }, { replace: true, state: { answers } });
  };

  const choose = (locale: Locale) => {
    if (choosing) return;
    setChoosing(true);
    void import('../i18n/choose-locale').then((module) =>
      module.chooseLocale(locale, { signedIn, keepAnswers }),
    );
  };

  return (
    <nav className="language-switch" aria-label={t('language.label')}>
      <ul className="language-switch__list">
        {locales.map((locale) => (
          <li key={locale} className="language-switch__item">
            {locale === current ? (
              <span className="language-switch__current" lang={locale} aria-current="true">
                {localeNames[locale]}
              </span>
            ) : (
              <button
                type="button"
                className="link-button language-switch__choice"
                lang={locale}
                aria-busy={choosing || undefined}
                onClick={() => choose(locale)}
              >
                {localeNames[locale]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
