import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { SecretHasher } from './secrets';

/** How long a staff link works unless its maker says otherwise. */
const SERVICE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface Claims {
  /** The applicant's account id. */
  sub: string;
  /** Expiry, in seconds since 1970. */
  exp: number;
  /** The staff_links row of a link issued from the staff console; absent on the CLI's links. */
  lnk?: string;
}

/** What a valid token names: the applicant, and the console link it was issued as, if any. */
export interface ServiceGrant {
  accountId: string;
  linkId?: string;
}

/**
 * Staff links (SPEC §6 service_token): a token naming one applicant and an expiry, signed with
 * an HMAC of the server's secret under its own purpose, so it can be neither forged, altered,
 * nor taken for a session. It is read-only by construction: only /service routes read it.
 * Changing SESSION_SECRET revokes every link.
 */
export class ServiceTokens {
  constructor(
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  issue(accountId: string, ttlMs = SERVICE_TOKEN_TTL_MS, linkId?: string): string {
    const claims: Claims = {
      sub: accountId,
      exp: Math.floor((this.clock.now().getTime() + ttlMs) / 1000),
      ...(linkId ? { lnk: linkId } : {}),
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.hasher.hash('service', payload)}`;
  }

  /**
   * The account (and console link) a token names; a 403 with a message when it is altered,
   * forged or expired. Whether a console link was revoked is the caller's to check (StaffLinks).
   */
  verify(token: string): ServiceGrant {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) throw new AppError('SERVICE_TOKEN_INVALID');
    if (!this.hasher.matches('service', payload, signature)) {
      throw new AppError('SERVICE_TOKEN_INVALID');
    }
    let claims: Partial<Claims>;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
    } catch {
      throw new AppError('SERVICE_TOKEN_INVALID');
    }
    if (
      typeof claims.sub !== 'string' ||
      typeof claims.exp !== 'number' ||
      (claims.lnk !== undefined && typeof claims.lnk !== 'string')
    ) {
      throw new AppError('SERVICE_TOKEN_INVALID');
    }
    if (claims.exp * 1000 <= this.clock.now().getTime()) {
      throw new AppError('SERVICE_TOKEN_EXPIRED');
    }
    return claims.lnk ? { accountId: claims.sub, linkId: claims.lnk } : { accountId: claims.sub };
  }
}
