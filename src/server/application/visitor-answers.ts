import { sql } from 'kysely';
import type { Answers } from '../../engine/definitions';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { randomToken, type SecretHasher } from '../identity/secrets';
import { RateLimitedError } from '../identity/rate-limiter';
import type { AnswerStore } from './answer-store';

const VISITOR_ANSWERS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A visitor's answers kept under a temporary token (SPEC §1: they survive signing up), until
 * they are moved into the account made with them.
 */
export class VisitorAnswers {
  constructor(
    private readonly db: Db,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly answers: AnswerStore,
  ) {}

  /**
   * Keeps a visitor's answers under a new temporary token. One IP holds at most `quota`
   * unexpired tokens: beyond, a 429 says when the oldest expires.
   */
  async keep(answers: Answers, ip = '', quota = Infinity): Promise<string> {
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

  /** The answers kept under a token; TOKEN_INVALID once it has expired or been spent. */
  async read(token: string): Promise<Answers> {
    const row = await this.db
      .selectFrom('visitor_answers')
      .select(['answers', 'expires_at'])
      .where('token_hash', '=', this.hasher.hash('visitor', token))
      .executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now().toISOString())
      throw new AppError('TOKEN_INVALID');
    return JSON.parse(row.answers) as Answers;
  }

  /**
   * Moves a visitor's answers into an account, once: the token is spent by this call. The
   * account's saved answers are kept: only questions it has not answered take the typed ones.
   * Returns every typed answer, so that the applicant can choose them over the saved ones
   * (the client saves that choice with PUT /api/answer).
   */
  async claim(accountId: string, token: string, formsVersion: string): Promise<Answers> {
    const answers = await this.read(token);
    const tokenHash = this.hasher.hash('visitor', token);
    const spent = await this.db
      .deleteFrom('visitor_answers')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) throw new AppError('TOKEN_INVALID');
    const saved = await this.answers.of(accountId);
    await this.answers.save(accountId, unansweredOnly(answers, saved), formsVersion);
    return answers;
  }
}

/**
 * The typed answers to questions the account has no answer for. A `{key}_desc` companion goes
 * with its answer: kept when the answer is, dropped when the saved answer stays.
 */
export function unansweredOnly(typed: Answers, saved: Answers): Answers {
  const isSaved = (key: string) => (saved[key] ?? '') !== '';
  return Object.fromEntries(
    Object.entries(typed).filter(([key]) => {
      const base = key.endsWith('_desc') ? key.slice(0, -'_desc'.length) : null;
      if (base !== null && base in typed) return !isSaved(base);
      return !isSaved(key);
    }),
  );
}
