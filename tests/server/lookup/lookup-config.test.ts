import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { scratchDir } from '../../helpers/scratch-dir';

const dataDir = () => scratchDir('admissions-config');

describe('lookup configuration', () => {
  it('has no address provider and 600 lookups per IP per minute by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.addressLookupUrl).toBe('');
    expect(config.rateLimit.lookupPerIpPerMinute).toBe(600);
  });

  it('takes a Photon URL and a lookup limit', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADDRESS_LOOKUP_URL: 'http://photon.internal:2322',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '120',
    });
    expect(config.addressLookupUrl).toBe('http://photon.internal:2322');
    expect(config.rateLimit.lookupPerIpPerMinute).toBe(120);
  });

  it('lists a bad provider URL and a bad limit together', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        ADDRESS_LOOKUP_URL: 'photon.internal:2322',
        RATE_LIMIT_LOOKUP_PER_MINUTE: 'many',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(' ')[0])).toEqual([
      'RATE_LIMIT_LOOKUP_PER_MINUTE',
      'ADDRESS_LOOKUP_URL',
    ]);
  });
});
