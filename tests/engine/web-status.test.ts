import { describe, expect, it } from 'vitest';
import { showsErrors, statusOnSubmit, webStatusOf } from '../../src/engine/web-status';

const list = (...statuses: Array<string | null>) => statuses.map((web_status) => ({ web_status }));

describe('web status from the count of distinct recognised statuses', () => {
  it.each([
    [[], null],
    [['started'], 'started'],
    [['started', 'validating'], 'validating'],
    [['started', 'validating', 'submitted'], 'submitted'],
    [['started', 'started', 'started'], 'started'],
    [['submitted'], 'started'],
    [['started', 'archived', null], 'started'],
    [['validating', 'submitted', 'validating'], 'validating'],
  ] as const)('%j gives %s', (statuses, expected) => {
    expect(webStatusOf(list(...statuses))).toBe(expected);
  });

  it('reads a missing list as none', () => {
    expect(webStatusOf(undefined)).toBeNull();
    expect(webStatusOf(null)).toBeNull();
  });

  it('submit moves started to validating; errors show only while validating', () => {
    expect(statusOnSubmit('started')).toBe('validating');
    expect(statusOnSubmit('validating')).toBe('validating');
    expect(statusOnSubmit(null)).toBeNull();
    expect(showsErrors('validating')).toBe(true);
    expect(showsErrors('started')).toBe(false);
    expect(showsErrors(null)).toBe(false);
  });
});
