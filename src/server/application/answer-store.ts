import type { Kysely } from 'kysely';
import type { Answers } from '../../engine/definitions';
import { inGroupRunnerOf, type Db, type InGroupRunner } from '../db/database';
import type { Database } from '../db/tables';
import { dialectOf } from '../db/dialect';
import { groupCommitOf, type GroupTail } from '../db/group-commit';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { assertNotSubmitted } from './account-lock';
import {
  answersJson,
  saveHoldingAccount,
  saveUnlessSubmitted,
  sessionRow,
} from './answer-statements';
import { recordSaveVersions } from './definition-versions';
import { GroupedSaves, type Saved } from './grouped-saves';
import {
  keepSummaryAfterAnswers,
  keepSummaryAfterSavesNow,
  type AnswersWritten,
} from './summary-upkeep';

/** SQLite: what a save in a group commit did, and what it wrote when it wrote any. */
interface SavedInGroup {
  saved: Saved;
  wrote?: AnswersWritten & { version: string };
}

/** An applicant's answers: saved key by key (SPEC §4, §7 PUT /api/answer) and read back. */
export class AnswerStore {
  /** PostgreSQL: the saves of one event-loop turn written by one statement (grouped-saves.ts). */
  private readonly groupedSaves: GroupedSaves | undefined;
  /** SQLite: statements run at once in a group commit's work (db/database.ts). */
  private readonly runNow: InGroupRunner | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.groupedSaves =
      dialectOf(db) === 'postgres'
        ? new GroupedSaves(db, async (save) => {
            const row = await saveHoldingAccount.takeFirst(db, save);
            return row?.live ? Number(row.saved) : 'no session';
          })
        : undefined;
    this.runNow = inGroupRunnerOf(db);
    if (!this.groupedSaves && !this.runNow) {
      throw new Error('A SQLite database must be opened by openDatabase (db/database.ts)');
    }
  }

  /**
   * SQLite: one save's statement, run at once in the group commit's transaction (database.ts
   * inGroupRunnerOf): the answers, while the session's row exists and unless submitted. Answers
   * how many answers it wrote, or 'no session', and what it wrote for the group's tail
   * (afterSaves).
   */
  private saveInGroup(
    params: { accountId: string; answers: string; now: string; session: string | null },
    keys: string[],
    version: string,
  ): SavedInGroup {
    const run = this.runNow!;
    const written = Number(saveUnlessSubmitted.runNow(this.db, run, params).numAffectedRows ?? 0);
    if (written) {
      return {
        saved: written,
        wrote: { accountId: params.accountId, keys, at: params.now, version },
      };
    }
    // Nothing written: the session's row is gone, or the applicant has submitted. The session is
    // looked up only then, a statement fewer for every save that writes (issue 19).
    const { session } = params;
    if (session !== null && !sessionRow.runNow(this.db, run, { tokenHash: session }).rows[0]) {
      return { saved: 'no session' };
    }
    return { saved: 0 };
  }

  /**
   * SQLite: what the saves of a group commit that wrote leave to do, by one statement each for
   * the whole group, in its transaction: the notes for the staff summary (summary-upkeep.ts) and
   * the definitions' version they were made under. Two statements a save fewer took about a tenth
   * off the save path's own CPU, measured in process (issue 19).
   */
  private readonly afterSaves: GroupTail<SavedInGroup> = {
    finish: (_trx, results) => {
      const writes = results.flatMap(({ wrote }) => (wrote ? [wrote] : []));
      if (writes.length > 0) {
        keepSummaryAfterSavesNow(this.db, this.runNow!, writes);
        recordSaveVersions(this.db, this.runNow!, writes);
      }
      return Promise.resolve();
    },
  };

  /**
   * Merges answers key by key: keys not in this save keep their stored value, so two tabs
   * saving different keys never erase each other's answers. The account records the
   * definitions version the save was made under (issue 18). `session`, the keyed hash of the
   * session the save came with, is checked in the save's own statement or transaction: once its
   * row is gone (a logout or a password reset, perhaps in another server; an erased account)
   * nothing is written and the save fails UNAUTHORIZED, however recently this server found the
   * session live (SessionStore.recentlyLive).
   */
  async save(
    accountId: string,
    answers: Answers,
    formsVersion: string,
    session: string | null = null,
  ): Promise<void> {
    if (Object.keys(answers).length === 0) {
      if (session !== null && !(await sessionRow.takeFirst(this.db, { tokenHash: session }))) {
        throw new AppError('UNAUTHORIZED');
      }
      await assertNotSubmitted(this.db, accountId);
      return;
    }
    const params = {
      accountId,
      answers: answersJson(answers),
      now: this.clock.now().toISOString(),
      session,
    };
    // One statement that writes nothing once the applicant has submitted or the session's row is
    // gone, and the definitions' version the save was made under (a conditional update that
    // writes only when it changed). On SQLite the saves of one event-loop turn share a
    // transaction (group-commit.ts), which already has the database to itself, and each save's
    // statements run at once in it (saveInGroup); on PostgreSQL one statement holds the
    // accounts, as every write that races submit does, and writes both for every save of the
    // turn (grouped-saves.ts).
    const saved = this.groupedSaves
      ? await this.groupedSaves.save({ ...params, version: formsVersion })
      : (
          await groupCommitOf(this.db).run(
            () => Promise.resolve(this.saveInGroup(params, Object.keys(answers), formsVersion)),
            this.afterSaves,
          )
        ).saved;
    if (saved === 'no session') throw new AppError('UNAUTHORIZED');
    if (!saved) throw new AppError('ALREADY_SUBMITTED');
  }

  /** The live answers (in `executor`'s transaction when given). */
  of(accountId: string, executor: Kysely<Database> = this.db): Promise<Answers> {
    return answersOf(executor, accountId);
  }
}

/** The live answers of an applicant, as a flat map (SPEC §3). */
export async function answersOf(executor: Kysely<Database>, accountId: string): Promise<Answers> {
  const rows = await executor
    .selectFrom('answers')
    .select(['key', 'value'])
    .where('account_id', '=', accountId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/**
 * Sets one answer, as the server does for document questions (ANSWERED or ''): the applicant
 * never writes those through PUT /api/answer. Runs in the caller's transaction, which holds the
 * account (see account-lock.ts).
 */
export async function setAnswer(
  executor: Kysely<Database>,
  accountId: string,
  key: string,
  value: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await executor
    .insertInto('answers')
    .values({ account_id: accountId, key, value, updated_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value, updated_at: at }))
    .execute();
  await keepSummaryAfterAnswers(executor, accountId, [key], at);
}
