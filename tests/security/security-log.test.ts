/** The log check of the security suite finds what it looks for, so its silence means something. */
import { describe, expect, it } from 'vitest';
import { SecurityLog } from './helpers/security-log';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: 1768478400123456, ...fields });

describe('the security log check', () => {
  it('finds a secret in clear, in any case, and URL-encoded, in any string of a line', () => {
    const log = new SecurityLog();
    log.secret('session token', 'Tok3n/With+Odd=Chars');
    log.lines.push(
      line({ msg: 'fine' }),
      line({ req: { path: '/x/tok3n/with+odd=chars' } }),
      line({ err: { message: `bad Tok3n%2FWith%2BOdd%3DChars` } }),
    );
    expect(log.leaks()).toHaveLength(2);
  });

  it('finds a 6-digit code only as a whole number, never inside a time or a longer number', () => {
    const log = new SecurityLog();
    log.secret('confirmation code', '478400');
    log.lines.push(line({ responseTime: 0.478400123, reqId: 'req-1478400' }));
    expect(log.leaks()).toEqual([]);
    log.lines.push(line({ msg: 'code 478400 sent' }));
    expect(log.leaks()).toHaveLength(1);
  });

  it('searches lines that are not JSON as they are', () => {
    const log = new SecurityLog();
    log.secret('password', 'Correct-Horse-42');
    log.lines.push('plain text Correct-Horse-42');
    expect(log.leaks()).toEqual(['password: plain text Correct-Horse-42']);
  });

  it('refuses a secret too short to search for', () => {
    expect(() => new SecurityLog().secret('code', '123')).toThrow(/too short/);
  });
});
