/** The console's addresses (issue 17), all under /staff. */
export const staffPaths = {
  login: '/staff/login',
  applications: '/staff',
  application: (accountId: string) => `/staff/applications/${encodeURIComponent(accountId)}`,
  exports: '/staff/exports',
  analytics: '/staff/analytics',
  links: '/staff/links',
  audit: '/staff/audit',
  dataRequests: '/staff/data-requests',
  members: '/staff/members',
};

/**
 * Where to go after signing in: the console screen the member was sent away from (kept in the
 * login page's location state), else the applications. Only a path of the console itself is
 * taken, never the login page, another site or the applicant's side.
 */
export function returnPathOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  const inConsole = /^\/staff(?:[/?#]|$)/;
  if (typeof from !== 'string' || !inConsole.test(from) || from.startsWith(staffPaths.login))
    return staffPaths.applications;
  return from;
}
