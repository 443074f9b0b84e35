/** PUT /api/staff/members/:id/role (issue 44): an administrator changes a member's role. */
import { allRequired, type Wire } from './wire';

const role = { type: 'string', enum: ['reader', 'admin'] } as const;

export const memberRoleBody = allRequired({ role });

export const memberRoleReply = {
  200: allRequired({ id: { type: 'string' }, email: { type: 'string' }, role }),
} as const;

export type MemberRoleBody = Wire<typeof memberRoleBody>;
export type MemberRoleResponse = Wire<(typeof memberRoleReply)[200]>;
