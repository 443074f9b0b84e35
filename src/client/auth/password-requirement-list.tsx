import { requirementStates, type RequirementState } from '../../engine/password-requirements';
import '../styles/password-requirements.css';
import { t } from '../i18n/account-texts';

interface PasswordRequirementListProps {
  id: string;
  password: string;
  /** The validation messages for the password; the requirement texts are those messages. */
  messages?: string[];
}

// Colour is never the only signal: each state has its own symbol and spoken text.
const icons: Record<RequirementState, string> = { inactive: '○', error: '✗', success: '✓' };
const spoken: Record<RequirementState, () => string> = {
  inactive: () => '',
  error: () => t('auth.requirementNotMet'),
  success: () => t('auth.requirementMet'),
};

/**
 * The new-password checklist of SPEC §4: each rule inactive, error or success. An empty password
 * leaves every rule inactive, even after a submit or once cleared: the field itself is marked
 * invalid, and nothing typed has failed a rule yet.
 */
export function PasswordRequirementList({
  id,
  password,
  messages = [],
}: PasswordRequirementListProps) {
  const requirements = requirementStates(password, messages);

  return (
    <div id={id} className="password-requirements">
      <p className="password-requirements__intro" id={`${id}-intro`}>
        {t('auth.passwordIntro')}
      </p>
      <ul className="password-requirements__list" aria-labelledby={`${id}-intro`}>
        {requirements.map(({ text, state }) => (
          <li key={text} className={`requirement requirement--${state}`} data-state={state}>
            <span className="requirement__icon" aria-hidden="true">
              {icons[state]}
            </span>
            <span className="requirement__text">{text}</span>
            {spoken[state]() && <span className="visually-hidden"> ({spoken[state]()})</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
