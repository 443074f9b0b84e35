import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from '../../src/server/client-shell';

describe('the codings an Accept-Encoding header takes', () => {
  it('takes a coding named, with or without a weight above zero', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=0.5, br;q=1.0', 'gzip')).toBe(true);
    expect(acceptsEncoding('GZIP', 'gzip')).toBe(true);
  });

  it('refuses a coding absent, refused with q=0, or only a prefix of another', () => {
    expect(acceptsEncoding('', 'br')).toBe(false);
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('x-gzip', 'gzip')).toBe(false);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
  });
});
