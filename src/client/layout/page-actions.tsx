import { preloadPage } from '../../forms/page-definitions';
import { pageIndex } from '../../forms/page-index';
import { BusyButton } from '../components/busy-button';
import { t } from '../i18n/i18n';

interface PageActionsProps {
  currentRoute: string;
  busy: boolean;
  onBack: (route: string) => void;
  onSave: (next: string | null) => void;
  onSubmit: () => void;
}

/**
 * Back, Save/Next (Save on the last page) and, on the last page, Submit, from the pages' index.
 * The page a button goes to starts loading its definition when the pointer reaches the button.
 */
export function PageActions({ currentRoute, busy, onBack, onSave, onSubmit }: PageActionsProps) {
  const index = pageIndex.findIndex((page) => page.route === currentRoute);
  if (index === -1) return null;
  const previous = pageIndex[index - 1];
  const next = pageIndex[index + 1];
  return (
    <div className="page-actions" role="group" aria-label={t('page.actions')}>
      {previous && (
        <BusyButton
          className="button button--secondary page-actions__back"
          busy={busy}
          announcesBusy={false}
          onClick={() => onBack(previous.route)}
          onMouseEnter={() => preloadPage(previous.id)}
          onFocus={() => preloadPage(previous.id)}
        >
          {t('page.back')}
        </BusyButton>
      )}
      <div className="page-actions__forward">
        <BusyButton
          className={next ? 'button button--primary' : 'button button--secondary'}
          busy={busy}
          onClick={() => onSave(next ? next.route : null)}
          onMouseEnter={next && (() => preloadPage(next.id))}
          onFocus={next && (() => preloadPage(next.id))}
        >
          {next ? t('page.saveNext') : t('page.save')}
        </BusyButton>
        {!next && (
          <BusyButton className="button button--primary" busy={busy} onClick={onSubmit}>
            {t('page.submit')}
          </BusyButton>
        )}
      </div>
    </div>
  );
}
