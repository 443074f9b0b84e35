import { useEffect } from 'react';
import { FallbackMessage } from '../components/error-fallback';
import { useDocumentTitle } from '../components/use-document-title';
import { telHref, university } from './site-config';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import '../styles/shell.css';
import '../styles/page.css';
import { t } from '../i18n/i18n';
import { signedInText } from '../i18n/signed-in-texts';
import { richText } from '../i18n/rich-text';

interface ProfileLoadFailureProps {
  error: unknown;
  /** Loads the profile again. */
  onRetry: () => void;
  /** A new attempt is under way: Try again says so (and keeps focus, so it is not disabled). */
  retrying: boolean;
}

/**
 * What a signed-in applicant sees when the profile (or the pages' validators) cannot be loaded
 * (issue 15, point 8): the site's header and footer, the fallback texts of SPEC §2, a Try again
 * button and the help e-mail and phone of forms/site.json, instead of a dead end.
 */
export function ProfileLoadFailure({ error, onRetry, retrying }: ProfileLoadFailureProps) {
  useDocumentTitle(t('fallback.title'), true);
  useEffect(() => console.error(error), [error]);

  return (
    <div className="shell">
      <SiteHeader />
      <main id="main-content" className="page load-failure">
        <FallbackMessage />
        <p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              if (!retrying) onRetry();
            }}
            aria-busy={retrying || undefined}
          >
            {signedInText('fallback.tryAgain')}
          </button>
        </p>
        <p>
          {richText(signedInText('fallback.contact'), {
            email: () => <a href={`mailto:${university.helpEmail}`}>{university.helpEmail}</a>,
            phone: () => <a href={telHref(university.phone)}>{university.phone}</a>,
          })}
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
