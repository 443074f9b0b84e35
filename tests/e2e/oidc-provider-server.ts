/**
 * The OpenID Connect provider of the end-to-end runs: playwright.config.ts starts it beside the
 * server (OIDC_PORT), with the server's client and one account, whose login is `sso-admin` and
 * whose verified e-mail is SSO_ADMIN_EMAIL. It runs until it is sent SIGTERM or SIGINT.
 */
import { startOidcProvider, type OidcUser } from '../helpers/oidc-provider';

const port = Number(process.env.OIDC_PORT);
const appOrigin = process.env.APP_ORIGIN ?? '';
if (!Number.isInteger(port) || !appOrigin) {
  throw new Error('OIDC_PORT and APP_ORIGIN must be set (playwright.config.ts sets them).');
}
const admin: OidcUser = { email: process.env.SSO_ADMIN_EMAIL ?? '', emailVerified: true };

const provider = await startOidcProvider({
  port,
  clientId: process.env.STAFF_OIDC_CLIENT_ID ?? '',
  clientSecret: process.env.STAFF_OIDC_CLIENT_SECRET ?? '',
  redirectUri: `${appOrigin}/api/staff/oidc/callback`,
  users: { 'sso-admin': admin },
});
console.log(`OpenID Connect provider at ${provider.issuer}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void provider.close().then(() => process.exit(0)));
}
