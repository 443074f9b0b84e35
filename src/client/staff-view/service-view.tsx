import { useMemo } from 'react';
import { formPages } from '../../forms/form-pages';
import { readOnlyDocument } from '../../engine/read-only-document';
import { ServerError } from '../api/errors';
import { genericErrorMessage, staffLinkInvalidMessage } from '../messages';
import { LoadingSpinner } from '../components/loading-spinner';
import { Notice } from '../components/notice';
import { useDocumentTitle } from '../components/use-document-title';
import { useServiceAnswers } from './service-answers';
import { fileKeysOf, ServiceSheet } from './service-sheet';
import { university } from '../layout/site-config';
import '../styles/service-view.css';

/**
 * The service (staff) view opened by a staff link's `service_token` (SPEC §6): the applicant's
 * answers read-only, as PDF-like sheets drawn from the engine's readOnlyDocument (the same
 * structure as the downloadable PDF). No header, footer, navigation, account menu or buttons;
 * printing gives just the sheets. A link that is not valid shows its message, never /login.
 */
export function ServiceView({ token }: { token: string }) {
  const answers = useServiceAnswers(token);
  const failed = token === '' || answers.isError;
  useDocumentTitle('Staff view', failed);
  const data = answers.data;
  const pages = useMemo(
    () =>
      data
        ? readOnlyDocument(
            formPages,
            { answers: data.answer, addAnother: data.add_another, tabs: data.tabs },
            { documents: data.document_answer },
          )
        : [],
    [data],
  );

  if (failed) {
    const error = answers.error;
    const message =
      token === ''
        ? staffLinkInvalidMessage
        : error instanceof ServerError
          ? error.message
          : genericErrorMessage;
    return (
      <main id="main-content" className="service-view service-view--failed">
        <h1 className="service-view__title">{university.applicationTitle}</h1>
        <Notice kind="error">{message}</Notice>
      </main>
    );
  }
  if (!data) return <LoadingSpinner />;

  const name = [data.answer.first_name, data.answer.last_name].filter(Boolean).join(' ');
  const fileKeys = fileKeysOf(formPages);
  const runningHead = [university.name, university.applicationTitle, name]
    .filter(Boolean)
    .join(' · ');
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
      {pages.map((page) => (
        <ServiceSheet
          key={page.pageId}
          page={page}
          token={token}
          fileKeys={fileKeys}
          runningHead={runningHead}
        />
      ))}
    </main>
  );
}
