import { Modal } from '../components/modal';
import { privacyTexts, university } from '../layout/site-config';
import { t } from '../i18n/dialogs-texts';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
const OpensInNewTab = () => <span className="visually-hidden">{t('privacy.newTab')}</span>;

interface PrivacyDialogProps {
  isOpen: boolean;
  onDismiss: () => void;
  /** The copyright year; the current year unless a test says otherwise. */
  year?: number;
}

/**
 * Privacy and cookies (SPEC §1): the policy link, what cookies are, how they are used, how to
 * control or opt out (with browser links), the analytics opt-out and the copyright line.
 */
export function PrivacyDialog({ isOpen, onDismiss, year }: PrivacyDialogProps) {
  const { cookies } = privacyTexts;
  return (
    <Modal isOpen={isOpen} onDismiss={onDismiss} title={privacyTexts.title} size="s">
      <p>{privacyTexts.policyIntro}</p>
      <p>
        <a href={university.privacyPolicyUrl} {...newTab}>
          {t('privacy.policy')}
          <OpensInNewTab />
        </a>
      </p>
      <h3>{t('privacy.cookiesWhat')}</h3>
      <p>{cookies.what}</p>
      <h3>{t('privacy.cookiesHow')}</h3>
      <p>{cookies.how}</p>
      <h3>{t('privacy.cookiesControl')}</h3>
      <p>{cookies.control}</p>
      <ul aria-label={t('privacy.browserSettings')}>
        {cookies.browserLinks.map((link) => (
          <li key={link.url}>
            <a href={link.url} {...newTab}>
              {link.label}
              <OpensInNewTab />
            </a>
          </li>
        ))}
      </ul>
      <h3>{t('privacy.analytics')}</h3>
      <p>
        {cookies.analyticsOptOut.text}{' '}
        <a href={cookies.analyticsOptOut.url} {...newTab}>
          {t('privacy.analyticsOptOut')}
          <OpensInNewTab />
        </a>
      </p>
      <p className="privacy-dialog__copyright">
        {t('privacy.copyright', {
          year: String(year ?? new Date().getFullYear()),
          holder: privacyTexts.copyrightHolder,
        })}
      </p>
    </Modal>
  );
}
