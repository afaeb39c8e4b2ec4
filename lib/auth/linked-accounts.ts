import 'server-only';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { endWhatTheOldCredentialsOpened } from './credential-change';
import { mailSecurityChange, recordSecurityEvent } from './security-log';
import { sessionTokenFromRequest } from './session-token';
import type { SocialProfile, SocialProvider } from './social-profile';

// Settings → Google and Apple (docs/security.md, "Google and Apple link only from Settings"): a provider is linked to an account only by its signed-in member,
// never by a matching e-mail at sign-in (lib/auth/accounts.ts signInWithSocial). Linking and unlinking
// change how the member signs in, so both end what the old ways opened, as every such change does.

const NAME: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

/** The providers linked to the member's account. */
export async function linkedProviders(userId: string): Promise<SocialProvider[]> {
  const rows = await db.account.findMany({ where: { userId, provider: { in: ['google', 'apple'] } }, select: { provider: true }, orderBy: { provider: 'asc' } });
  return rows.map((row) => row.provider as SocialProvider);
}

/** Links the provider identity the member just proved (its token checked by the caller) to their account. */
export async function linkSocialIdentity(userId: string, profile: SocialProfile, request: Request): Promise<void> {
  const linked = await db.$transaction(async (tx) => {
    const owner = await tx.account.findUnique({ where: { provider_providerAccountId: { provider: profile.provider, providerAccountId: profile.subject } }, select: { userId: true } });
    if (owner && owner.userId !== userId) throw new ApiError(409, `This ${NAME[profile.provider]} account signs in to another Vitality account.`);
    if (owner) return false;
    if (await tx.account.count({ where: { userId, provider: profile.provider } })) throw new ApiError(409, `Your account is linked to another ${NAME[profile.provider]} account. Unlink it first.`);
    await tx.account.create({ data: { userId, type: 'oauth', provider: profile.provider, providerAccountId: profile.subject } });
    await endWhatTheOldCredentialsOpened(tx, userId, sessionTokenFromRequest(request));
    await recordSecurityEvent(userId, 'social_linked', { request, detail: NAME[profile.provider], client: tx });
    return true;
  });
  if (linked) mailSecurityChange(userId, 'social_linked', { request, detail: NAME[profile.provider] });
}

/** Unlinks the provider, when the member keeps another way to sign in (a password, a passkey or the other provider). */
export async function unlinkSocialIdentity(userId: string, provider: SocialProvider, request: Request): Promise<void> {
  await db.$transaction(async (tx) => {
    const [user, passkeys, others] = await Promise.all([
      tx.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } }),
      tx.passkey.count({ where: { userId } }),
      tx.account.count({ where: { userId, provider: { not: provider } } }),
    ]);
    if (!user.passwordHash && passkeys === 0 && others === 0) {
      throw new ApiError(409, `${NAME[provider]} is your only way to sign in. Add a passkey or set a password first, then unlink it.`);
    }
    const { count } = await tx.account.deleteMany({ where: { userId, provider } });
    if (count === 0) throw new ApiError(404, `${NAME[provider]} is not linked to your account.`);
    await endWhatTheOldCredentialsOpened(tx, userId, sessionTokenFromRequest(request));
    await recordSecurityEvent(userId, 'social_unlinked', { request, detail: NAME[provider], client: tx });
  });
  mailSecurityChange(userId, 'social_unlinked', { request, detail: NAME[provider] });
}
