import { randomUUID } from 'node:crypto';
import type { FormState } from '../../engine/definitions';
import { sql, type Kysely, type Transaction } from 'kysely';
import { descKey } from '../../engine/visibility';
import { inGroupRunnerOf, type Db, type InGroupRunner } from '../db/database';
import type { Database } from '../db/tables';
import { dialectOf, type Dialect } from '../db/dialect';
import { PreparedQuery } from '../db/prepared-query';
import { groupCommitOf, type GroupTail } from '../db/group-commit';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { randomToken, type SecretHasher } from '../identity/secrets';
import { RateLimitedError } from '../identity/rate-limiter';
import { assertNotSubmitted, exclusive } from './account-lock';
import { recordSaveVersions } from './definition-versions';
import { GroupedSaves, sessionLive, type Saved } from './grouped-saves';
import {
  keepSummaryAfterAnswers,
  keepSummaryAfterSavesNow,
  type AnswersWritten,
} from './summary-upkeep';

import type { Answers } from '../../engine/definitions';
import { webStatuses, type WebStatus } from '../../engine/web-status';

/** SPEC §4: the statuses in order; the status is the count of distinct ones recorded. */
const webStatusOrder: readonly WebStatus[] = webStatuses;
const VISITOR_ANSWERS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const loneSurrogates = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Whether a text holds a lone surrogate (an expression of its own: `test` on a /g one keeps state). */
const loneSurrogate = new RegExp(loneSurrogates.source);

/**
 * The text with each lone UTF-16 surrogate replaced by U+FFFD, as UTF-8 encoding of a bound text
 * parameter does: PostgreSQL's JSON parser refuses a "\ud800" escape with no partner, so the
 * answers' JSON must not carry one (String.prototype.toWellFormed, ES2024).
 */
function wellFormed(text: string): string {
  return text.replace(loneSurrogates, '\ufffd');
}

/**
 * The answers as JSON text with every lone surrogate replaced (wellFormed). Answers almost never
 * hold one: then they are stringified without a replacer, which calls back for every value.
 */
function answersJson(answers: Answers): string {
  for (const key in answers) {
    if (loneSurrogate.test(answers[key]!)) {
      return JSON.stringify(answers, (_key, value: unknown) =>
        typeof value === 'string' ? wellFormed(value) : value,
      );
    }
  }
  return JSON.stringify(answers);
}

/**
 * The save (PUT /api/answer, the busiest write): the answers come as one JSON object whose
 * entries the database itself turns into rows, so one prepared statement serves any number of
 * keys. Nothing is written once the applicant has submitted, nor once the row of the session the
 * save came with is gone: on SQLite, whose transactions run one at a time, the submissions and
 * the sessions say so; on PostgreSQL the statement must hold the account's row as `held`, which
 * checks the session too (see saveHoldingAccount).
 */
