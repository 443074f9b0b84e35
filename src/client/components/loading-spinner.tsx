import { t } from '../i18n/i18n';
/** The full-screen spinner shown while a page or the profile loads. */
export function LoadingSpinner() {
  return (
    <div className="loading-screen" role="status">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
