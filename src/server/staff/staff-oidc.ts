import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { SealedBox } from './sealed-box';

/** How long the provider's sign-in page may take before its answer is no longer taken. */
export const OIDC_TRANSACTION_MS = 10 * 60 * 1000;

/** What the start of a sign-in keeps for its callback: sealed in a cookie, never on the server. */
interface Transaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  startedAt: number;
}

/** The callback's outcome: a verified e-mail, or why there is none. */
export type OidcIdentity =
  { ok: true; email: string } | { ok: false; reason: string; email?: string };

/**
 * Single sign-on for staff by OpenID Connect (issue 17): the authorization code flow with PKCE,
 * state and nonce (openid-client). The provider's metadata is discovered once and kept; a
 * provider that does not answer makes a sign-in fail with STAFF_SSO_UNAVAILABLE, never the
 * server's start, and the next sign-in asks again.
 */
export class StaffOidc {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: NonNullable<Config['staffOidc']>,
    private readonly redirectUri: string,
    private readonly box: SealedBox,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The provider's sign-in URL, and the sealed transaction for the state cookie. */
  async start(): Promise<{ url: string; transaction: string }> {
    const configuration = await this.discover();
    const transaction: Transaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      startedAt: this.clock.now().getTime(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email',
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, transaction: this.box.seal(JSON.stringify(transaction)) };
  }

  /**
   * Checks the provider's answer against the transaction (state, nonce, PKCE, the ID token's
   * signature, issuer and audience), and reads the member's e-mail: only one the provider says it
   * has verified is taken, from the ID token or, when the token does not carry it, from userinfo.
   */
  async finish(callbackUrl: URL, sealedTransaction: string | undefined): Promise<OidcIdentity> {
    const opened = sealedTransaction ? this.box.open(sealedTransaction) : undefined;
    if (!opened) return { ok: false, reason: 'no sign-in under way' };
    const transaction = JSON.parse(opened) as Transaction;
    if (this.clock.now().getTime() - transaction.startedAt > OIDC_TRANSACTION_MS) {
      return { ok: false, reason: 'sign-in took too long' };
    }
    const configuration = await this.discover();
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        pkceCodeVerifier: transaction.codeVerifier,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      claims =
        typeof idToken.email === 'string'
          ? idToken
          : await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    } catch (error) {
      this.log.warn({ err: error }, 'staff single sign-on: the provider answer was refused');
      return { ok: false, reason: 'provider answer refused' };
    }
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    if (!email) return { ok: false, reason: 'no e-mail' };
    if (claims.email_verified !== true) return { ok: false, reason: 'e-mail not verified', email };
    return { ok: true, email };
  }

  /** The provider's metadata, asked for once and kept; STAFF_SSO_UNAVAILABLE while it does not answer. */
  discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.settings;
      const url = new URL(issuer);
      this.configuration = oidc
        .discovery(url, clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
          // Plain http only for a provider on this machine (config.ts refuses it elsewhere).
          execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          this.log.error({ err: error, issuer }, 'staff single sign-on: discovery failed');
          throw new AppError('STAFF_SSO_UNAVAILABLE');
        });
    }
    return this.configuration;
  }
}
