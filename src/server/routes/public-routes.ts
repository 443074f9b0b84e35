import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountService } from '../identity/accounts';
import { accountMessages } from '../identity/accounts';
import type { RateLimiter } from '../identity/rate-limiter';
import type { SessionCookies } from '../plugins/session-cookies';
import { AppError } from '../errors';
import { accountBodies, assertValid, messageReply, validators } from './account-bodies';

export interface PublicRoutesOptions {
  accounts: AccountService;
  cookies: SessionCookies;
}

export interface RateLimitOptions {
  limiter: RateLimiter;
  rateLimit: { perIpPerMinute: number; perUsernamePerHour: number };
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

type WithUsername = FastifyRequest<{ Body: { username: string } }>;

/** Limits every route of a scope per IP and, once the body names one, per username. */
export function addRateLimits(
  app: FastifyInstance,
  { limiter, rateLimit }: RateLimitOptions,
): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? request.url;
    if (!(await limiter.hit(`ip:${request.ip}:${route}`, rateLimit.perIpPerMinute, MINUTE))) {
      throw new AppError('RATE_LIMITED');
    }
  });
  app.addHook('preHandler', async (request) => {
    const username = (request as WithUsername).body?.username;
    if (typeof username !== 'string') return;
    const route = request.routeOptions.url ?? request.url;
    const bucket = `user:${username.trim().toLowerCase()}:${route}`;
    if (!(await limiter.hit(bucket, rateLimit.perUsernamePerHour, HOUR))) {
      throw new AppError('RATE_LIMITED');
    }
  });
}

/** The account routes anyone may call (SPEC §6). */
export async function publicRoutes(app: FastifyInstance, options: PublicRoutesOptions) {
  const { accounts, cookies } = options;

  app.post<{ Body: { username: string; password: string } }>(
    '/signup',
    { schema: { body: accountBodies.signup, response: messageReply } },
    async (request) => {
      assertValid(validators.signup, request.body);
      await accounts.signUp(request.body.username, request.body.password);
      return { message: accountMessages.signedUp };
    },
  );

  app.post<{ Body: { username: string; code: string } }>(
    '/confirm',
    { schema: { body: accountBodies.confirm, response: messageReply } },
    async (request) => {
      assertValid(validators.confirm, request.body);
      await accounts.confirm(request.body.username, request.body.code);
      return { message: accountMessages.confirmed };
    },
  );

  app.post<{ Body: { username: string } }>(
    '/resend-confirm',
    { schema: { body: accountBodies.resendConfirm, response: messageReply } },
    async (request) => {
      assertValid(validators.resendConfirm, request.body);
      await accounts.resendCode(request.body.username);
      return { message: accountMessages.codeResent };
    },
  );

  app.post<{ Body: { username: string; password: string } }>(
    '/login',
    { schema: { body: accountBodies.login, response: messageReply } },
    async (request, reply) => {
      assertValid(validators.login, request.body);
      const session = await accounts.logIn(request.body.username, request.body.password);
      cookies.set(reply, session.token);
      return { message: accountMessages.loggedIn, username: session.username };
    },
  );

  app.post<{ Body: { username: string } }>(
    '/forgot-password',
    { schema: { body: accountBodies.forgotPassword, response: messageReply } },
    async (request) => {
      assertValid(validators.forgotPassword, request.body);
      await accounts.forgotPassword(request.body.username);
      return { message: accountMessages.resetSent };
    },
  );

  app.post<{
    Body: { username: string; password: string; confirm_password: string; id: string };
  }>(
    '/reset-password',
    { schema: { body: accountBodies.resetPassword, response: messageReply } },
    async (request) => {
      assertValid(validators.resetPassword, request.body);
      const { username, id, password } = request.body;
      await accounts.resetPassword(username, id, password);
      return { message: accountMessages.passwordReset };
    },
  );
}
