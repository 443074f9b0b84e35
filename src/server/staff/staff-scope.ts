import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { limitBodies } from '../ops/body-limits';
import type { StaffCookie } from './staff-cookie';
import type { StaffPrincipal, StaffSessions } from './staff-sessions';

/**
 * Who may call a staff route: 'public' (the sign-in steps), 'password' (half-way: the TOTP step
 * after a right password), 'reader' (view applications) or 'admin' (everything; an admin is also
 * a reader). Every route under /api/staff must declare one in its config, and a schema.
 */
export type StaffAccess = 'public' | 'password' | 'reader' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api/staff route (staff-scope refuses to register one without). */
    staffAccess?: StaffAccess;
  }
  interface FastifyRequest {
    /** The signed-in staff member, set by the staff scope for non-public routes. */
    staff?: StaffPrincipal;
  }
}

export interface StaffScopeOptions {
  staffSessions: StaffSessions;
  staffCookie: StaffCookie;
}

/** The staff member of a request behind a non-public staff route. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('STAFF_UNAUTHORIZED');
  return request.staff;
}

/**
 * The hooks every /api/staff route shares: each route must declare its access and schemas (the
 * authorization matrix test enumerates them), the default body limit, and, before validation (so
 * a caller without a session learns nothing of what a route expects), the staff session and its
 * role. A staff session never reaches an applicant route, nor an applicant session a staff one:
 * the cookies differ.
 */
export const staffScope = fp(async (app: FastifyInstance, options: StaffScopeOptions) => {
  app.addHook('onRoute', (route) => {
    const access = route.config?.staffAccess;
    if (!access)
      throw new Error(`Staff route ${route.method} ${route.url} declares no staffAccess`);
    if (!route.schema)
      throw new Error(`Staff route ${route.method} ${route.url} declares no schema`);
  });
  limitBodies(app);
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.staffAccess;
    if (!access || access === 'public') return;
    const token = request.cookies[options.staffCookie.name];
    const staff = token ? await options.staffSessions.resolve(token) : undefined;
    if (!staff) {
      options.staffCookie.clear(reply);
      throw new AppError('STAFF_UNAUTHORIZED');
    }
    if (access === 'password') {
      if (staff.factor !== 'password') throw new AppError('STAFF_FORBIDDEN');
    } else {
      if (staff.factor !== 'full') throw new AppError('STAFF_UNAUTHORIZED');
      if (access === 'admin' && staff.role !== 'admin') throw new AppError('STAFF_FORBIDDEN');
    }
    request.staff = staff;
  });
});
