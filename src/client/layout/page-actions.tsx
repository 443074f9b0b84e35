import { formPages } from '../../forms/form-pages';

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
    <div className="page-actions" role="group" aria-label="Page actions">
      {previous && (
        <button
          type="button"
          className="button button--secondary page-actions__back"
          disabled={busy}
          onClick={() => onBack(previous.route)}
        >
          Back
        </button>
      )}
      <div className="page-actions__forward">
        <button
          type="button"
          className={next ? 'button button--primary' : 'button button--secondary'}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => onSave(next ? next.route : null)}
        >
          {next ? 'Save/Next' : 'Save'}
        </button>
        {!next && (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onSubmit}
          >
            Submit
          </button>
        )}
      </div>
    </div>
  );
}
