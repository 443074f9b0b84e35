import type { PageDefinition } from '../../engine/definitions';
import { fileAnswerKeys } from '../../engine/page-fields';
import type { ReadOnlyPage, ReadOnlyRow } from '../../engine/read-only-document';

const fileKeysCache = new WeakMap<readonly PageDefinition[], ReadonlySet<string>>();

/** The answer keys of the file questions of these pages (the engine's, kept per page list). */
export function fileKeysOf(pages: readonly PageDefinition[]): ReadonlySet<string> {
  let keys = fileKeysCache.get(pages);
  if (!keys) fileKeysCache.set(pages, (keys = fileAnswerKeys(pages)));
  return keys;
}

interface ServiceSheetProps {
  page: ReadOnlyPage;
  /** The address of an attached document's PDF. */
  documentUrl: (key: string) => string;
  fileKeys: ReadonlySet<string>;
  /** The line at the top of every sheet, as on the PDF's pages. */
  runningHead: string;
}

/**
 * One form page as a sheet of paper (SPEC §6): its title, its sections, and a label and value per
 * answered question. An attached document is a note with a link to its PDF.
 */
export function ServiceSheet({ page, documentUrl, fileKeys, runningHead }: ServiceSheetProps) {
  const titleId = `sheet-${page.pageId}`;
  return (
    <article className="service-sheet" aria-labelledby={titleId}>
      <p className="service-sheet__running-head">{runningHead}</p>
      <h2 id={titleId} className="service-sheet__title">
        {page.title}
      </h2>
      {page.sections.length === 0 && (
        <p className="service-sheet__empty">Nothing on this page has been answered.</p>
      )}
      {page.sections.map((section) => (
        <section key={section.id} className="service-sheet__section">
          {section.title && <h3 className="service-sheet__section-title">{section.title}</h3>}
          <dl className="service-sheet__rows">
            {section.rows.map((row) => (
              <div key={row.key} className="service-sheet__row">
                <dt className="service-sheet__label">{row.label}</dt>
                <dd className="service-sheet__value">
                  <RowValue
                    row={row}
                    href={fileKeys.has(row.key) ? documentUrl(row.key) : undefined}
                  />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </article>
  );
}

/** A value, or for a file question the note with a link to the document (`href`). */
function RowValue({ row, href }: { row: ReadOnlyRow; href: string | undefined }) {
  if (href === undefined) return <>{row.value}</>;
  return (
    <span className="service-sheet__note">
      {row.value} <a href={href}>Open the document as a PDF</a>
    </span>
  );
}
