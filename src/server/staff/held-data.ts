import type { BlobStore } from '../blobs/blob-store';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { knownSubjectId } from './audit-subjects';

/** The folders of the blob store an applicant's files are kept under (uploads, conversions, PDFs). */
export const blobPrefixes = (accountId: string) => [
  `uploads/${accountId}/`,
  `documents/${accountId}/`,
  `pdfs/${accountId}/`,
];

export interface Account {
  id: string;
  username: string;
  confirmed_at: string | null;
  last_page: string;
  created_at: string;
}

/** A file of the applicant's to put in the export: its blob key and its name in the zip. */
export interface HeldFile {
  key: string;
  name: string;
}

/**
 * Everything held about one applicant (issue 17's data export): each row of theirs, as JSON a
 * person can read, with secrets (password hash, session and code hashes) left out; and the list
 * of their stored files, under readable names, including files no row names any more.
 */
export async function heldAbout(
  db: Db,
  blobs: BlobStore,
  clock: Clock,
  account: Account,
): Promise<{ held: Record<string, unknown>; files: HeldFile[] }> {
  const id = account.id;
  const [
    logins,
    sessions,
    answers,
    addAnother,
    tabs,
    webStatuses,
    submission,
    reports,
    documents,
    pdfs,
    grants,
    jobs,
    links,
  ] = await Promise.all([
    db
      .selectFrom('successful_logins')
      .select('logged_in_at')
      .where('account_id', '=', id)
      .orderBy('logged_in_at')
      .execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at'])
      .where('account_id', '=', id)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('answers')
      .select(['key', 'value', 'updated_at'])
      .where('account_id', '=', id)
      .orderBy('key')
      .execute(),
    db
      .selectFrom('add_another_counts')
      .select(['button_id', 'num_components'])
      .where('account_id', '=', id)
      .orderBy('button_id')
      .execute(),
    db
      .selectFrom('chosen_tabs')
      .select(['tab_id', 'chosen_tab'])
      .where('account_id', '=', id)
      .orderBy('tab_id')
      .execute(),
    db
      .selectFrom('web_statuses')
      .select(['web_status', 'created_at'])
      .where('account_id', '=', id)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('submissions')
      .select(['answers', 'forms_version', 'submitted_at'])
      .where('account_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('validation_reports')
      .select(['page', 'errors', 'created_at'])
      .where('account_id', '=', id)
      .orderBy('page')
      .execute(),
    db
      .selectFrom('document_answers')
      .selectAll()
      .where('account_id', '=', id)
      .orderBy('answer_key')
      .execute(),
    db
      .selectFrom('application_pdfs')
      .selectAll()
      .where('account_id', '=', id)
      .orderBy('kind')
      .execute(),
    db
      .selectFrom('upload_grants')
      .select(['object_key', 'answer_key', 'created_at', 'uploaded_at'])
      .where('account_id', '=', id)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('jobs')
      .select(['kind', 'status', 'attempts', 'last_error', 'created_at', 'updated_at'])
      .where('owner', '=', id)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('staff_links')
      .select(['id', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'revoked_by'])
      .where('account_id', '=', id)
      .orderBy('created_at')
      .execute(),
  ]);
  // The records about them name them by subject id (audit-subjects.ts), shown as their e-mail.
  const subject = await knownSubjectId(db, account.username);
  const audit = subject
    ? await db
        .selectFrom('audit_log')
        .selectAll()
        .where('subject', '=', subject)
        .orderBy('at')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, subject: account.username })))
    : [];

  // Each stored file, under a name a person can read; files no row names any more are kept too.
  const names = new Map<string, string>();
  for (const document of documents) {
    names.set(document.upload_key, `uploads/${document.answer_key}/${document.file_name}`);
    if (document.pdf_key) names.set(document.pdf_key, `documents/${document.answer_key}.pdf`);
  }
  for (const pdf of pdfs) {
    if (pdf.pdf_key) names.set(pdf.pdf_key, `application/${pdf.kind}.pdf`);
  }
  const keys = (await Promise.all(blobPrefixes(id).map((prefix) => blobs.list(prefix)))).flat();
  const files = keys.map((key) => ({ key, name: names.get(key) ?? `other/${key}` }));

  const held = {
    exportedAt: clock.now().toISOString(),
    account: {
      id,
      email: account.username,
      confirmedAt: account.confirmed_at,
      lastPage: account.last_page,
      createdAt: account.created_at,
    },
    logins: logins.map((row) => row.logged_in_at),
    sessions,
    answers,
    addAnother,
    tabs,
    webStatuses,
    submission: submission
      ? { ...submission, answers: JSON.parse(submission.answers) as unknown }
      : null,
    validationReports: reports.map((row) => ({
      ...row,
      errors: JSON.parse(row.errors) as unknown,
    })),
    documents: documents.map((row) => ({
      answerKey: row.answer_key,
      fileName: row.file_name,
      fileSize: row.file_size,
      kind: row.kind,
      status: row.status,
      message: row.message,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
    applicationPdfs: pdfs.map((row) => ({
      kind: row.kind,
      status: row.status,
      message: row.message,
      updatedAt: row.updated_at,
    })),
    uploads: grants,
    jobs,
    links,
    audit: audit.map((row) => ({ ...row, detail: JSON.parse(row.detail) as unknown })),
    files: files.map((file) => file.name),
  };
  return { held, files };
}
