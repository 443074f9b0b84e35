import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService } from './accounts';
import { normalise } from './accounts';
import { localeOf, setLocaleCookie, textFor } from '../i18n/request-locale';
import { text } from '../i18n/server-i18n';
import type { Config } from '../config';
import type { RateLimiter } from './rate-limiter';
import type { DeviceCookies } from './device-cookie';
import type { SignUpCookies } from './sign-up-cookie';
import { LoginLimits } from './login-limits';
import type { SessionCookies } from './session-cookies';
import { AppError } from '../errors';
import { assertValid, validators } from './account-bodies';
import {
  accountBodies,
  accountReply as messageReply,
  type ConfirmBody,
  type Credentials,
  type ResetPasswordBody,
  type UsernameBody,
} from '../../contract/identity';

export interface PublicRoutesOptions {
  accounts: AccountService;
  cookies: SessionCookies;
  /** Which sign-up a browser made, so its confirm and resend are for that one (F2). */
  signUpCookies: SignUpCookies;
  limits: RateLimitOptions;
}

export interface RateLimitOptions {
  limiter: RateLimiter;
  rateLimit: Config['rateLimit'];
  /** Sign-in's trusted devices (login-limits.ts), shared with the staff sign-in. */
  devices: DeviceCookies;
}

/** An account form's fields are each at most 1,024 characters. */
const ACCOUNT_BODY_LIMIT = 8 * 1024;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

type WithUsername = FastifyRequest<{ Body: { username: string } }>;

/** Routes whose per-address limit is applied by the route itself (login: login-limits.ts). */
const ownAddressLimit = new Set(['/public/login']);

/**
 * A stranger spends an address's shared budget on a route only this many times faster than
 * each source's own: enough to stop mail-bombing an address from many IPs, while an owner's own
 * budget (per address and IP) is never another's to spend below it.
 */
const ADDRESS_BUDGET_PER_SOURCE_BUDGETS = 5;

/**
 * Limits every route of a scope per IP and, once the body names one, per address and source
 * together, with a larger budget per address across all sources (login: see LoginLimits), so a
 * stranger's requests do not lock the owner out of sign-up, confirm or a password reset.
 */
export function addRateLimits(
  app: FastifyInstance,
  { limiter, rateLimit }: RateLimitOptions,
): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? request.url;
    // Per method too: a visitor reading back answers is not held back by another keeping them.
    const bucket = `ip:${request.ip}:${request.method} ${route}`;
    await limiter.check(bucket, rateLimit.perIpPerMinute, MINUTE);
  });
  app.addHook('preHandler', async (request) => {
    const username = (request as WithUsername).body?.username;
    if (typeof username !== 'string') return;
    const route = request.routeOptions.url ?? request.url;
    if (ownAddressLimit.has(route)) return;
    const address = normalise(username);
    await limiter.check(
      `user:${address}:${request.ip}:${route}`,
      rateLimit.perUsernamePerHour,
      HOUR,
    );
    const shared = rateLimit.perUsernamePerHour * ADDRESS_BUDGET_PER_SOURCE_BUDGETS;
    await limiter.check(`user:${address}:${route}`, shared, HOUR);
  });
}

/** The account routes anyone may call (SPEC §6). */
export async function publicRoutes(app: FastifyInstance, options: PublicRoutesOptions) {
  const { accounts, cookies, signUpCookies } = options;
  const { limiter, rateLimit, devices } = options.limits;
  const login = new LoginLimits(limiter, devices, 'applicant', rateLimit);

  /** POST `url`: a small body, answered with a 400 before `handle` when it breaks its schema. */
  const post = <Body>(
    url: string,
    call: keyof typeof accountBodies,
    handle: (request: FastifyRequest<{ Body: Body }>, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.post<{ Body: Body }>(
      url,
      {
        bodyLimit: ACCOUNT_BODY_LIMIT,
        schema: { body: accountBodies[call], response: messageReply },
      },
      async (request, reply) => {
        assertValid(validators[call], request.body, localeOf(request));
        return handle(request, reply);
      },
    );

  post<Credentials>('/signup', 'signup', async (request, reply) => {
    const { username, password } = request.body;
    signUpCookies.issue(reply, await accounts.signUp(username, password, localeOf(request)));
    return { message: textFor(request, 'messages.signedUp') };
  });

  post<ConfirmBody>('/confirm', 'confirm', async (request, reply) => {
    const { username, code } = request.body;
    await accounts.confirm(username, code, signUpCookies.read(request));
    signUpCookies.clear(reply);
    // The code proved the mailbox: this device is the owner's (F4: a way in during an attack).
    await login.succeeded(request, { address: normalise(username) }, reply);
    return { message: textFor(request, 'messages.confirmed') };
  });

  post<UsernameBody>('/resend-confirm', 'resendConfirm', async (request, reply) => {
    const signUpId = signUpCookies.read(request);
    await accounts.resendCode(request.body.username, signUpId);
    // The renewed code lives another day: so does the browser's tie to its sign-up.
    if (signUpId) signUpCookies.issue(reply, signUpId);
    return { message: textFor(request, 'messages.codeResent') };
  });

  post<Credentials>('/login', 'login', async (request, reply) => {
    const address = normalise(request.body.username);
    const attempt = await login.before(request, address);
    const session = await accounts
      .logIn(request.body.username, request.body.password)
      .catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
          await login.failed(attempt);
        }
        throw error;
      });
    await login.succeeded(request, attempt, reply);
    cookies.set(reply, session.token);
    // The account's language follows the applicant to this device (issue 40).
    setLocaleCookie(reply, session.language, cookies.secure);
    return {
      message: text(session.language, 'messages.loggedIn'),
      username: session.username,
      language: session.language,
    };
  });

  post<UsernameBody>('/forgot-password', 'forgotPassword', async (request) => {
    await accounts.forgotPassword(request.body.username);
    return { message: textFor(request, 'messages.resetSent') };
  });

  post<ResetPasswordBody>('/reset-password', 'resetPassword', async (request, reply) => {
    const { username, id, password } = request.body;
    await accounts.resetPassword(username, id, password);
    // The reset link proved the mailbox: an owner locked out by others' failures gets back in.
    await login.succeeded(request, { address: normalise(username) }, reply);
    return { message: textFor(request, 'messages.passwordReset') };
  });
}
