/** SealedBox: AES-256-GCM under a key derived per purpose from the session secret. */
import { describe, expect, it } from 'vitest';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { SealedBox } from '../../../src/server/staff/sealed-box';

const hasher = new SecretHasher('a-test-secret-that-is-at-least-32-characters-long');

describe('SealedBox', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = new SealedBox(hasher, 'staff-totp');
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(b)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens nothing changed, sealed for another purpose or under another secret', () => {
    const box = new SealedBox(hasher, 'staff-totp');
    const sealed = box.seal('secret');
    const [iv, tag, text] = sealed.split('.') as [string, string, string];
    const flipped = `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    expect(box.open(`${iv}.${tag}.${flipped}`)).toBeUndefined();
    expect(box.open(`${iv}.${tag}`)).toBeUndefined();
    expect(box.open('not sealed at all')).toBeUndefined();
    expect(new SealedBox(hasher, 'staff-oidc-transaction').open(sealed)).toBeUndefined();
    const otherSecret = new SecretHasher('another-secret-that-is-at-least-32-characters');
    expect(new SealedBox(otherSecret, 'staff-totp').open(sealed)).toBeUndefined();
  });
});
