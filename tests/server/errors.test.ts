import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/contract/error-codes';
import { AppError, errorCatalogue, errors } from '../../src/server/errors';

describe('the error catalogue', () => {
  it('fills a message template with the values the throw site passes, in order', () => {
    const error = errors.TAB_UNKNOWN('funding', 'loan', 'grant, scholarship');
    expect(error).toBeInstanceOf(AppError);
    expect({ code: error.code, status: error.status, message: error.message }).toEqual({
      code: 'BAD_REQUEST',
      status: 400,
      message: '"funding" has no tab "loan"; choose one of grant, scholarship.',
    });
  });

  it("answers a bare code with that code's general message and status", () => {
    const error = new AppError('UNAUTHORIZED');
    expect({ code: error.code, status: error.status, message: error.message }).toEqual({
      code: 'UNAUTHORIZED',
      status: 401,
      message: 'Your session is invalid. Please clear your cookies and login again.',
    });
  });

  it('adds field errors without changing the code, status or message', () => {
    const error = errors.PASSWORD_REQUIREMENTS_UNMET('8 characters').withFields({
      password: ['8 characters'],
    });
    expect({ ...error, message: error.message }).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: 'Your password must meet every requirement. Not yet met: 8 characters.',
      errors: { password: ['8 characters'] },
    });
  });

  it('has a general entry for every code, and every entry keeps its code’s status', () => {
    for (const code of errorCodes) expect(errorCatalogue[code].code).toBe(code);
    for (const [name, entry] of Object.entries(errorCatalogue)) {
      expect(errorCodes, name).toContain(entry.code);
      expect(entry.status, name).toBe(errorCatalogue[entry.code].status);
    }
  });
});
