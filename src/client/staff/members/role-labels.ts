import type { StaffMe } from '../../../contract/staff-identity';

/** How the console names a member's role. */
export const roleLabels: Record<StaffMe['role'], string> = {
  admin: 'Administrator',
  reader: 'Reader',
};
