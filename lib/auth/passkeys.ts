import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { AccountUser } from './accounts';
import { endWhatTheOldCredentialsOpened } from './credential-change';
import { sessionTokenFromRequest } from './session-token';
import { mailSecurityChange, recordSecurityEvent } from './security-log';
import { keepChallenge, PASSKEYS_UNAVAILABLE, relyingParty, takeChallenge, type RelyingParty } from './webauthn';

/** At most this many passkeys per member: enough for every phone, laptop and security key they own. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NOT_CHECKED = 'Your passkey could not be checked. Please try again.';
export const PASSKEY_UNKNOWN = 'This passkey is not registered with Vitality. Sign in with your password, then add it in Settings.';

function party(): RelyingParty {
  const rp = relyingParty();
  if (!rp) throw new ApiError(409, PASSKEYS_UNAVAILABLE, { code: 'passkeys_unavailable' });
  return rp;
}

export async function hasPasskeys(userId: string): Promise<boolean> {
  return (await db.passkey.count({ where: { userId } })) > 0;
}

export type PasskeyView = { id: string; name: string; synced: boolean; createdAt: string; lastUsedAt: string | null };

export async function listPasskeys(userId: string): Promise<PasskeyView[]> {
  const rows = await db.passkey.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
  return rows.map((p) => ({ id: p.id, name: p.name, synced: p.deviceType === 'multiDevice', createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null }));
}

/** The options for navigator.credentials.create(): a discoverable credential, verified by the device's lock. */
export async function registrationOptions(user: { id: string; email: string; firstName: string | null }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = party();
  const existing = await db.passkey.findMany({ where: { userId: user.id }, select: { credentialId: true, transports: true } });
  if (existing.length >= MAX_PASSKEYS) throw new ApiError(409, `You have ${MAX_PASSKEYS} passkeys, the most an account can have. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The account's id, never the e-mail, is what the authenticator keeps as the user handle.
    userID: new TextEncoder().encode(user.id),
    userName: user.email,
    userDisplayName: user.firstName ?? user.email,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(options.challenge, 'register', user.id);
  return options;
}

/** Checks the browser's answer to registrationOptions and keeps the new passkey. */
export async function addPasskey(userId: string, name: string, response: RegistrationResponseJSON, request: Request): Promise<PasskeyView> {
  const rp = party();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(challenge, 'register', userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw new ApiError(400, PASSKEY_NOT_CHECKED);
  }
  if (!verification.verified) throw new ApiError(400, PASSKEY_NOT_CHECKED);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const created = await db.$transaction(async (tx) => {
    if ((await tx.passkey.count({ where: { userId } })) >= MAX_PASSKEYS) throw new ApiError(409, `You have ${MAX_PASSKEYS} passkeys, the most an account can have. Remove one first.`);
    const row = await tx.passkey.create({
      data: {
        userId,
        name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
      },
    });
    await recordSecurityEvent(userId, 'passkey_added', { request, detail: name, client: tx });
    return row;
  });
  mailSecurityChange(userId, 'passkey_added', { request, detail: name });
  return { id: created.id, name: created.name, synced: created.deviceType === 'multiDevice', createdAt: created.createdAt.toISOString(), lastUsedAt: null };
}

export async function renamePasskey(userId: string, id: string, name: string, request: Request): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.passkey.updateMany({ where: { id, userId }, data: { name } });
    if (count === 0) throw new ApiError(404, 'Passkey not found.');
    await recordSecurityEvent(userId, 'passkey_renamed', { request, detail: name, client: tx });
  });
}

export async function removePasskey(userId: string, id: string, request: Request): Promise<void> {
  const name = await db.$transaction(async (tx) => {
    const found = await tx.passkey.findFirst({ where: { id, userId }, select: { name: true } });
    if (!found) throw new ApiError(404, 'Passkey not found.');
    await tx.passkey.delete({ where: { id } });
    // A removed passkey may be the one a thief holds: what it opened ends too (this browser stays signed in).
    await endWhatTheOldCredentialsOpened(tx, userId, sessionTokenFromRequest(request));
    await recordSecurityEvent(userId, 'passkey_removed', { request, detail: found.name, client: tx });
    return found.name;
  });
  mailSecurityChange(userId, 'passkey_removed', { request, detail: name });
}

/**
 * Options for navigator.credentials.get(). For a sign-in nobody is known yet, so no credentials are
 * listed (the browser offers the discoverable ones, in its autofill too); for a step-up, the member's.
 */
export async function authenticationOptions(userId: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = party();
  const allowCredentials = userId ? (await db.passkey.findMany({ where: { userId }, select: { credentialId: true, transports: true } })).map((p) => ({ id: p.credentialId, transports: p.transports as never })) : [];
  if (userId && allowCredentials.length === 0) throw new ApiError(409, 'You have no passkey yet.');
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', allowCredentials });
  await keepChallenge(options.challenge, userId ? 'step-up' : 'sign-in', userId);
  return options;
}

/**
 * The member whose passkey signed this response, once its signature, challenge (single-use), origin,
 * user verification and counter check out. `userId`: a step-up, where the passkey must be theirs.
 */
export async function verifyPasskey(response: AuthenticationResponseJSON, userId: string | null): Promise<AccountUser & { passkeyName: string }> {
  const rp = party();
  const passkey = await db.passkey.findUnique({ where: { credentialId: response.id }, include: { user: { select: { id: true, email: true, firstName: true } } } });
  if (!passkey || (userId && passkey.userId !== userId)) {
    // The challenge is spent all the same, so a refused answer cannot be tried again.
    await takeChallenge(challengeOf(response), userId ? 'step-up' : 'sign-in', userId);
    throw new ApiError(userId ? 400 : 401, userId ? 'That passkey belongs to another account.' : PASSKEY_UNKNOWN);
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(challenge, userId ? 'step-up' : 'sign-in', userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: Number(passkey.counter), transports: passkey.transports as never },
      requireUserVerification: true,
    });
  } catch {
    throw new ApiError(401, PASSKEY_NOT_CHECKED);
  }
  if (!verification.verified) throw new ApiError(401, PASSKEY_NOT_CHECKED);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  await db.passkey.update({ where: { id: passkey.id }, data: { counter: BigInt(newCounter), backedUp: credentialBackedUp, lastUsedAt: new Date() } });
  return { ...passkey.user, passkeyName: passkey.name };
}

/** The challenge a response's clientDataJSON carries ('' when it cannot be read). */
function challengeOf(response: AuthenticationResponseJSON): string {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}
