/** STAFF_OIDC_*: all three or none, and an issuer that is https (http only on this machine). */

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { scratchDir } from '../../helpers/scratch-dir';

const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: scratchDir('admissions-oidc-config'), ...env });

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    load(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

const client = { STAFF_OIDC_CLIENT_ID: 'admissions', STAFF_OIDC_CLIENT_SECRET: 's3cret' };

describe('STAFF_OIDC_* settings', () => {
  it('turns single sign-on off when none is set, and on when all three are', () => {
    expect(load({}).staffOidc).toBeNull();
    expect(
      load({ STAFF_OIDC_ISSUER: 'https://login.example.edu/realms/staff', ...client }).staffOidc,
    ).toEqual({
      issuer: 'https://login.example.edu/realms/staff',
      clientId: 'admissions',
      clientSecret: 's3cret',
    });
    expect(load({ STAFF_OIDC_ISSUER: 'http://127.0.0.1:5301', ...client }).staffOidc?.issuer).toBe(
      'http://127.0.0.1:5301',
    );
  });

  it('names what is wrong: a missing part, plain http elsewhere than here, not a URL', () => {
    expect(problemsOf({ STAFF_OIDC_ISSUER: 'https://login.example.edu' })).toEqual([
      'STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET must be set together (or all left empty: no single sign-on).',
    ]);
    for (const issuer of ['http://login.example.edu', 'login.example.edu', 'https://x.edu/?a=1']) {
      expect(problemsOf({ STAFF_OIDC_ISSUER: issuer, ...client })).toEqual([
        `STAFF_OIDC_ISSUER must be the provider's https issuer URL, such as https://login.example.edu/realms/staff (http only on 127.0.0.1 or localhost), got "${issuer}".`,
      ]);
    }
  });
});