function upsertAnswers(
  db: Kysely<Database>,
  p: { accountId: string; answers: string; now: string; session: string | null },
  dialect: Dialect,
) {
  return db
    .insertInto('answers')
    .columns(['account_id', 'key', 'value', 'updated_at'])
    .expression(
      db
        .selectFrom(
          (dialect === 'postgres'
            ? sql<{ key: string; value: string }>`json_each_text(${p.answers}::json)`
            : sql<{ key: string; value: string }>`json_each(${p.answers})`
          ).as('entry'),
        )
        .select([
          sql<string>`${p.accountId}`.as('account_id'),
          'entry.key',
          'entry.value',
          sql<string>`${p.now}`.as('updated_at'),
        ])
        .where(({ and, not, exists, selectFrom }) =>
          dialect === 'postgres'
            ? sql<boolean>`exists (select 1 from held)`
            : and([
                sessionLive(sql<string | null>`${p.session}`),
                not(
                  exists(
                    selectFrom('submissions')
                      .select('submissions.account_id')
                      .where('submissions.account_id', '=', p.accountId),
                  ),
                ),
              ]),
        ),
    )
    .onConflict((oc) =>
      oc.columns(['account_id', 'key']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    );
}

const saveUnlessSubmitted = new PreparedQuery(upsertAnswers);

/** The session's hash as a parameter stated as text, which `is null` needs on PostgreSQL. */
const sessionParameter = (session: string | null) => sql<string | null>`${session}::text`;

/**
 * PostgreSQL: the save as one statement, on its own a transaction: while the session's row still
 * exists, it locks the account's row while that row says the application is not submitted
 * (`held`), as every write that races submit holds it (account-lock.ts), writes the answers and
 * records the definitions version. Submit sets the row's submitted_at in its transaction
 * (migration 0014): a save that waited for it reads the row again once submit commits, finds it
 * submitted and writes nothing. Answers how many answers it wrote, and whether the session was
 * live.
 */
const saveHoldingAccount = new PreparedQuery(
  (
    db,
    p: { accountId: string; answers: string; now: string; version: string; session: string | null },
    dialect,
  ) =>
    db
      .with('held', (qb) =>
        qb
          .selectFrom('accounts')
          .select('id')
          .where('id', '=', p.accountId)
          .where('submitted_at', 'is', null)
          .where(sessionLive(sessionParameter(p.session)))
          .forNoKeyUpdate(),
      )
      .with('saved', () => upsertAnswers(db, p, dialect).returning('answers.account_id'))
      .with('version', (qb) =>
        qb
          .updateTable('accounts')
          .set({ forms_version: p.version })
          .where('id', '=', p.accountId)
          .where((eb) =>
            eb.and([
              eb.or([eb('forms_version', 'is', null), eb('forms_version', '!=', p.version)]),
              eb.exists(eb.selectFrom('saved').select('saved.account_id')),
            ]),
          ),
      )
      .selectFrom('saved')
      .select((eb) => [
        eb.fn.countAll<string>().as('saved'),
        sessionLive(sessionParameter(p.session)).as('live'),
      ]),
);

/** SQLite: whether the session's row exists, in the group commit's transaction. */
const sessionRow = new PreparedQuery((db, p: { tokenHash: string }) =>
  db.selectFrom('sessions').select('token_hash').where('token_hash', '=', p.tokenHash),
);

/** SQLite: what a save in a group commit did, and what it wrote when it wrote any. */
interface SavedInGroup {
  saved: Saved;
  wrote?: AnswersWritten & { version: string };
}

/** An applicant's answers and progress: saving, page, status, submission (SPEC §4, §7). */
export class ApplicationService {
  /** PostgreSQL: the saves of one event-loop turn written by one statement (grouped-saves.ts). */
  private readonly groupedSaves: GroupedSaves | undefined;
  /** SQLite: statements run at once in a group commit's work (db/database.ts). */
  private readonly runNow: InGroupRunner | undefined;

  constructor(
    private readonly db: Db,
    private readonly hasher: SecretHasher,
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
   * off the save path's own CPU, measured in process (issue 19; README, thirteenth pass).
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

  private assertNotSubmitted(accountId: string, executor: Kysely<Database> = this.db) {
    return assertNotSubmitted(executor, accountId);
  }

  /** See account-lock.ts: saves, tab choices, add-another, documents and submit take turns. */
  private exclusive<T>(accountId: string, work: (trx: Transaction<Database>) => Promise<T>) {
    return exclusive(this.db, accountId, work);
  }

  /**
   * Merges answers key by key: keys not in this save keep their stored value, so two tabs
   * saving different keys never erase each other's answers. The account records the
   * definitions version the save was made under (issue 18). `session`, the keyed hash of the
   * session the save came with, is checked in the save's own statement or transaction: once its
   * row is gone (a logout or a password reset, perhaps in another server; an erased account)
   * nothing is written and the save fails UNAUTHORIZED, however recently this server found the
   * session live (SessionStore.recentlyLive).
   */
  async saveAnswers(
    accountId: string,
    answers: Answers,
    formsVersion: string,
    session: string | null = null,
  ): Promise<void> {
    if (Object.keys(answers).length === 0) {
      if (session !== null && !(await sessionRow.takeFirst(this.db, { tokenHash: session }))) {
        throw new AppError('UNAUTHORIZED');
      }
      await this.assertNotSubmitted(accountId);
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

  async answersOf(accountId: string, executor: Kysely<Database> = this.db): Promise<Answers> {
    const rows = await executor
      .selectFrom('answers')
      .select(['key', 'value'])
      .where('account_id', '=', accountId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  /** The page to come back to and the statuses in the order recorded (GET /api/profile). */
  async progressOf(accountId: string): Promise<{ lastPage: string; webStatuses: string[] }> {
    const [account, statuses] = await Promise.all([
      this.db
        .selectFrom('accounts')
        .select('last_page')
        .where('id', '=', accountId)
        .executeTakeFirst(),
      this.db
        .selectFrom('web_statuses')
        .select('web_status')
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute(),
    ]);
    return {
      lastPage: account?.last_page ?? '',
      webStatuses: statuses.map((s) => s.web_status),
    };
  }

  /** The answers frozen at submission; undefined until the applicant submits. */
  async submittedAnswersOf(accountId: string): Promise<Answers | undefined> {
    return (await this.submissionOf(accountId))?.answers;
  }

  /** The answers frozen at submission and when it was made; undefined until the applicant submits. */
  async submissionOf(
    accountId: string,
  ): Promise<{ answers: Answers; submittedAt: string } | undefined> {
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

  async setLastPage(accountId: string, lastPage: string): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ last_page: lastPage })
      .where('id', '=', accountId)
      .execute();
  }

  async statusesOf(accountId: string): Promise<WebStatus[]> {
    const rows = await this.db
      .selectFrom('web_statuses')
      .select('web_status')
      .where('account_id', '=', accountId)
      .execute();
    return webStatusOrder.filter((s) => rows.some((r) => r.web_status === s));
  }

  /**
   * Records a status and every status before it, so the count stays meaningful. Statuses only
   * move forward (posting an earlier one changes nothing); submitted comes only through submit.
   */
  async advanceStatus(accountId: string, status: WebStatus): Promise<void> {
    if (status === 'submitted') throw new AppError('SUBMIT_THROUGH_SUBMIT');
    await this.recordStatuses(
      accountId,
      webStatusOrder.slice(0, webStatusOrder.indexOf(status) + 1),
    );
  }

  private async recordStatuses(accountId: string, statuses: readonly WebStatus[]): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('web_statuses')
      .values(
        statuses.map((web_status) => ({ account_id: accountId, web_status, created_at: now })),
      )
      .onConflict((oc) => oc.columns(['account_id', 'web_status']).doNothing())
      .execute();
  }

  /**
   * Keeps what the applicant was missing, for staff: one report per page, the latest replacing
   * the one before, so posting again and again stores no more (issue 14).
   */
  async recordValidations(
    accountId: string,
    byPage: Record<string, Record<string, string[]>>,
  ): Promise<void> {
    const now = this.clock.now().toISOString();
    for (const [page, errors] of Object.entries(byPage)) {
      const values = { errors: JSON.stringify(errors), created_at: now };
      await this.db
        .insertInto('validation_reports')
        .values({ id: randomUUID(), account_id: accountId, page, ...values })
        .onConflict((oc) => oc.columns(['account_id', 'page']).doUpdateSet(values))
        .execute();
    }
  }

  /**
   * Freezes the answers with the version of the forms they were answered against and marks the
   * application submitted; `check` returns the field errors that block it (empty when none).
   */
  async submit(
    accountId: string,
    formsVersion: string,
    check: (state: FormState) => Record<string, Record<string, string[]>>,
  ): Promise<void> {
    // Read, check and freeze in one transaction holding the account (see exclusive): no save
    // slips in between the read and the freeze, and of two submits the second finds the first.
    await this.exclusive(accountId, async (trx) => {
      await this.assertNotSubmitted(accountId, trx);
      const answers = await this.answersOf(accountId, trx);
      const addAnother = await this.addAnotherOf(accountId, trx);
      const tabs = await this.tabsOf(accountId, trx);
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

  async addAnotherOf(
    accountId: string,
    executor: Kysely<Database> = this.db,
  ): Promise<Record<string, number>> {
    const rows = await executor
      .selectFrom('add_another_counts')
      .select(['button_id', 'num_components'])
      .where('account_id', '=', accountId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.button_id, Number(r.num_components)]));
  }

  async setAddAnother(accountId: string, buttonId: string, count: number): Promise<void> {
    await this.exclusive(accountId, async (trx) => {
      await this.assertNotSubmitted(accountId, trx);
      await trx
        .insertInto('add_another_counts')
        .values({ account_id: accountId, button_id: buttonId, num_components: count })
        .onConflict((oc) =>
          oc.columns(['account_id', 'button_id']).doUpdateSet({ num_components: count }),
        )
        .execute();
    });
  }

  async tabsOf(
    accountId: string,
    executor: Kysely<Database> = this.db,
  ): Promise<Record<string, string>> {
    const rows = await executor
      .selectFrom('chosen_tabs')
      .select(['tab_id', 'chosen_tab'])
      .where('account_id', '=', accountId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.tab_id, r.chosen_tab]));
  }

  /**
   * Records a tab choice (SPEC §4 "Tabs"). When it changes the tab (the first tab counts as chosen
   * until another is), the answers the chosen tab lists, and their `_desc` companions, are cleared
   * in the same transaction: the server never holds the new tab beside the old tab's answers.
   */
  async setTab(
    accountId: string,
    tabId: string,
    chosen: string,
    tab: { defaultTab: string; clears: readonly string[] } = { defaultTab: chosen, clears: [] },
  ): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.exclusive(accountId, async (trx) => {
      await this.assertNotSubmitted(accountId, trx);
      const row = await trx
        .selectFrom('chosen_tabs')
        .select('chosen_tab')
        .where('account_id', '=', accountId)
        .where('tab_id', '=', tabId)
        .executeTakeFirst();
      const current = row?.chosen_tab ?? tab.defaultTab;
      if (current !== chosen && tab.clears.length > 0) {
        const cleared = tab.clears.flatMap((key) => [key, descKey(key)]);
        const { numUpdatedRows } = await trx
          .updateTable('answers')
          .set({ value: '', updated_at: now })
          .where('account_id', '=', accountId)
          .where('key', 'in', cleared)
          .executeTakeFirst();
        if (numUpdatedRows > 0n) await keepSummaryAfterAnswers(trx, accountId, cleared, now);
      }
      await trx
        .insertInto('chosen_tabs')
        .values({ account_id: accountId, tab_id: tabId, chosen_tab: chosen })
        .onConflict((oc) =>
          oc.columns(['account_id', 'tab_id']).doUpdateSet({ chosen_tab: chosen }),
        )
        .execute();
    });
  }

  /**
   * Keeps a visitor's answers under a new temporary token (SPEC §1: they survive signing up).
   * One IP holds at most `quota` unexpired tokens: beyond, a 429 says when the oldest expires.
   */
  async keepVisitorAnswers(answers: Answers, ip = '', quota = Infinity): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    const owner = this.hasher.hash('visitor-owner', ip);
    const values = {
      token_hash: this.hasher.hash('visitor', token),
      answers: JSON.stringify(answers),
      expires_at: new Date(now.getTime() + VISITOR_ANSWERS_TTL_MS).toISOString(),
      owner_hash: owner,
    };
    // Counted and written in one transaction that holds the owner (an advisory lock on
    // PostgreSQL; SQLite runs one transaction at a time), so tokens asked for at once cannot all
    // pass the count.
    await this.db.transaction().execute(async (trx) => {
      if (dialectOf(trx) === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext(${owner}))`.execute(trx);
      }
      const live = await trx
        .selectFrom('visitor_answers')
        .select('expires_at')
        .where('owner_hash', '=', owner)
        .where('expires_at', '>', now.toISOString())
        .orderBy('expires_at')
        .execute();
      if (live.length >= quota) {
        const oldest = new Date(live[0]!.expires_at).getTime();
        throw new RateLimitedError(Math.max(1, Math.ceil((oldest - now.getTime()) / 1000)));
      }
      await trx.insertInto('visitor_answers').values(values).execute();
    });
    return token;
  }

  async visitorAnswers(token: string): Promise<Answers> {
    const row = await this.db
      .selectFrom('visitor_answers')
      .select(['answers', 'expires_at'])
      .where('token_hash', '=', this.hasher.hash('visitor', token))
      .executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now().toISOString())
      throw new AppError('TOKEN_INVALID');
    return JSON.parse(row.answers) as Answers;
  }

  /** Moves a visitor's answers into an account, once: the token is spent by this call. */
  async claimVisitorAnswers(
    accountId: string,
    token: string,
    formsVersion: string,
  ): Promise<Answers> {
    const answers = await this.visitorAnswers(token);
    const tokenHash = this.hasher.hash('visitor', token);
    const spent = await this.db
      .deleteFrom('visitor_answers')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) throw new AppError('TOKEN_INVALID');
    await this.saveAnswers(accountId, answers, formsVersion);
    return answers;
  }
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

/** page → field → messages becomes "page.field" → messages for the error body. */
function flatten(errors: Record<string, Record<string, string[]>>): Record<string, string[]> {
  const flat: Record<string, string[]> = {};
  for (const [page, fields] of Object.entries(errors)) {
    for (const [field, messages] of Object.entries(fields)) flat[`${page}.${field}`] = messages;
  }
  return flat;
}
