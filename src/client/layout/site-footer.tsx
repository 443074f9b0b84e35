import { lazy, Suspense, useContext, useState } from 'react';
import { university } from './site-config';
import { t } from '../i18n/i18n';
import { LoadBoundary } from '../components/load-boundary';
import { ToastContext } from '../components/toast-context';
import { genericErrorMessage } from '../messages';

// Loaded when opened, with their texts: a page's first load carries neither.
const HelpDialog = lazy(() =>
  import('../dialogs/help-dialog').then((module) => ({ default: module.HelpDialog })),
);
const PrivacyDialog = lazy(() =>
  import('../dialogs/privacy-dialog').then((module) => ({ default: module.PrivacyDialog })),
);

/** The footer: the university's name and postal address, and the Help and Privacy dialogs. */
export function SiteFooter() {
  const [open, setOpen] = useState<'help' | 'privacy' | null>(null);
  const close = () => setOpen(null);
  const toasts = useContext(ToastContext);
  // A dialog whose code could not be fetched (offline, or a deploy replaced it) says so; the
  // next click tries again.
  const failed = () => {
    close();
    toasts?.show({ kind: 'error', message: genericErrorMessage() });
  };
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
      <LoadBoundary fallback={null} key={open} onError={failed}>
        <Suspense fallback={null}>
          {open === 'help' && <HelpDialog isOpen onDismiss={close} />}
          {open === 'privacy' && <PrivacyDialog isOpen onDismiss={close} />}
        </Suspense>
      </LoadBoundary>
    </footer>
  );
}
