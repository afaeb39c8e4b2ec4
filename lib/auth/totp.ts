import 'server-only';
import { randomInt } from 'node:crypto';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { openToken, sealToken, tokenCipherReady } from '@/lib/security/token-cipher';
import { endWhatTheOldCredentialsOpened } from './credential-change';
import { hashPassword, verifyPassword } from './password';
import { mailSecurityChange, recordSecurityEvent } from './security-log';
import { sessionTokenFromRequest } from './session-token';
import { totpFor } from './totp-code';

/**
 * The authenticator app (TOTP, RFC 6238, through `otpauth`): SHA-1, 6 digits, 30-second steps, which every
 * app reads from the QR code. A code is accepted one step either side of now (a phone's clock drifts, and a
 * code typed in its last seconds arrives in the next step), and only once: the step it was accepted for is
 * kept, and no code of that step or an older one works again. The secret is sealed at rest under
 * TOKEN_ENCRYPTION_KEY, bound to its member.
 */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not misread. 12 of them: 60 bits.
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_LENGTH = 12;

export const TOTP_UNAVAILABLE = 'An authenticator app can’t be set up for Vitality. Keep signing in with your password.';
export const TOTP_ALREADY_ON = 'Your authenticator app is already set up. Turn two-step verification off first to move it to another app.';

/** What a member's secret is sealed for: it opens for this member's row only. */
export const totpSealContext = (userId: string) => `${userId}:totp`;

export type TotpSetup = { secret: string; uri: string; qrSvg: string };

/** A new secret waiting for its first code: the QR code and the key to type in by hand. */
export async function startTotpSetup(user: { id: string; email: string }): Promise<TotpSetup> {
  if (!tokenCipherReady()) throw new ApiError(409, TOTP_UNAVAILABLE, { code: 'totp_unavailable' });
  const existing = await db.totpFactor.findUnique({ where: { userId: user.id }, select: { confirmedAt: true } });
  if (existing?.confirmedAt) throw new ApiError(409, TOTP_ALREADY_ON);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealToken(secret, totpSealContext(user.id));
  await db.totpFactor.upsert({ where: { userId: user.id }, create: { userId: user.id, secret: sealed }, update: { secret: sealed, lastStep: null, createdAt: new Date() } });
  const uri = totpFor(secret, user.email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret: secret.replace(/(.{4})/g, '$1 ').trim(), uri, qrSvg };
}

/**
 * Accepts `code` for the member's secret (the confirmed one, or the one being set up when `pending`) and
 * spends its time step. False for a wrong code, a replayed one, or no authenticator.
 */
async function spendCode(userId: string, code: string, pending: boolean, client: Prisma.TransactionClient = db): Promise<boolean> {
  const factor = await client.totpFactor.findUnique({ where: { userId } });
  if (!factor || (pending ? factor.confirmedAt !== null : factor.confirmedAt === null)) return false;
  const digits = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(digits)) return false;
  const totp = totpFor(openToken(factor.secret, totpSealContext(userId)), '');
  const now = Date.now();
  const delta = totp.validate({ token: digits, timestamp: now, window: WINDOW });
  if (delta === null) return false;
  const step = BigInt(totp.counter({ timestamp: now }) + delta);
  // One statement decides, so two requests with the same code cannot both pass.
  const { count } = await client.totpFactor.updateMany({ where: { userId, OR: [{ lastStep: null }, { lastStep: { lt: step } }] }, data: { lastStep: step } });
  return count === 1;
}

/** The member's confirmed authenticator accepts `code` (once). */
export function checkTotp(userId: string, code: string): Promise<boolean> {
  return spendCode(userId, code, false);
}

/** Turns the second step on with the first code from the new app; answers the ten recovery codes, shown once. */
export async function confirmTotp(userId: string, code: string, request: Request): Promise<string[]> {
  const fresh = await freshRecoveryCodes();
  await db.$transaction(async (tx) => {
    if (!(await spendCode(userId, code, true, tx))) throw new ApiError(422, 'That code didn’t match. Check the time on your phone and enter the newest code.');
    await tx.totpFactor.update({ where: { userId }, data: { confirmedAt: new Date() } });
    // Every other browser signs in again, now with the second step.
    await endWhatTheOldCredentialsOpened(tx, userId, sessionTokenFromRequest(request));
    await recordSecurityEvent(userId, 'totp_enabled', { request, client: tx });
    await replaceRecoveryCodes(userId, fresh.hashes, tx);
  });
  mailSecurityChange(userId, 'totp_enabled', { request });
  return fresh.codes;
}

