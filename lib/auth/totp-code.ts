import { Secret, TOTP } from 'otpauth';

/**
 * The authenticator app's code (RFC 6238 through `otpauth`): HMAC-SHA-1, 6 digits, 30-second steps, which
 * every app reads from the QR code. Pure, so that the RFC's own test vectors can check it (tests/unit).
 */
export const TOTP_ISSUER = 'Vitality';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}
