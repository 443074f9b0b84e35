import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { university } from './site-config';
import { t } from '../i18n/i18n';
import { afterFirstLoad } from '../components/after-first-load';
import { LoadBoundary } from '../components/load-boundary';
import { preloadModal } from '../components/modal';
import { ToastContext } from '../components/toast-context';
import { genericErrorMessage } from '../messages';

// Loaded when opened, with their texts: a page's first load carries neither. They are fetched
// ahead at the first sign of intent or once the load is over (afterFirstLoad), so that a click
// opens them at once.
const loadHelp = () => import('../dialogs/help-dialog');
const loadPrivacy = () => import('../dialogs/privacy-dialog');
const HelpDialog = lazy(() => loadHelp().then((module) => ({ default: module.HelpDialog })));
const PrivacyDialog = lazy(() =>
  loadPrivacy().then((module) => ({ default: module.PrivacyDialog })),
);
// A failed fetch ahead is not reported: the click fetches again and reports its own failure.
const ignore = () => undefined;
const preloadDialogs = () => {
  void loadHelp().catch(ignore);
  void loadPrivacy().catch(ignore);
  void preloadModal();
};

/** The footer: the university's name and postal address, and the Help and Privacy dialogs. */
export function SiteFooter() {
  const [open, setOpen] = useState<'help' | 'privacy' | null>(null);
  const close = () => setOpen(null);
  const toasts = useContext(ToastContext);
  useEffect(() => afterFirstLoad(preloadDialogs), []);
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
