import type { FastifyInstance, FastifyReply } from 'fastify';
import { oidcCallbackQuery, redirectReply } from '../../contract/staff-identity';
import { AppError } from '../errors';
import type { Services } from '../services';
import { SealedBox } from './sealed-box';
import type { StaffMembers } from './staff-members';
import { OIDC_TRANSACTION_MS, StaffOidc } from './staff-oidc';
import type { StaffSignIn } from './staff-sign-in';

export interface StaffOidcRoutesOptions {
  services: Services;
  members: StaffMembers;
  signIn: StaffSignIn;
}

/** Where the provider sends the browser back: to be registered at the provider as is. */
const OIDC_CALLBACK_PATH = '/api/staff/oidc/callback';

/**
 * GET /oidc/start and /oidc/callback: single sign-on for members already added as staff (by the
 * CLI or an admin), matched by the e-mail the provider has verified. A sign-in refused (an
 * unknown or unverified e-mail, a forged or stale answer) goes back to the login page with
 * ?error=sso and is written to the audit log. Both answer 404 without STAFF_OIDC_* set.
 */
export async function staffOidcRoutes(app: FastifyInstance, options: StaffOidcRoutesOptions) {
  const { config, clock, hasher, audit, staffCookie } = options.services;
  const settings = config.staffOidc;
  const oidc = settings
    ? new StaffOidc(
        settings,
        config.publicUrl + OIDC_CALLBACK_PATH,
        new SealedBox(hasher, 'staff-oidc-transaction'),
        clock,
        app.log,
      )
    : undefined;
  // Lax, not Strict like the session's: the provider's redirect back is a navigation from another
  // site, and the callback must read this cookie on it. It holds only the transaction, sealed.
  const transactionCookie = {
    name: `${staffCookie.name}-oidc`,
    options: {
      path: '/api/staff/oidc',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.publicUrl.startsWith('https:'),
    },
  };

  // Asked at start, so a wrong issuer is in the log before anyone tries to sign in; a failure
  // there is only logged (discover() does), and the first sign-in asks again.
  if (oidc) {
    app.addHook('onReady', async () => {
      void oidc.discover().catch(() => undefined);
    });
  }

  app.get(
    '/oidc/start',
    { config: { staffAccess: 'public' }, schema: { response: redirectReply } },
    async (_request, reply) => {
      if (!oidc) throw new AppError('NOT_FOUND');
      const { url, transaction } = await oidc.start();
      reply.setCookie(transactionCookie.name, transaction, {
        ...transactionCookie.options,
        maxAge: OIDC_TRANSACTION_MS / 1000,
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/oidc/callback',
    {
      config: { staffAccess: 'public' },
      schema: { querystring: oidcCallbackQuery, response: redirectReply },
    },
    async (request, reply) => {
      if (!oidc) throw new AppError('NOT_FOUND');
      const refuse = async (reason: string, email?: string): Promise<FastifyReply> => {
        await audit.record({
          actor: `oidc:${email ?? 'unknown'}`,
          action: 'staff.sign-in',
          detail: { method: 'oidc', refused: reason },
          ip: request.ip,
        });
        return reply.redirect('/staff/login?error=sso', 302);
      };
      const sealed = request.cookies[transactionCookie.name];
      reply.clearCookie(transactionCookie.name, transactionCookie.options);
      // The URL the provider redirected to, on the origin it was registered with.
      const callbackUrl = new URL(request.url, config.publicUrl);
      // A provider that stopped answering since the start: refused, as its answer cannot be checked.
      const identity = await oidc.finish(callbackUrl, sealed).catch((error: unknown) => {
        if (error instanceof AppError) return undefined;
        throw error;
      });
      if (!identity) return refuse('provider unavailable');
      if (!identity.ok) return refuse(identity.reason, identity.email);
      const member = await options.members.findByEmail(identity.email);
      if (!member) return refuse('not a staff member', identity.email);
      await options.signIn.complete(
        request,
        reply,
        { staffId: member.id, email: member.email },
        'oidc',
      );
      return reply.redirect('/staff', 302);
    },
  );
}
