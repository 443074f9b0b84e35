import type { Answers, FormState } from '../../engine/definitions';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { assertNotSubmitted, exclusive } from './account-lock';
import { addAnotherOf } from './add-another-counts';
import { answersOf } from './answer-store';
import { tabsOf } from './chosen-tabs';
import { webStatusOrder } from './progress';

/** Field errors by page, then field: what blocks a submission. */
type ErrorsByPage = Record<string, Record<string, string[]>>;

/** Submitting (SPEC §7 POST /api/submit) and the copy of the answers frozen then. */
export class Submissions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Freezes the answers with the version of the forms they were answered against and marks the
   * application submitted; `check` returns the field errors that block it (empty when none).
   */
  async submit(
    accountId: string,
    formsVersion: string,
    check: (state: FormState) => ErrorsByPage,
  ): Promise<void> {
    // Read, check and freeze in one transaction holding the account (see exclusive): no save
    // slips in between the read and the freeze, and of two submits the second finds the first.
    await exclusive(this.db, accountId, async (trx) => {
      await assertNotSubmitted(trx, accountId);
      const answers = await answersOf(trx, accountId);
      const addAnother = await addAnotherOf(trx, accountId);
      const tabs = await tabsOf(trx, accountId);
      const errors = check({ answers, addAnother, tabs });
      if (Object.keys(errors).length > 0) {
        throw new AppError('APPLICATION_INCOMPLETE', undefined, flatten(errors));
      }
      const now = this.clock.now().toISOString();
      const frozen = await trx
        .insertInto('submissions')
        .values({
          account_id: accountId,
          answers: JSON.stringify(answers),
          forms_version: formsVersion,
          submitted_at: now,
        })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .returning('account_id')
        .executeTakeFirst();
      if (!frozen) throw new AppError('ALREADY_SUBMITTED');
      await trx
        .insertInto('web_statuses')
        .values(
          webStatusOrder.map((web_status) => ({
            account_id: accountId,
            web_status,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['account_id', 'web_status']).doNothing())
        .execute();
    });
  }

  /** The answers frozen at submission; undefined until the applicant submits. */
  async answersOf(accountId: string): Promise<Answers | undefined> {
    return (await this.of(accountId))?.answers;
  }

  /** The answers frozen at submission and when it was made; undefined until the applicant submits. */
  async of(accountId: string): Promise<{ answers: Answers; submittedAt: string } | undefined> {
    const submission = await this.db
      .selectFrom('submissions')
      .select(['answers', 'submitted_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return submission
      ? { answers: JSON.parse(submission.answers) as Answers, submittedAt: submission.submitted_at }
      : undefined;
  }

  /** The applicant's e-mail, printed on their application (the accounts row is identity's). */
  async usernameOf(accountId: string): Promise<string> {
    const account = await this.db
      .selectFrom('accounts')
      .select('username')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return account?.username ?? '';
  }
}

/** page → field → messages becomes "page.field" → messages for the error body. */
function flatten(errors: ErrorsByPage): Record<string, string[]> {
  const flat: Record<string, string[]> = {};
  for (const [page, fields] of Object.entries(errors)) {
    for (const [field, messages] of Object.entries(fields)) flat[`${page}.${field}`] = messages;
  }
  return flat;
}
