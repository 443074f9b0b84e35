import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretHasher } from '../identity/secrets';

/**
 * AES-256-GCM with a key of its own derived from SESSION_SECRET: what a stolen database or
 * browser must not be able to read or forge (a member's TOTP secret, the OIDC sign-in's state
 * cookie). Each purpose has its own key, so a value sealed for one is never accepted as another.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(hasher: SecretHasher, purpose: string) {
    this.key = hasher.deriveKey(purpose);
  }

  /** `<iv>.<tag>.<ciphertext>`, each base64url: safe in a cookie and a text column. */
  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** The text sealed, or undefined when the value was not sealed by this box or was changed. */
  open(value: string): string | undefined {
    const [iv, tag, sealed, ...rest] = value.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !sealed || rest.length > 0 || iv.length !== 12 || tag.length !== 16) {
      return undefined;
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
