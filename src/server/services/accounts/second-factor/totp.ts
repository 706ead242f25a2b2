import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../../shared/second-factor';

/**
 * Authenticator apps: time-based one-time passwords (RFC 6238) over HMAC-SHA-1, six digits,
 * 30-second steps, as every common app reads an otpauth:// address.
 */
export interface TotpParameters {
  algorithm: 'SHA1' | 'SHA256' | 'SHA512';
  digits: number;
  periodSeconds: number;
}

export const TOTP_PARAMETERS: TotpParameters = {
  algorithm: 'SHA1',
  digits: TOTP_DIGITS,
  periodSeconds: TOTP_PERIOD_SECONDS,
};

/** Steps either side of now a code is still taken from: a phone's clock a little off still works. */
const ACCEPTED_DRIFT_STEPS = 1;

/** A new shared secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (from a QR code or a link). */
export function totpUri(secretBase32: string, issuer: string, accountName: string): string {
  return new TOTP({
    issuer,
    label: accountName,
    secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP_PARAMETERS.algorithm,
    digits: TOTP_PARAMETERS.digits,
    period: TOTP_PARAMETERS.periodSeconds,
  }).toString();
}

/** The time step `now` falls in. */
export function totpStep(now: Date, parameters: TotpParameters = TOTP_PARAMETERS): number {
  return Math.floor(now.getTime() / 1000 / parameters.periodSeconds);
}

/** The code of a time step. */
export function totpCode(secret: Secret, step: number, parameters: TotpParameters = TOTP_PARAMETERS): string {
  return HOTP.generate({ secret, counter: step, algorithm: parameters.algorithm, digits: parameters.digits });
}

/**
 * The step a code belongs to, when it is the code of a step near `now` later than `lastStep`
 * (so a code is taken once, and never one older than the last taken); null otherwise.
 */
export function acceptedTotpStep(
  secret: Secret,
  code: string,
  now: Date,
  lastStep: number | null,
  parameters: TotpParameters = TOTP_PARAMETERS,
): number | null {
  if (!/^\d+$/.test(code) || code.length !== parameters.digits) return null;
  const current = totpStep(now, parameters);
  for (let step = current - ACCEPTED_DRIFT_STEPS; step <= current + ACCEPTED_DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(totpCode(secret, step, parameters)), Buffer.from(code))) return step;
  }
  return null;
}
