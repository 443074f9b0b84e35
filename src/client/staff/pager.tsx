interface PagerProps {
  /** Where the server's page is: its number, size (0 when unsaid: the asked size) and total. */
  of: { page: number; pageSize: number; total: number };
  /** The page size asked for, for a reply that does not say its own. */
  asked: number;
  onPage: (page: number) => void;
  /** What the pages are of, for the navigation's name ("Applications pages"). */
  label: string;
}

/** Previous and Next through a server-paged list, and where in it the reader is. */
export function Pager({ of, asked, onPage, label }: PagerProps) {
  const { page, total } = of;
  const pageSize = of.pageSize || asked;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="staff-pager" aria-label={`${label} pages`}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </button>
      <p className="staff-pager__where" aria-live="polite">
        {first}–{last} of {total} · page {page} of {pages}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
