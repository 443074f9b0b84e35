import {
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Keyed hashing for short-lived secrets (session tokens, confirmation codes, reset ids). A keyed
 * HMAC, not a bare SHA-256, because a 6-digit code has only a million values: without the server's
 * secret a stolen table cannot be brute-forced offline.
 */
export class SecretHasher {
  /**
   * The key prepared once: given as a string, createHmac prepares it again at every call (a fifth
   * of a hash's cost; every /api request hashes its session token and its rate-limit bucket).
   */
  private readonly hmacKey: KeyObject;

  constructor(private readonly key: string) {
    this.hmacKey = createSecretKey(Buffer.from(key, 'utf8'));
  }

  hash(purpose: string, value: string): string {
    return createHmac('sha256', this.hmacKey).update(`${purpose}\0${value}`).digest('base64url');
  }

  matches(purpose: string, value: string, stored: string): boolean {
    const a = Buffer.from(this.hash(purpose, value));
    const b = Buffer.from(stored);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** A 256-bit key of its own for `purpose` (HKDF-SHA256 of the secret), for sealing secrets at rest. */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, '', `admissions ${purpose}`, 32));
  }
}

/** An opaque random token, 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A 6-digit confirmation code, leading zeros kept. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const argonOptions = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under isolatedModules */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of no real password, verified against when a username is unknown so timing tells nothing. */
export const decoyPasswordHash = hashPassword(randomToken());
