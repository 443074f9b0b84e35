import { Outlet } from 'react-router-dom';
import { Notice } from '../components/notice';
import { StaffPage } from './staff-page';
import { useStaffMember } from './use-staff-member';

/**
 * The admin screens. A reader never sees them in the navigation; one who opens such an address
 * is told so (the server refuses their calls anyway: STAFF_FORBIDDEN).
 */
export function AdminOnly() {
  const member = useStaffMember().data;
  if (member?.role === 'admin') return <Outlet />;
  return (
    <StaffPage title="Not available">
      <Notice kind="error">This screen is for administrators.</Notice>
    </StaffPage>
  );
}
