import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { AppLink } from '../../routing/app-link';
import { LoadingSpinner } from '../../components/loading-spinner';
import { QueryError } from '../query-error';
import { staffApi, staffDownloads } from '../staff-api';
import { formatDateTime, languageLabels, statusLabels } from '../staff-format';
import { StaffPage } from '../staff-page';
import { staffPaths } from '../staff-paths';
import { useFormView } from '../use-form-view';
import { useStaffMember } from '../use-staff-member';
import { FileLinks } from './file-links';
import { MissingAnswers } from './missing-answers';
import { applicantFileName, documentStem } from './file-names';

/**
 * /staff/applications/:accountId: the read-only view a staff link shows (the same sheets), the
 * frozen submission packet and each document. Every read is audited by the server.
 */
export function ApplicationPage() {
  const accountId = useParams().accountId ?? '';
  // Back to the list as it was (its search, sort and page), when the list led here.
  const listSearch = (useLocation().state as { listSearch?: unknown } | null)?.listSearch;
  const isAdmin = useStaffMember().data?.role === 'admin';
  const application = useQuery({
    queryKey: ['staff', 'application', accountId],
    queryFn: ({ signal }) => staffApi.application(accountId, signal),
    // Each opening is a read the audit log records, so it is read again, not served from memory.
    gcTime: 0,
  });
  const data = application.data;
  const formView = useFormView();
  const ServiceSheets = formView.data?.ServiceSheets;
  const documentKeys = data ? Object.keys(data.view.document_answer) : [];

  return (
    <StaffPage
      title={data ? data.name || data.email : 'Application'}
      hasErrors={application.isError}
    >
      <p>
        <AppLink
          to={{
            pathname: staffPaths.applications,
            search: typeof listSearch === 'string' ? listSearch : '',
          }}
        >
          Back to the applications
        </AppLink>
      </p>
      <QueryError error={application.error} />
      {(application.isPending || formView.isPending) && <LoadingSpinner />}
      {data && (
        <>
          <dl className="staff-facts">
            <dt>E-mail</dt>
            <dd>{data.email}</dd>
            <dt>Status</dt>
            <dd>{statusLabels[data.status]}</dd>
            <dt>Submitted</dt>
            <dd>{data.submittedAt ? formatDateTime(data.submittedAt) : 'Not yet'}</dd>
            <dt>Language</dt>
            <dd>{languageLabels[data.language]}</dd>
          </dl>
          {data.status === 'validating' && <MissingAnswers accountId={accountId} />}
          <ul className="staff-actions">
            {data.status === 'submitted' && (
              <FileLinks
                label="Submission packet"
                url={staffDownloads.packet(accountId)}
                fileName={applicantFileName(data.view.answer, 'application', data.email)}
              />
            )}
            {documentKeys.map((key) => {
              const fileName = data.view.document_answer[key]?.file_name;
              return (
                <FileLinks
                  key={key}
                  label={`Document: ${fileName ?? key}`}
                  url={staffDownloads.document(accountId, key)}
                  fileName={applicantFileName(
                    data.view.answer,
                    documentStem(fileName, key),
                    data.email,
                  )}
                />
              );
            })}
          </ul>
          {isAdmin && (
            <p>
              <AppLink to={`${staffPaths.links}?email=${encodeURIComponent(data.email)}`}>
                Issue a staff link for this applicant
              </AppLink>
            </p>
          )}
          <QueryError error={formView.error} />
          {ServiceSheets && (
            <div className="staff-sheets">
              <ServiceSheets
                data={data.view}
                documentUrl={(key) => staffDownloads.document(accountId, key)}
              />
            </div>
          )}
        </>
      )}
    </StaffPage>
  );
}
