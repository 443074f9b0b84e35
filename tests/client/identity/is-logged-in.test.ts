// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { identityCookiePrefix, isLoggedIn } from '../../../src/client/identity/is-logged-in';

const expire = (name: string) => {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

afterEach(() => {
  document.head.querySelector('meta[name="identity-cookie-prefix"]')?.remove();
  ['admissions_identity.marker', 'other', 'custom_prefix.marker'].forEach(expire);
});

describe('isLoggedIn', () => {
  it('is false without cookies', () => {
    expect(isLoggedIn()).toBe(false);
  });

  it('is false when no cookie name starts with the prefix', () => {
    document.cookie = 'other=admissions_identity';
    expect(isLoggedIn()).toBe(false);
  });

  it('is true when a cookie name starts with the default prefix', () => {
    document.cookie = 'admissions_identity.marker=1';
    expect(isLoggedIn()).toBe(true);
  });

  it('reads the prefix from the meta tag the server writes', () => {
    const meta = document.createElement('meta');
    meta.name = 'identity-cookie-prefix';
    meta.content = 'custom_prefix';
    document.head.append(meta);
    document.cookie = 'admissions_identity.marker=1';
    expect(identityCookiePrefix()).toBe('custom_prefix');
    expect(isLoggedIn()).toBe(false);
    document.cookie = 'custom_prefix.marker=1';
    expect(isLoggedIn()).toBe(true);
  });
});
