import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError, errors } from '../errors';
import type { ServiceGrant, ServiceTokens } from '../identity/service-tokens';
import type { IssuedLink, StaffLink } from '../../contract/staff-admin';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Service links issued from the staff console (issue 17): the same signed service_token as the
 * CLI's (SPEC §6), carrying the id of a staff_links row, so that a link can be listed, traced to
 * the member who issued it, and revoked before it expires.
 */
export class StaffLinks {
  constructor(
    private readonly db: Db,
    private readonly tokens: ServiceTokens,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** A new link to an applicant's view; `email` is the applicant's, for the audit record. */
  async issue(
    accountId: string,
    days: number,
    createdBy: string,
  ): Promise<IssuedLink & { email: string }> {
    const account = await this.db
      .selectFrom('accounts')
      .select('username')
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account) throw errors.APPLICANT_ID_UNKNOWN(accountId);
    const id = randomUUID();
    const now = this.clock.now();
    const token = this.tokens.issue(accountId, days * DAY_MS, id);
    // The row's expiry is the token's, to the second it carries.
    const expiresAt = new Date(Math.floor((now.getTime() + days * DAY_MS) / 1000) * 1000);
    await this.db
      .insertInto('staff_links')
      .values({
        id,
        account_id: accountId,
        created_by: createdBy,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
        revoked_by: null,
      })
      .execute();
    return {
      id,
      url: `${this.publicUrl}/about?service_token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
      email: account.username,
    };
  }

  /** Every console link, newest first, or one applicant's, with the applicant's e-mail. */
  async list(accountId?: string): Promise<StaffLink[]> {
    let query = this.db
      .selectFrom('staff_links')
      .leftJoin('accounts', 'accounts.id', 'staff_links.account_id')
      .select([
        'staff_links.id',
        'staff_links.account_id',
        'accounts.username',
        'staff_links.created_by',
        'staff_links.created_at',
        'staff_links.expires_at',
        'staff_links.revoked_at',
      ])
      .orderBy('staff_links.created_at', 'desc')
      .orderBy('staff_links.id');
    if (accountId) query = query.where('staff_links.account_id', '=', accountId);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      email: row.username,
      createdBy: row.created_by,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
    }));
  }

  /** Revokes a link (once: revoking it again keeps the first time); its reads answer 403 after. */
  async revoke(
    id: string,
    revokedBy: string,
  ): Promise<{ id: string; revokedAt: string; email: string | null }> {
    await this.db
      .updateTable('staff_links')
      .set({ revoked_at: this.clock.now().toISOString(), revoked_by: revokedBy })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('staff_links')
      .leftJoin('accounts', 'accounts.id', 'staff_links.account_id')
      .select(['staff_links.id', 'staff_links.revoked_at', 'accounts.username'])
      .where('staff_links.id', '=', id)
      .executeTakeFirst();
    if (!row?.revoked_at) throw errors.LINK_UNKNOWN(id);
    return { id: row.id, revokedAt: row.revoked_at, email: row.username };
  }

  /**
   * Refuses a console link that was revoked, or whose row is gone (the applicant was erased). A
   * CLI link has no row: the signature and expiry the token carries are all it has (SPEC §6).
   */
  async check(grant: ServiceGrant): Promise<void> {
    if (!grant.linkId) return;
    const row = await this.db
      .selectFrom('staff_links')
      .select(['account_id', 'revoked_at'])
      .where('id', '=', grant.linkId)
      .executeTakeFirst();
    if (!row || row.account_id !== grant.accountId) throw new AppError('SERVICE_TOKEN_INVALID');
    if (row.revoked_at) throw new AppError('SERVICE_LINK_REVOKED');
  }
}
