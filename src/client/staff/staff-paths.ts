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
