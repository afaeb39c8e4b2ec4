// The second step's pure parts: the authenticator code against RFC 6238's own test vectors, and the typed codes'
// reading, which case, spaces and dashes must not change (fast-check).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Secret } from 'otpauth';
import { totpFor } from '@/lib/auth/totp-code';
import { recoveryCode, secondStepSchema, totpCode } from '@/lib/validation/sign-in-factors';
import * as z from 'zod/mini';

describe('the authenticator code', () => {
  // RFC 6238 Appendix B (https://www.rfc-editor.org/rfc/rfc6238#appendix-B): SHA-1, the ASCII seed
  // "12345678901234567890", 30-second steps; its 8-digit codes, of which an app shows the last 6.
  const seed = Secret.fromLatin1('12345678901234567890').base32;
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s gives the RFC code %s (its last 6 digits)', (seconds, rfc) => {
    expect(totpFor(seed).generate({ timestamp: seconds * 1000 })).toBe(rfc.slice(-6));
  });

  it('puts the issuer, the account and the secret in the QR code’s otpauth URI', () => {
    const uri = new URL(totpFor(seed, 'sam@example.test').toString());
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Vitality:sam@example.test');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ issuer: 'Vitality', secret: seed, algorithm: 'SHA1', digits: '6', period: '30' });
  });
});

describe('typed codes', () => {
  const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const code = fc.array(fc.constantFrom(...ALPHABET), { minLength: 12, maxLength: 12 }).map((chars) => chars.join(''));

  it('read a recovery code the same in any case, with any spaces or dashes between its characters', () => {
    fc.assert(
      fc.property(code, fc.array(fc.constantFrom('', ' ', '-', '  '), { minLength: 12, maxLength: 12 }), fc.boolean(), (plain, gaps, lower) => {
        const typed = [...plain].map((c, i) => (lower ? c.toLowerCase() : c) + gaps[i]).join('');
        expect(z.parse(recoveryCode, typed)).toBe(plain);
      }),
    );
  });

  it('read an authenticator code the same with a space in the middle, and refuse anything but six digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (value) => {
        const digits = String(value).padStart(6, '0');
        expect(z.parse(totpCode, `${digits.slice(0, 3)} ${digits.slice(3)}`)).toBe(digits);
      }),
    );
    for (const bad of ['12345', '1234567', 'abcdef', '12 34 5x', '']) expect(() => z.parse(totpCode, bad)).toThrow();
  });

  it('take the second step only as an authenticator or a recovery code', () => {
    expect(() => z.parse(secondStepSchema, { method: 'sms', code: '123456' })).toThrow();
    expect(() => z.parse(secondStepSchema, { method: 'totp', code: 'x'.repeat(41) })).toThrow();
    expect(z.parse(secondStepSchema, { method: 'recovery', code: 'AAAA-BBBB-CCCC', remember: true })).toEqual({ method: 'recovery', code: 'AAAA-BBBB-CCCC', remember: true });
  });
});
