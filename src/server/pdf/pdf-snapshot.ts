import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { FormState } from '../../engine/definitions';
import type { DocumentService } from '../uploads/document-service';

export type PdfKind = Database['application_pdfs']['kind'];

/** What an application PDF shows, read in one go, with a hash that changes when any of it does. */
export interface Snapshot {
  state: FormState;
  username: string;
  submittedAt?: Date;
  documents: Awaited<ReturnType<DocumentService['completed']>>;
  hash: string;
}

/** Bump when the PDF's layout changes, so every draft is rebuilt once. */
const RENDERER_VERSION = '1';

const sorted = (map: Record<string, unknown>) =>
  Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The answers (the frozen copy for the final PDF), add-another counts, chosen tabs, converted
 * documents and e-mail of an applicant; the hash also covers the forms' version and the renderer.
 */
export async function readSnapshot(
  deps: { db: Db; documents: DocumentService; formsVersion: string },
  accountId: string,
  kind: PdfKind,
): Promise<Snapshot> {
  const { db, documents, formsVersion } = deps;
  const [account, submission, answerRows, blocks, tabs, attached] = await Promise.all([
    db.selectFrom('accounts').select('username').where('id', '=', accountId).executeTakeFirst(),
    db
      .selectFrom('submissions')
      .select(['answers', 'submitted_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    db.selectFrom('answers').select(['key', 'value']).where('account_id', '=', accountId).execute(),
    db
      .selectFrom('add_another_counts')
      .select(['button_id', 'num_components'])
      .where('account_id', '=', accountId)
      .execute(),
    db
      .selectFrom('chosen_tabs')
      .select(['tab_id', 'chosen_tab'])
      .where('account_id', '=', accountId)
      .execute(),
    documents.completed(accountId),
  ]);
  const answers: Record<string, string> =
    kind === 'final' && submission
      ? (JSON.parse(submission.answers) as Record<string, string>)
      : Object.fromEntries(answerRows.map((r) => [r.key, r.value]));
  const state: FormState = {
    answers,
    addAnother: Object.fromEntries(blocks.map((b) => [b.button_id, Number(b.num_components)])),
    tabs: Object.fromEntries(tabs.map((t) => [t.tab_id, t.chosen_tab])),
  };
  const submittedAt =
    kind === 'final' && submission ? new Date(submission.submitted_at) : undefined;
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        RENDERER_VERSION,
        formsVersion,
        account?.username ?? '',
        submittedAt?.toISOString() ?? '',
        sorted(state.answers),
        sorted(state.addAnother ?? {}),
        sorted(state.tabs ?? {}),
        attached.map((d) => [d.answerKey, d.conversionId, d.fileName]),
      ]),
    )
    .digest('base64url');
  return { state, username: account?.username ?? '', submittedAt, documents: attached, hash };
}
