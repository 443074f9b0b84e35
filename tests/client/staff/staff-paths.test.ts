import { describe, expect, it } from 'vitest';
import { returnPathOf, staffPaths } from '../../../src/client/staff/staff-paths';

describe('where a member goes after signing in', () => {
  it('goes back to a console screen it was sent away from, with its query', () => {
    expect(returnPathOf({ from: '/staff/audit?actor=x' })).toBe('/staff/audit?actor=x');
    expect(returnPathOf({ from: '/staff/applications/abc', notice: 'n' })).toBe(
      '/staff/applications/abc',
    );
    expect(returnPathOf({ from: '/staff' })).toBe('/staff');
  });

  it('takes nothing outside the console, nor the login page, nor a non-string', () => {
    for (const from of [
      '//evil.example/staff',
      'https://evil.example/staff',
      '/staffing',
      '/about',
      '/staff/login',
      '/staff/login?next=/staff/audit',
      42,
      undefined,
    ]) {
      expect(returnPathOf({ from })).toBe(staffPaths.applications);
    }
    expect(returnPathOf(null)).toBe(staffPaths.applications);
    expect(returnPathOf('from')).toBe(staffPaths.applications);
  });
});
