import 'server-only';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { output } from 'zod/v4/core';
import type { stepUpSchema } from '@/lib/validation/sign-in-factors';
import { verifyPassword } from './password';
import { verifyPasskey } from './passkeys';
import { recordSecurityEvent } from './security-log';
import { sessionKey, sessionTokenFromRequest } from './session-token';
import { checkTotp, spendRecoveryCode } from './totp';
import { relyingParty } from './webauthn';

/**
 * Step-up (ASVS 5.0 V7.5.1, V7.5.3): what could take the account or its data away (downloading the data,
 * a new e-mail or password, the second step turned off or set up, a passkey added or removed, a share
 * link or device token made, another browser signed out, the account deleted) needs a second factor (or
 * a passkey) proved in this session within the last 10 minutes. A member with no second factor proves
 * their password instead; one who signs in only through Google or Apple, whose second factor is theirs,
 * signs in again.
 */
export const STEP_UP_MAX_AGE_SECONDS = 10 * 60;
export const STEP_UP_REQUIRED = 'Please confirm it’s you to continue.';

export type StepUpMethods = { passkey: boolean; totp: boolean; recovery: boolean; password: boolean; provider: 'google' | 'apple' | null };

/** The ways this member can confirm it's them: their second factors, else their password, else their provider. */
export async function stepUpMethods(userId: string): Promise<StepUpMethods> {
  const [user, passkeys, totp, codes, account] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } }),
    relyingParty() ? db.passkey.count({ where: { userId } }) : Promise.resolve(0),
    db.totpFactor.count({ where: { userId, confirmedAt: { not: null } } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
    db.account.findFirst({ where: { userId }, select: { provider: true } }),
  ]);
  const hasFactor = passkeys > 0 || totp > 0;
  const provider = account?.provider === 'google' || account?.provider === 'apple' ? account.provider : null;
  return { passkey: passkeys > 0, totp: totp > 0, recovery: totp > 0 && codes > 0, password: !hasFactor && user.passwordHash !== null, provider: hasFactor || user.passwordHash ? null : provider };
}

/** When the session this request carries last proved a factor, if it did. */
async function verifiedAt(request: Request, userId: string): Promise<Date | null> {
  const token = sessionTokenFromRequest(request);
  if (!token) return null;
  const session = await db.session.findUnique({ where: { tokenHash: sessionKey(token) }, select: { userId: true, verifiedAt: true } });
  return session?.userId === userId ? session.verifiedAt : null;
}

export async function recentlyVerified(request: Request, userId: string): Promise<boolean> {
  const at = await verifiedAt(request, userId);
  return at !== null && Date.now() - at.getTime() < STEP_UP_MAX_AGE_SECONDS * 1000;
}

/** Refuses with 403 `step_up_required` unless this session proved a factor in the last 10 minutes. */
export async function assertRecentlyVerified(request: Request, userId: string): Promise<void> {
  if (!(await recentlyVerified(request, userId))) throw new ApiError(403, STEP_UP_REQUIRED, { code: 'step_up_required' });
}

/** Marks this request's session as having just proved a factor. */
export async function markVerified(request: Request, userId: string): Promise<void> {
  const token = sessionTokenFromRequest(request);
  if (token) await db.session.updateMany({ where: { tokenHash: sessionKey(token), userId }, data: { verifiedAt: new Date() } });
}

/**
 * Checks one proof of the member's (an authenticator code, a recovery code, a passkey, or the password of a
 * member with no second factor) and marks this session as having just proved it; 422 for a way not set up
 * for them, 401 for a wrong proof.
 */
export async function proveStepUp(request: Request, userId: string, body: output<typeof stepUpSchema>): Promise<void> {
  const allowed = await stepUpMethods(userId);
  if (!allowed[body.method]) throw new ApiError(422, 'That way of confirming isn’t set up for your account.');
  let ok = false;
  if (body.method === 'totp') ok = await checkTotp(userId, body.code);
  else if (body.method === 'recovery') ok = await spendRecoveryCode(userId, body.code, request);
  else if (body.method === 'passkey') ok = Boolean(await verifyPasskey(body.response as never, userId));
  else {
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
    ok = passwordHash !== null && (await verifyPassword(passwordHash, body.password));
  }
  if (!ok) {
    await recordSecurityEvent(userId, 'step_up_failed', { request, detail: { password: 'password', recovery: 'recovery code', totp: 'authenticator code', passkey: 'passkey' }[body.method] });
    const message = { password: 'That password is incorrect.', recovery: 'That recovery code didn’t work. Each code works once.', totp: 'That code didn’t work. Check your authenticator app and try again.', passkey: 'Your passkey could not be checked. Please try again.' }[body.method];
    throw new ApiError(401, message);
  }
  await markVerified(request, userId);
}
