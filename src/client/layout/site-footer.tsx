import { useState } from 'react';
import { HelpDialog } from '../dialogs/help-dialog';
import { PrivacyDialog } from '../dialogs/privacy-dialog';
import { university } from './site-config';
import { t } from '../i18n/i18n';

/** The footer: the university's name and postal address, and the Help and Privacy dialogs. */
export function SiteFooter() {
  const [open, setOpen] = useState<'help' | 'privacy' | null>(null);
  const close = () => setOpen(null);
  return (
    <footer className="site-footer">
      <div className="shell-container site-footer__inner">
        <div>
          <p className="site-footer__name">{university.name}</p>
          <address className="site-footer__address">
            {university.addressLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </div>
        <ul className="site-footer__links" aria-label={t('footer.links')}>
          <li>
            <button type="button" className="link-button" onClick={() => setOpen('help')}>
              {t('footer.help')}
            </button>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => setOpen('privacy')}>
              {t('footer.privacy')}
            </button>
          </li>
        </ul>
      </div>
      <HelpDialog isOpen={open === 'help'} onDismiss={close} />
      <PrivacyDialog isOpen={open === 'privacy'} onDismiss={close} />
    </footer>
  );
}
