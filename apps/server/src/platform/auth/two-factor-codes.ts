import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { TWO_FACTOR_CODE_LENGTH, TWO_FACTOR_CODE_PATTERN } from '@vigil/contracts';
import { safeEqual } from './tokens.ts';

/** Keys of the second factor, derived from SESSION_SECRET so that no other secret needs managing. */
export interface TwoFactorKeys {
  /** Keys the hashes of e-mailed and recovery codes (a plain hash of six digits is reversed in a second). */
  codeKey: Buffer;
  /** AES-256-GCM key of authenticator secrets at rest. */
  secretKey: Buffer;
}

export function deriveTwoFactorKeys(sessionSecret: string): TwoFactorKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', sessionSecret, 'vigil', `two-factor ${purpose}`, 32));
  return { codeKey: derive('codes'), secretKey: derive('secrets') };
}

export function generateNumericCode(): string {
  return String(randomInt(0, 10 ** TWO_FACTOR_CODE_LENGTH)).padStart(TWO_FACTOR_CODE_LENGTH, '0');
}

/** A keyed hash of a code; `scope` ties it to one attempt or one person. */
export function hashCode(keys: TwoFactorKeys, scope: string, code: string): string {
  return createHmac('sha256', keys.codeKey).update(`${scope}:${code}`).digest('base64url');
}

export function codeMatches(keys: TwoFactorKeys, scope: string, code: string, hash: string): boolean {
  return safeEqual(hashCode(keys, scope, code), hash);
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read aloud or retyped without doubt

export function generateRecoveryCode(): string {
  const pick = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

export function encryptSecret(keys: TwoFactorKeys, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.secretKey, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(keys: TwoFactorKeys, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', keys.secretKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** RFC 6238 with 30-second steps (otplib's defaults: SHA-1, six digits). */
const TOTP_STEP_SECONDS = 30;

export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpKeyUri(account: string, issuer: string, secret: string): string {
  return generateURI({ issuer, label: account, secret, period: TOTP_STEP_SECONDS });
}

/**
 * The 30-second step a code belongs to, or null when it is wrong at this moment. A tolerance of one step's length
 * either side accepts the step before and after, for clock drift. otplib throws on a code that is not six digits.
 */
export function matchTotpStep(secret: string, code: string): number | null {
  if (!TWO_FACTOR_CODE_PATTERN.test(code)) return null;
  const epoch = Math.floor(Date.now() / 1000);
  const result = verifySync({ secret, token: code, epoch, period: TOTP_STEP_SECONDS, epochTolerance: TOTP_STEP_SECONDS });
  return result.valid ? Math.floor(epoch / TOTP_STEP_SECONDS) + result.delta : null;
}

/** `ada.lovelace@example.com` → `ad**********@example.com`: enough to recognise one's address, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const visible = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${visible}${'*'.repeat(Math.max(local.length - visible.length, 1))}${email.slice(at)}`;
}
