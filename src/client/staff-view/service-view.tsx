import { ServerError } from '../api/errors';
import { genericErrorMessage, staffLinkInvalidMessage } from '../messages';
import { LoadingSpinner } from '../components/loading-spinner';
import { Notice } from '../components/notice';
import { useDocumentTitle } from '../components/use-document-title';
import { serviceDocumentUrl } from '../documents/service-document';
import { useServiceAnswers } from './service-answers';
import { applicantName, ServiceSheets } from './service-sheets';
import { university } from '../layout/site-config';

// What the staff console shows of the form, loaded with this module (see loadServiceView).
export { pageTitleOf, ServiceSheets } from './service-sheets';

/**
 * The service (staff) view opened by a staff link's `service_token` (SPEC §6): the applicant's
 * answers read-only, as PDF-like sheets. No header, footer, navigation, account menu or buttons;
 * printing gives just the sheets. A link that is not valid shows its message, never /login.
 */
export function ServiceView({ token }: { token: string }) {
  const answers = useServiceAnswers(token);
  const failed = token === '' || answers.isError;
  useDocumentTitle('Staff view', failed);
  const data = answers.data;

  if (failed) {
    const error = answers.error;
    const message =
      token === ''
        ? staffLinkInvalidMessage()
        : error instanceof ServerError
          ? error.message
          : genericErrorMessage();
    return (
      <main id="main-content" className="service-view service-view--failed">
        <h1 className="service-view__title">{university.applicationTitle}</h1>
        <Notice kind="error">{message}</Notice>
      </main>
    );
  }
  if (!data) return <LoadingSpinner />;

  const name = applicantName(data.answer);
  return (
    <main id="main-content" className="service-view">
      <div className="service-view__intro">
        <h1 className="service-view__title">
          {university.applicationTitle}
          {name && <span className="service-view__applicant">{name}</span>}
        </h1>
        <p className="service-view__note">
          {university.name}. A read-only copy of the application for staff.
        </p>
      </div>
      <ServiceSheets data={data} documentUrl={(key) => serviceDocumentUrl(key, token)} />
    </main>
  );
}
