import { formPages } from '../../forms/form-pages';
import { BusyButton } from '../components/busy-button';
import { t } from '../i18n/i18n';

interface PageActionsProps {
  currentRoute: string;
  busy: boolean;
  onBack: (route: string) => void;
  onSave: (next: string | null) => void;
  onSubmit: () => void;
}

/** Back, Save/Next (Save on the last page) and, on the last page, Submit. */
export function PageActions({ currentRoute, busy, onBack, onSave, onSubmit }: PageActionsProps) {
  const index = formPages.findIndex((page) => page.route === currentRoute);
  if (index === -1) return null;
  const previous = formPages[index - 1];
  const next = formPages[index + 1];
  return (
    <div className="page-actions" role="group" aria-label={t('page.actions')}>
      {previous && (
        <BusyButton
          className="button button--secondary page-actions__back"
          busy={busy}
          announcesBusy={false}
          onClick={() => onBack(previous.route)}
        >
          {t('page.back')}
        </BusyButton>
      )}
      <div className="page-actions__forward">
        <BusyButton
          className={next ? 'button button--primary' : 'button button--secondary'}
          busy={busy}
          onClick={() => onSave(next ? next.route : null)}
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
