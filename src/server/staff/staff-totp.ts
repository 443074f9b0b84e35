import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { SealedBox } from './sealed-box';

/** What is sealed in staff.totp_secret: the secret, and the last time step a code was used for. */
interface StoredTotp {
  secret: string;
  lastStep: number | null;
}

export interface TotpEnrolment {
  otpauthUri: string;
  /** The QR code of the URI as SVG markup, drawn here so the console's bundle need not. */
  qrSvg: string;
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
}

/**
 * The second factor of a staff password sign-in (RFC 6238: 6 digits, 30 s, SHA-1, as every
 * authenticator app expects). The secret is stored sealed (AES-256-GCM, a key derived from
 * SESSION_SECRET), set up once, and confirmed by the first right code. A code is good once: the
 * time step it was used for is stored with the secret, and a code for that step or an earlier
 * one is refused.
 */
export class StaffTotp {
  constructor(
    private readonly db: Db,
    private readonly box: SealedBox,
    private readonly clock: Clock,
    /** The name an authenticator app shows beside the code. */
    private readonly issuer: string,
  ) {}

  /**
   * The secret to enrol while none is confirmed: the same one until it is (a reload of the setup
   * page shows the QR code already scanned). Throws STAFF_TOTP_SET_UP once confirmed.
   */
  async enrol(staffId: string): Promise<TotpEnrolment> {
    const row = await this.row(staffId);
    if (row.totp_confirmed_at) throw new AppError('STAFF_TOTP_SET_UP');
    let stored = row.totp_secret ? this.open(row.totp_secret) : undefined;
    if (!stored) {
      stored = { secret: new Secret({ size: 20 }).base32, lastStep: null };
      await this.db
        .updateTable('staff')
        .set({ totp_secret: this.box.seal(JSON.stringify(stored)) })
        .where('id', '=', staffId)
        .where('totp_confirmed_at', 'is', null)
        .execute();
    }
    const otpauthUri = this.totp(stored.secret, row.email).toString();
    return {
      otpauthUri,
      qrSvg: await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M' }),
      secret: stored.secret,
    };
  }

  /**
   * Whether `code` is right now (one step either side, for a phone's clock) and not used before;
   * the first right code confirms the set-up. Two requests with one code: one wins.
   */
  async verify(staffId: string, code: string): Promise<boolean> {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return false;
    const row = await this.row(staffId);
    const stored = row.totp_secret ? this.open(row.totp_secret) : undefined;
    if (!row.totp_secret || !stored) return false;
    const totp = this.totp(stored.secret, row.email);
    const timestamp = this.clock.now().getTime();
    const delta = totp.validate({ token, timestamp, window: 1 });
    if (delta === null) return false;
    const step = totp.counter({ timestamp }) + delta;
    if (stored.lastStep !== null && step <= stored.lastStep) return false;
    // Compare and swap on the sealed value: of two uses of one code at once, only one updates.
    const updated = await this.db
      .updateTable('staff')
      .set({
        totp_secret: this.box.seal(JSON.stringify({ ...stored, lastStep: step })),
        totp_confirmed_at: row.totp_confirmed_at ?? this.clock.now().toISOString(),
      })
      .where('id', '=', staffId)
      .where('totp_secret', '=', row.totp_secret)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  private totp(secret: string, email: string): TOTP {
    return new TOTP({
      issuer: this.issuer,
      label: email,
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
  }

  private open(sealed: string): StoredTotp | undefined {
    const text = this.box.open(sealed);
    return text === undefined ? undefined : (JSON.parse(text) as StoredTotp);
  }

  private async row(staffId: string) {
    const row = await this.db
      .selectFrom('staff')
      .select(['email', 'totp_secret', 'totp_confirmed_at'])
      .where('id', '=', staffId)
      .executeTakeFirst();
    // The scope resolved this member a moment ago; gone since, they were just removed.
    if (!row) throw new AppError('STAFF_UNAUTHORIZED');
    return row;
  }
}
