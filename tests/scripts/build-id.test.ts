import { describe, expect, it } from 'vitest';
import { buildId } from '../../scripts/build-id';

describe('buildId', () => {
  it('takes BUILD_ID when given, and refuses one a report could not carry', () => {
    expect(buildId({ BUILD_ID: 'v1.4.2+a1b2c3' })).toBe('v1.4.2+a1b2c3');
    expect(() => buildId({ BUILD_ID: 'has space' })).toThrow(/BUILD_ID must be/);
  });

  it('is otherwise the git commit (this checkout has one)', () => {
    expect(buildId({})).toMatch(/^[0-9a-f]{12}(-dirty)?$/);
  });
});
