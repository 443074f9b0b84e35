import type { FastifyInstance } from 'fastify';
import {
  addMemberBody,
  addMemberReply,
  logoutReply,
  memberParams,
  membersReply,
  newPasswordBody,
  newPasswordReply,
  removeMemberReply,
  signInOptionsReply,
  staffLoginBody,
  staffLoginReply,
  staffMeReply,
  totpBody,
  totpSetupReply,
  type AddMemberBody,
  type MemberParams,
  type NewPasswordBody,
  type StaffLoginBody,
  type TotpBody,
} from '../../contract/staff-identity';
import { AppError } from '../errors';
import { normalise } from '../identity/accounts';
import { LoginLimits } from '../identity/login-limits';
import { decoyPasswordHash, verifyPassword } from '../identity/secrets';
import type { Services } from '../services';
import { SealedBox } from './sealed-box';
import { StaffMembers } from './staff-members';
import { staffOidcRoutes } from './staff-oidc-routes';
import { staffOf } from './staff-scope';
import { StaffSignIn } from './staff-sign-in';
import { StaffTotp } from './staff-totp';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Staff identity (issue 17): the password and TOTP sign-in, single sign-on (staff-oidc-routes),
 * the signed-in member, logout, and the admins' management of the staff.
 */
export async function staffIdentityRoutes(app: FastifyInstance, services: Services) {
  const { config, db, clock, hasher, limiter, staffSessions, staffCookie, audit } = services;
  const members = new StaffMembers(db, clock, staffSessions, audit);
  const totp = new StaffTotp(
    db,
    new SealedBox(hasher, 'staff-totp'),
    clock,
    `${services.site.university.name} staff`,
  );
  const signIn = new StaffSignIn(staffSessions, staffCookie, audit);
  const { perIpPerMinute, perUsernamePerHour } = config.rateLimit;
  const login = new LoginLimits(limiter, services.limits.devices, 'staff', config.rateLimit);

  /**
   * The steps after the password count every attempt per IP and per member: only a member
   * half-way signed in reaches them, so no stranger spends that budget.
   */
  const limit = async (step: string, ip: string, email: string) => {
    await limiter.check(`staff-${step}-ip:${ip}`, perIpPerMinute, MINUTE);
    await limiter.check(`staff-${step}:${normalise(email)}`, perUsernamePerHour, HOUR);
  };

  app.get(
    '/sign-in-options',
    { config: { staffAccess: 'public' }, schema: { response: signInOptionsReply } },
    async () => ({ oidc: config.staffOidc !== null }),
  );

  app.post<{ Body: StaffLoginBody }>(
    '/login',
    {
      config: { staffAccess: 'public' },
      schema: { body: staffLoginBody, response: staffLoginReply },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Per IP, then per address and source (login-limits.ts): a stranger's failures never
      // spend the budget of a member signing in from a device that signed in before.
      await limiter.check(`staff-login-ip:${request.ip}`, perIpPerMinute, MINUTE);
      const attempt = await login.before(request, normalise(email));
      const member = await members.findByEmail(email);
      // An unknown address (or a member who signs in only by SSO) costs as much as a wrong password.
      const stored = member?.password_hash ?? (await decoyPasswordHash);
      const right = await verifyPassword(stored, password);
      if (!member?.password_hash || !right) {
        // Refusals are audited like the SSO's: a run of them is how guessing shows. The per-IP and
        // per-address limits above bound how many rows one client can add.
        await login.failed(attempt);
        await audit.record({
          // An address that is no member's is kept only as a keyed hash: anyone may type an
          // applicant's e-mail here, and the append-only log could never erase it. The hash still
          // shows a run of guesses at one address.
          actor: member
            ? `staff:${normalise(email)}`
            : `staff:unknown:${hasher.hash('staff-unknown-address', normalise(email)).slice(0, 12)}`,
          action: 'staff.sign-in',
          detail: {
            method: 'password',
            refused: member ? 'wrong password' : 'not a staff member',
          },
          ip: request.ip,
        });
        throw new AppError('STAFF_CREDENTIALS_INVALID');
      }
      await login.succeeded(request, attempt, reply);
      await signIn.rotate(request, reply, member.id, 'password');
      if (member.password_temporary) return { next: 'password-change' };
      return { next: member.totp_confirmed_at ? 'totp' : 'totp-setup' };
    },
  );

  /** Half-way, a member whose password was generated for them chooses their own first. */
  app.post<{ Body: NewPasswordBody }>(
    '/password',
    {
      config: { staffAccess: 'password' },
      schema: { body: newPasswordBody, response: newPasswordReply },
    },
    async (request) => {
      const staff = staffOf(request);
      await limit('password', request.ip, staff.email);
      const { totpConfirmed } = await members.replaceTemporaryPassword(
        staff.staffId,
        request.body.password,
        { actor: `staff:${staff.email}`, ip: request.ip },
      );
      return { next: totpConfirmed ? 'totp' : 'totp-setup' };
    },
  );

  /** The TOTP steps wait for a generated password to be replaced. */
  const assertOwnPassword = async (email: string) => {
    const member = await members.findByEmail(email);
    if (member?.password_temporary) throw new AppError('STAFF_PASSWORD_CHANGE_REQUIRED');
  };

  app.get(
    '/totp/setup',
    { config: { staffAccess: 'password' }, schema: { response: totpSetupReply } },
    async (request) => {
      const staff = staffOf(request);
      await assertOwnPassword(staff.email);
      return totp.enrol(staff.staffId);
    },
  );

  app.post<{ Body: TotpBody }>(
    '/totp',
    { config: { staffAccess: 'password' }, schema: { body: totpBody, response: staffMeReply } },
    async (request, reply) => {
      const staff = staffOf(request);
      await limit('totp', request.ip, staff.email);
      await assertOwnPassword(staff.email);
      if (!(await totp.verify(staff.staffId, request.body.code))) {
        await audit.record({
          actor: `staff:${staff.email}`,
          action: 'staff.sign-in',
          detail: { method: 'password+totp', refused: 'wrong or used code' },
          ip: request.ip,
        });
        throw new AppError('STAFF_TOTP_INVALID');
      }
      await signIn.complete(request, reply, staff, 'password+totp');
      return { email: staff.email, role: staff.role };
    },
  );

  app.get(
    '/me',
    { config: { staffAccess: 'reader' }, schema: { response: staffMeReply } },
    async (request) => {
      const { email, role } = staffOf(request);
      return { email, role };
    },
  );

  app.post(
    '/logout',
    { config: { staffAccess: 'public' }, schema: { response: logoutReply } },
    async (request, reply) => {
      await signIn.end(request);
      staffCookie.clear(reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/members',
    { config: { staffAccess: 'admin' }, schema: { response: membersReply } },
    async () => ({ members: await members.list() }),
  );

  app.post<{ Body: AddMemberBody }>(
    '/members',
    { config: { staffAccess: 'admin' }, schema: { body: addMemberBody, response: addMemberReply } },
    async (request, reply) => {
      const added = await members.add(request.body, {
        actor: `staff:${staffOf(request).email}`,
        ip: request.ip,
      });
      return reply.code(201).send(added);
    },
  );

  app.delete<{ Params: MemberParams }>(
    '/members/:id',
    {
      config: { staffAccess: 'admin' },
      schema: { params: memberParams, response: removeMemberReply },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      if (request.params.id === staff.staffId) throw new AppError('STAFF_REMOVE_SELF');
      await members.remove(request.params.id, { actor: `staff:${staff.email}`, ip: request.ip });
      return reply.code(204).send();
    },
  );

  await app.register(staffOidcRoutes, { services, members, signIn });
}
