import 'server-only';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { assertStrongPassword } from './password-policy';
import { hashPassword, verifyPassword } from './password';
import { recordSecurityEvent, SIGN_IN_METHOD_TEXT } from './security-log';
import type { SocialProfile } from './social-profile';

export type AccountUser = { id: string; email: string; firstName: string | null };
const select = { id: true, email: true, firstName: true } as const;

export const USER_EXISTS_MESSAGE = 'User already exists';
export const BAD_CREDENTIALS_MESSAGE = 'Incorrect e-mail or password.';

/** A new account with a password; its security log starts with its creation, stored with the user row. */
export async function registerWithPassword(
  input: { email: string; password: string; firstName?: string; lastName?: string; timeZone?: string },
  request?: Request,
): Promise<AccountUser> {
  assertStrongPassword(input.password, input);
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw new ApiError(409, USER_EXISTS_MESSAGE);
  const name = [input.firstName, input.lastName].filter(Boolean).join(' ') || null;
  const passwordHash = await hashPassword(input.password);
  // Two sign-ups for one address at once: the unique index decides, and the route answers 409.
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: { email: input.email, passwordHash, firstName: input.firstName ?? null, lastName: input.lastName ?? null, name, timeZone: input.timeZone ?? 'UTC' },
      select,
    });
    await recordSecurityEvent(user.id, 'account_created', { request, detail: SIGN_IN_METHOD_TEXT.password, client: tx });
    return user;
  });
}

/** The account's sign-in identity (id, e-mail, first name). */
export async function accountUser(userId: string): Promise<AccountUser> {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select });
}

/** Whether the account has a password (not only Google or Apple). */
export async function hasPassword(userId: string): Promise<boolean> {
  return (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } })).passwordHash !== null;
}

/** The id of the account with this e-mail, if there is one. */
export async function accountIdForEmail(email: string): Promise<string | null> {
  return (await db.user.findUnique({ where: { email }, select: { id: true } }))?.id ?? null;
}

// Checked when the e-mail is unknown, so both cases take the same time.
let decoy: Promise<string> | null = null;

export async function authenticateWithPassword(email: string, password: string): Promise<AccountUser> {
  const user = await db.user.findUnique({ where: { email }, select: { ...select, passwordHash: true } });
  if (!user?.passwordHash) {
    decoy ??= hashPassword('decoy password for timing');
    await verifyPassword(await decoy, password);
    throw new ApiError(401, BAD_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new ApiError(401, BAD_CREDENTIALS_MESSAGE);
  return { id: user.id, email: user.email, firstName: user.firstName };
}

/** The answer to a provider's first sign-in for an address that already has an account, which links nothing (docs/security.md, "Google and Apple link only from Settings"). */
export const LINK_FROM_SETTINGS = (provider: SocialProfile['provider']) =>
  `You already have a Vitality account with this e-mail. Log in the way you usually do, then link ${provider === 'google' ? 'Google' : 'Apple'} in Settings.`;

/**
 * The user linked to this Google or Apple identity, or a new account for it. A provider is never linked to
 * an existing account by its e-mail alone: that would sign in past the account's password and second step.
 * The member signs in the usual way and links the provider from Settings (linkSocialIdentity).
 */
export async function signInWithSocial(profile: SocialProfile, request?: Request): Promise<AccountUser> {
  return db.$transaction(async (tx) => {
    const linked = await tx.account.findUnique({
      where: { provider_providerAccountId: { provider: profile.provider, providerAccountId: profile.subject } },
      select: { user: { select } },
    });
    if (linked) return linked.user;
    if (await tx.user.findUnique({ where: { email: profile.email }, select: { id: true } })) {
      throw new ApiError(409, LINK_FROM_SETTINGS(profile.provider), { code: 'link_from_settings' });
    }
    const user = await tx.user.create({
      data: {
        email: profile.email,
        emailVerified: new Date(),
        firstName: profile.firstName,
        lastName: profile.lastName,
        name: [profile.firstName, profile.lastName].filter(Boolean).join(' ') || null,
      },
      select,
    });
    await tx.account.create({ data: { userId: user.id, type: 'oauth', provider: profile.provider, providerAccountId: profile.subject } });
    await recordSecurityEvent(user.id, 'account_created', { request, detail: SIGN_IN_METHOD_TEXT[profile.provider], client: tx });
    return user;
  });
}
