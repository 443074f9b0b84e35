import { createHash } from 'node:crypto';
import type { ApplicationService } from '../application/application-service';
import type { Database } from '../db/tables';
import type { FormState } from '../../engine/definitions';
import type { Locale } from '../../contract/locale';
import type { DocumentService } from '../uploads/document-service';

export type PdfKind = Database['application_pdfs']['kind'];

/** What an application PDF shows, read in one go, with a hash that changes when any of it does. */
export interface Snapshot {
  state: FormState;
  username: string;
  /** The account's language: the PDF is written in it. */
  language: Locale;
  submittedAt?: Date;
  documents: Awaited<ReturnType<DocumentService['completed']>>;
  hash: string;
}

/** The applicant's data a PDF shows, read through the application's service. */
export type SnapshotReads = Pick<
  ApplicationService,
  'submissions' | 'answers' | 'addAnother' | 'tabs'
>;

/** Bump when the PDF's layout changes, so every draft is rebuilt once. */
const RENDERER_VERSION = '3';

const sorted = (map: Record<string, unknown>) =>
  Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The answers (the frozen copy for the final PDF and the packet), add-another counts, chosen tabs, converted
 * documents and e-mail of an applicant; the hash also covers the forms' version and the renderer.
 */
export async function readSnapshot(
  deps: {
    application: SnapshotReads;
    documents: DocumentService;
    formsVersion: string;
    languageOf(accountId: string): Promise<Locale>;
  },
  accountId: string,
  kind: PdfKind,
): Promise<Snapshot> {
  const { application, documents, formsVersion } = deps;
  const [username, language, submission, draft, addAnother, tabs, attached] = await Promise.all([
    application.submissions.usernameOf(accountId),
    deps.languageOf(accountId),
    application.submissions.of(accountId),
    application.answers.of(accountId),
    application.addAnother.of(accountId),
    application.tabs.of(accountId),
    documents.completed(accountId),
  ]);
  // The final copy and the staff packet show the answers frozen at submission.
  const frozen = kind !== 'draft' && submission;
  const answers = frozen ? submission.answers : draft;
  const state: FormState = { answers, addAnother, tabs };
  const submittedAt = frozen ? new Date(submission.submittedAt) : undefined;
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        RENDERER_VERSION,
        formsVersion,
        username,
        language,
        submittedAt?.toISOString() ?? '',
        sorted(state.answers),
        sorted(state.addAnother ?? {}),
        sorted(state.tabs ?? {}),
        attached.map((d) => [d.answerKey, d.conversionId, d.fileName]),
      ]),
    )
    .digest('base64url');
  return { state, username, language, submittedAt, documents: attached, hash };
}
