import { t } from '../i18n/i18n';
interface CloseButtonProps {
  className: string;
  onClick: () => void;
}

/** The × that closes a toast, a dialog or the account popover; "Close" to assistive technology. */
export function CloseButton({ className, onClick }: CloseButtonProps) {
  return (
    <button type="button" className={className} aria-label={t('app.close')} onClick={onClick}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