/**
 * Ten new recovery codes as the member reads them, and their argon2id hashes (all that is kept). Made before
 * any transaction opens: ten argon2id hashes take seconds on a busy machine, and a transaction held open that
 * long runs past its time limit and keeps a pooled connection from everyone else.
 */
async function freshRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, () => Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''));
  const hashes = await Promise.all(plain.map((code) => hashPassword(code)));
  return { codes: plain.map((code) => code.replace(/(.{4})(?=.)/g, '$1-')), hashes };
}

/** The member's recovery codes become `hashes`; the old ones stop working. */
async function replaceRecoveryCodes(userId: string, hashes: string[], tx: Prisma.TransactionClient): Promise<void> {
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: hashes.map((codeHash) => ({ userId, codeHash })) });
}

export async function newRecoveryCodes(userId: string, request: Request): Promise<string[]> {
  const fresh = await freshRecoveryCodes();
  await db.$transaction(async (tx) => {
    if (!(await tx.totpFactor.findFirst({ where: { userId, confirmedAt: { not: null } }, select: { userId: true } }))) throw new ApiError(409, 'Turn on two-step verification first.');
    await replaceRecoveryCodes(userId, fresh.hashes, tx);
    // New codes are made when the old ones may be known: what they could have opened ends.
    await endWhatTheOldCredentialsOpened(tx, userId, sessionTokenFromRequest(request));
    await recordSecurityEvent(userId, 'recovery_codes_created', { request, client: tx });
  });
  mailSecurityChange(userId, 'recovery_codes_created', { request });
  return fresh.codes;
}

/** Normalises what the member typed ("7kq4 m2xd-9prf") to the stored form, or null when it cannot be one. */
export function normaliseRecoveryCode(code: string): string | null {
  const plain = code.toUpperCase().replace(/[\s-]/g, '');
  return plain.length === RECOVERY_LENGTH && [...plain].every((c) => RECOVERY_ALPHABET.includes(c)) ? plain : null;
}

/** Spends one unused recovery code matching `code`; false when none does. */
export async function spendRecoveryCode(userId: string, code: string, request: Request): Promise<boolean> {
  const plain = normaliseRecoveryCode(code);
  if (!plain) return false;
  const unused = await db.recoveryCode.findMany({ where: { userId, usedAt: null }, select: { id: true, codeHash: true } });
  for (const candidate of unused) {
    if (!(await verifyPassword(candidate.codeHash, plain))) continue;
    // Only one request spends it, however many carry it at once.
    const { count } = await db.recoveryCode.updateMany({ where: { id: candidate.id, usedAt: null }, data: { usedAt: new Date() } });
    if (count !== 1) return false;
    const left = unused.length - 1;
    await recordSecurityEvent(userId, 'recovery_code_used', { request, detail: `${left} left` });
    return true;
  }
  return false;
}

export type TwoStepStatus = { enabled: boolean; recoveryCodesLeft: number; available: boolean };

export async function twoStepStatus(userId: string): Promise<TwoStepStatus> {
  const [factor, left] = await Promise.all([
    db.totpFactor.findUnique({ where: { userId }, select: { confirmedAt: true } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return { enabled: Boolean(factor?.confirmedAt), recoveryCodesLeft: left, available: tokenCipherReady() };
}

export async function totpEnabled(userId: string, client: Prisma.TransactionClient = db): Promise<boolean> {
  return (await client.totpFactor.count({ where: { userId, confirmedAt: { not: null } } })) > 0;
}

/** Turns the second step off: the app's secret and the recovery codes go, and what they opened ends. */
export async function turnOffTwoStep(userId: string, request: Request): Promise<void> {
  const removed = await db.$transaction(async (tx) => {
    const { count } = await tx.totpFactor.deleteMany({ where: { userId } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await endWhatTheOldCredentialsOpened(tx, userId, sessionTokenFromRequest(request));
    if (count) await recordSecurityEvent(userId, 'totp_disabled', { request, client: tx });
    return count;
  });
  if (removed) mailSecurityChange(userId, 'totp_disabled', { request });
}
