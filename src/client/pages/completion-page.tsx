import { useDocumentTitle } from '../components/use-document-title';
import { useLogout } from '../api/use-logout';
import { PdfDownloadButton } from '../documents/pdf-download-button';
import { useApplicationSession } from '../session/application-session';
import { LogoutErrorBoundary } from '../dialogs/logout-error-boundary';
import { submittedMessage } from '../messages';
import { telHref, university } from '../layout/site-config';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import '../styles/shell.css';

/** /completion (SPEC §2): the confirmation after submit, outside the step layout. */
export function CompletionPage() {
  const { snapshot } = useApplicationSession();
  useDocumentTitle('Application Submitted');
  const scores = university.scoreSubmission;

  return (
    <div className="shell">
      <SiteHeader />
      <main id="main-content" className="shell-container completion" tabIndex={-1}>
        <div className="completion__panel">
          <h1 className="completion__title">Application submitted</h1>
          <p className="completion__message">{submittedMessage}</p>
          {snapshot.username && (
            <p>
              Your account: <strong>{snapshot.username}</strong>
            </p>
          )}
        </div>
        <section aria-labelledby="completion-copy">
          <h2 id="completion-copy">Your copy</h2>
          <p>Keep a PDF copy of the application you submitted for your records.</p>
          <PdfDownloadButton />
        </section>
        <section aria-labelledby="completion-next">
          <h2 id="completion-next">What happens next</h2>
          <ol className="completion__steps">
            <li>
              The Office of Undergraduate Admissions reviews your application. We will contact you
              by e-mail if we need anything more.
            </li>
            {scores && (
              <li>
                Ask for your official test scores to be sent to us: SAT code {scores.sat.code} (
                <a href={scores.sat.url}>how to send SAT scores</a>), ACT code {scores.act.code} (
                <a href={scores.act.url}>how to send ACT scores</a>).
              </li>
            )}
            <li>
              Your application can no longer be changed. If something in it is wrong, contact us.
            </li>
          </ol>
        </section>
        <section aria-labelledby="completion-contact">
          <h2 id="completion-contact">Contact us</h2>
          <p>
            E-mail <a href={`mailto:${university.helpEmail}`}>{university.helpEmail}</a> or call{' '}
            <a href={telHref(university.phone)}>{university.phone}</a>.
          </p>
        </section>
        <LogoutErrorBoundary>
          <CompletionLogout />
        </LogoutErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}

function CompletionLogout() {
  const logout = useLogout();
  return (
    <p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        aria-busy={logout.isPending || undefined}
      >
        Log Out
      </button>
    </p>
  );
}
