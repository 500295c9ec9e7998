import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../../lib/tokens';
import type { DbExecutor } from '../../db/types';
import { claimStep, useRecoveryCode } from './second-factor-repository';

/**
 * TOTP as every authenticator app reads it (RFC 6238 defaults): SHA-1, six digits, 30 seconds.
 * A code is accepted one step either side of now, for a phone's clock a little off.
 */
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const WINDOW = 1;
const ISSUER = 'Comanda';

/** 160 random bits (RFC 4226's recommendation), base32 as apps take them. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What the QR code carries: `otpauth://totp/Comanda:email?secret=…`. */
export const totpUri = (secret: string, label: string) =>
  new TOTP({
    ...TOTP_OPTIONS,
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
  }).toString();

/** The 30-second step a right code was made in (now ±1), or null for a wrong one. */
export function totpStep(secret: string, code: string, at: Date): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const totp = new TOTP({ ...TOTP_OPTIONS, secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_OPTIONS.period, timestamp: at.getTime() }) + delta;
}

// 32 letters and digits without the ones people confuse (0/o, 1/l): five bits a character.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 16;

/** `xxxx-xxxx-xxxx-xxxx`: 80 random bits, so a fast hash is enough to store it (like a token). */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(32)];
  return code.match(/.{4}/g)!.join('-');
}

/** The stored form: the code without its dashes (the schema has dropped them and lowered it), hashed. */
export const hashRecoveryCode = (code: string) =>
  hashToken(code.replace(/[\s-]/g, '').toLowerCase());

const looksLikeRecoveryCode = (code: string) =>
  code.length === RECOVERY_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c));

/**
 * Checks a second-factor code for an account: a TOTP code of its secret not accepted before
 * (the step is claimed, so the same code, or an older one, never works twice), or one of its
 * unused recovery codes (spent by this check).
 */
export async function checkSecondFactorCode(
  db: DbExecutor,
  account: { id: number; secret: string },
  code: string,
  at: Date,
): Promise<boolean> {
  if (looksLikeRecoveryCode(code))
    return useRecoveryCode(db, account.id, hashRecoveryCode(code), at.toISOString());
  const step = totpStep(account.secret, code, at);
  return step !== null && (await claimStep(db, account.id, step));
}
