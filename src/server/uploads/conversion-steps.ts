import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { DOCUMENT_ANSWERED } from '../../engine/read-only-document';
import { setAnswer } from '../application/application-service';
import { exclusive, isSubmitted } from '../application/account-lock';
import { conversionMessages } from '../conversion/conversion-messages';

/** What the conversion job is asked to do: convert this upload of this question. */
export interface ConversionPayload {
  accountId: string;
  answerKey: string;
  conversionId: string;
}

interface StepDeps {
  db: Db;
  clock: Clock;
}

/*
 * The conversion job's steps (conversion/conversion-job.ts), as DocumentService offers them. Each
 * takes the account's exclusive step with submit (account-lock.ts) and writes nothing once the
 * application is submitted or the upload the payload names was replaced or deleted: the frozen
 * copy stays as it was.
 */

/** Marks the conversion IN_PROGRESS; its upload, or undefined when there is nothing to do. */
export function startConversion(
  { db, clock }: StepDeps,
  p: ConversionPayload,
): Promise<{ upload_key: string; kind: string } | undefined> {
  return exclusive(db, p.accountId, async (trx) => {
    if (await isSubmitted(trx, p.accountId)) return undefined;
    const found = await conversionOf(trx, p).select(['upload_key', 'kind']).executeTakeFirst();
    if (!found) return undefined;
    await updateConversion(trx, p)
      .set({
        status: 'IN_PROGRESS',
        message: conversionMessages.inProgress,
        updated_at: clock.now().toISOString(),
      })
      .execute();
    return found;
  });
}

/** Records the converted PDF and marks the answer ANSWERED; false when it came too late. */
export function completeConversion(
  { db, clock }: StepDeps,
  p: ConversionPayload,
  pdfKey: string,
): Promise<boolean> {
  return exclusive(db, p.accountId, async (trx) => {
    if (await isSubmitted(trx, p.accountId)) return false;
    const result = await updateConversion(trx, p)
      .set({
        status: 'COMPLETED',
        pdf_key: pdfKey,
        message: conversionMessages.completed,
        updated_at: clock.now().toISOString(),
      })
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await setAnswer(trx, p.accountId, p.answerKey, DOCUMENT_ANSWERED, clock.now());
    return true;
  });
}

/** Records the failure with its message and clears the answer. */
export async function failConversion(
  { db, clock }: StepDeps,
  p: ConversionPayload,
  message: string,
): Promise<void> {
  await exclusive(db, p.accountId, async (trx) => {
    if (await isSubmitted(trx, p.accountId)) return;
    const result = await updateConversion(trx, p)
      .set({ status: 'FAILED', message, updated_at: clock.now().toISOString() })
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      await setAnswer(trx, p.accountId, p.answerKey, '', clock.now());
    }
  });
}

/** The document row a conversion job works on, if it still names that conversion. */
const conversionOf = (executor: Kysely<Database>, p: ConversionPayload) =>
  executor
    .selectFrom('document_answers')
    .where('account_id', '=', p.accountId)
    .where('answer_key', '=', p.answerKey)
    .where('conversion_id', '=', p.conversionId);

const updateConversion = (executor: Kysely<Database>, p: ConversionPayload) =>
  executor
    .updateTable('document_answers')
    .where('account_id', '=', p.accountId)
    .where('answer_key', '=', p.answerKey)
    .where('conversion_id', '=', p.conversionId);
