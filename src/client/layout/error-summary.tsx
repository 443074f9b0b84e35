import { useId, type MouseEvent, type Ref } from 'react';
import type { ErrorSummary as Summary } from '../../engine/error-summary';
import { signedInText } from '../i18n/signed-in-texts';

interface ErrorSummaryProps {
  summary: Summary;
  /** Follows a link: goes to the page and puts focus in the field. */
  onFollow: (route: string, key: string) => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The validation error summary (SPEC §2, GOV.UK pattern): a heading, what to do, and per page
 * the missing items, each a link to `/{page}#{fieldKey}`. It takes focus when it appears
 * (form-layout.tsx decides when), so a screen reader reads it first.
 */
export function ErrorSummary({ summary, onFollow, ref }: ErrorSummaryProps) {
  const titleId = useId();
  if (summary.pages.length === 0) return null;

  const follow = (route: string, key: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onFollow(route, key);
  };

  return (
    <div ref={ref} role="group" className="error-summary" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="error-summary__title">
        {signedInText('errorSummary.heading')}
      </h2>
      <p className="error-summary__intro">{signedInText('errorSummary.intro')}</p>
      {summary.pages.map((page) => (
        <section key={page.page} className="error-summary__page" aria-label={page.title}>
          <h3 className="error-summary__page-title">{page.title}</h3>
          {page.groups.map((group) => (
            <div key={group.id} className="error-summary__group">
              <h4 className="error-summary__group-title">{group.title}</h4>
              <ul className="error-summary__list">
                {group.links.map((link) => (
                  <li key={link.key}>
                    <a href={link.href} onClick={follow(page.route, link.key)}>
                      {link.messages.join(' ')}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
