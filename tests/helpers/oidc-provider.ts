/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, for the staff
 * single sign-on tests: one confidential client (authorization code, PKCE required), and the
 * package's development sign-in pages, where any login is taken. A login names an account; its
 * e-mail and whether it is verified come from `users`, or are the login itself, verified.
 */
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export interface OidcUser {
  email: string;
  emailVerified: boolean;
}

export interface OidcProviderOptions {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Accounts by login; a login not listed is an account whose e-mail is the login, verified. */
  users?: Record<string, OidcUser>;
  /**
   * true: the ID token carries only the protocol's claims and the e-mail is in userinfo, as some
   * providers do; false (default): the e-mail is in the ID token too.
   */
  emailInUserinfoOnly?: boolean;
}

export interface OidcProviderServer {
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProviderServer> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: options.emailInUserinfoOnly ?? false,
    pkce: { required: () => true },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    // Seconds; said here so the provider does not log that its defaults were used.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx, accountId) {
      const user = options.users?.[accountId] ?? { email: accountId, emailVerified: true };
      return {
        accountId,
        claims: async () => ({
          sub: accountId,
          email: user.email,
          email_verified: user.emailVerified,
        }),
      };
    },
  });
  const server: Server = await new Promise((resolve, reject) => {
    const listening = provider.listen(options.port, '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
