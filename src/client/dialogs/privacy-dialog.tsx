import { Modal } from '../components/modal';
import { privacyTexts, university } from '../layout/site-config';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
const opensInNewTab = <span className="visually-hidden"> (opens in a new tab)</span>;

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
          Privacy policy{opensInNewTab}
        </a>
      </p>
      <h3>What are cookies?</h3>
      <p>{cookies.what}</p>
      <h3>How we use cookies</h3>
      <p>{cookies.how}</p>
      <h3>How to control or opt out of cookies</h3>
      <p>{cookies.control}</p>
      <ul aria-label="Cookie settings in your browser">
        {cookies.browserLinks.map((link) => (
          <li key={link.url}>
            <a href={link.url} {...newTab}>
              {link.label}
              {opensInNewTab}
            </a>
          </li>
        ))}
      </ul>
      <h3>Analytics</h3>
      <p>
        {cookies.analyticsOptOut.text}{' '}
        <a href={cookies.analyticsOptOut.url} {...newTab}>
          Google Analytics opt-out browser add-on{opensInNewTab}
        </a>
      </p>
      <p className="privacy-dialog__copyright">
        © {year ?? new Date().getFullYear()} {privacyTexts.copyrightHolder}. All rights reserved.
      </p>
    </Modal>
  );
}
