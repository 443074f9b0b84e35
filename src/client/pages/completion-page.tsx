import { useDocumentTitle } from '../components/use-document-title';
import { PdfDownloadButton } from '../documents/pdf-download-button';
import { useApplicationSession } from '../session/application-session';
import { LogoutErrorBoundary } from '../dialogs/logout-error-boundary';
import { submittedMessage } from '../messages';
import { telHref, university } from '../layout/site-config';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import { LogOutButton } from '../layout/log-out-button';
import '../styles/shell.css';
import { t } from '../i18n/completion-texts';
import { richText } from '../i18n/rich-text';

/** /completion (SPEC §2): the confirmation after submit, outside the step layout. */
export function CompletionPage() {
  const { snapshot } = useApplicationSession();
  useDocumentTitle(t('completion.documentTitle'));
  const scores = university.scoreSubmission;

  return (
    <div className="shell">
      <SiteHeader />
      <main id="main-content" className="shell-container completion" tabIndex={-1}>
        <div className="completion__panel">
          <h1 className="completion__title">{t('completion.title')}</h1>
          <p className="completion__message">{submittedMessage()}</p>
          {snapshot.username && (
            <p>
              {richText(t('completion.account'), {
                username: () => <strong>{snapshot.username}</strong>,
              })}
            </p>
          )}
        </div>
        <section aria-labelledby="completion-copy">
          <h2 id="completion-copy">{t('completion.copyTitle')}</h2>
          <p>{t('completion.copyBody')}</p>
          <PdfDownloadButton />
        </section>
        <section aria-labelledby="completion-next">
          <h2 id="completion-next">{t('completion.nextTitle')}</h2>
          <ol className="completion__steps">
            <li>{t('completion.review')}</li>
            {scores && (
              <li>
                {richText(t('completion.scores', { sat: scores.sat.code, act: scores.act.code }), {
                  sat: (words) => <a href={scores.sat.url}>{words}</a>,
                  act: (words) => <a href={scores.act.url}>{words}</a>,
                })}
              </li>
            )}
            <li>{t('completion.final')}</li>
          </ol>
        </section>
        <section aria-labelledby="completion-contact">
          <h2 id="completion-contact">{t('completion.contactTitle')}</h2>
          <p>
            {richText(t('completion.contact'), {
              email: () => <a href={`mailto:${university.helpEmail}`}>{university.helpEmail}</a>,
              phone: () => <a href={telHref(university.phone)}>{university.phone}</a>,
            })}
          </p>
        </section>
        <LogoutErrorBoundary>
          <p>
            <LogOutButton />
          </p>
        </LogoutErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
