import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { Services } from '../services';
import { staffOf } from './staff-scope';
import { StaffMembers } from './staff-members';
import { memberParams, type MemberParams } from '../../contract/staff-identity';
import {
  memberRoleBody,
  memberRoleReply,
  type MemberRoleBody,
} from '../../contract/staff-member-role';

/**
 * PUT /members/:id/role: an administrator makes a reader an administrator or the other way
 * round. Not their own role, so the console always keeps at least one administrator (the one
 * asking). Sessions read the role from the member's row, so it holds from their next call.
 */
export async function memberRoleRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { db, clock, staffSessions, audit } = services;
  const members = new StaffMembers(db, clock, staffSessions, audit);
  app.put<{ Params: MemberParams; Body: MemberRoleBody }>(
    '/members/:id/role',
    {
      config: { staffAccess: 'admin' },
      schema: { params: memberParams, body: memberRoleBody, response: memberRoleReply },
    },
    async (request) => {
      const staff = staffOf(request);
      if (request.params.id === staff.staffId) throw new AppError('STAFF_ROLE_SELF');
      return members.changeRole(request.params.id, request.body.role, {
        actor: `staff:${staff.email}`,
        ip: request.ip,
      });
    },
  );
}
