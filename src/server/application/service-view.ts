import type { ServiceAnswers } from '../../contract/service';
import type { DocumentService } from '../uploads/document-service';
import type { ApplicationService } from './application-service';

/**
 * What the read-only service view shows of one applicant (SPEC §6): after submission the copy
 * frozen then, else the live answers, with the layout choices and documents. The staff link's
 * GET /service/tmp-pdf and the staff console's application page both answer with it.
 */
export async function serviceView(
  application: ApplicationService,
  documents: DocumentService,
  accountId: string,
): Promise<ServiceAnswers> {
  const [submitted, live, addAnother, tabs, documentAnswer] = await Promise.all([
    application.submissions.answersOf(accountId),
    application.answers.of(accountId),
    application.addAnother.of(accountId),
    application.tabs.of(accountId),
    documents.list(accountId),
  ]);
  return {
    answer: submitted ?? live,
    add_another: addAnother,
    document_answer: documentAnswer,
    tabs,
  };
}
