import 'server-only';
import { db } from '@/lib/db';
import { ConnectionStatus, type WearableProvider } from '@/lib/generated/prisma/enums';
import { openToken, sealToken } from '@/lib/security/token-cipher';
import type { ProviderBase, TokenSet } from './adapter';
import type { WearableKey } from './catalogue';
import { PermanentGrantFailure, refreshGrant } from './oauth-grant';

// A connection's tokens, sealed at rest (lib/security/token-cipher.ts), each bound to its user,
// provider and purpose. An access token close to expiry is refreshed first, one refresh at a time per
// connection (a transaction-scoped advisory lock: a second caller waits, then finds the fresh token
// and makes no provider call), and the rotated refresh token is saved in that same transaction. A
// provider that refuses the refresh for good marks the connection NEEDS_REAUTH ("Reconnect").
// The refresh is the provider's own call, so the caller says which provider a row's is: a provider's
// sync knows its own; tokens.ts looks any row's up in the registry.

/** Refresh this long before the provider's expiry, so a token never dies mid-sync. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export class NeedsReauth extends Error {
  constructor(readonly provider: WearableKey) {
    super(`${provider} needs reconnecting`);
    this.name = 'NeedsReauth';
  }
}

type Row = { id: string; userId: string; provider: WearableProvider; accessTokenEncrypted: string; refreshTokenEncrypted: string | null; expiresAt: Date | null; status: ConnectionStatus };

/** What a connection's token is sealed under: its user, provider and purpose (the key rotation re-seals under the same). */
export const connectionTokenContext = (userId: string, provider: WearableProvider, purpose: 'access' | 'refresh') => `${userId}:${provider}:${purpose}`;
const contextOf = connectionTokenContext;

/** The sealed columns for a token set: what a connection row stores. */
export function sealedColumns(userId: string, provider: WearableProvider, tokens: TokenSet) {
  return {
    accessTokenEncrypted: sealToken(tokens.accessToken, contextOf(userId, provider, 'access')),
    refreshTokenEncrypted: tokens.refreshToken ? sealToken(tokens.refreshToken, contextOf(userId, provider, 'refresh')) : null,
    expiresAt: tokens.expiresAt,
  };
}

const fresh = (row: Row, now: Date) => row.expiresAt === null || row.expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime();
const accessOf = (row: Row) => openToken(row.accessTokenEncrypted, contextOf(row.userId, row.provider, 'access'));

const SELECT = { id: true, userId: true, provider: true, accessTokenEncrypted: true, refreshTokenEncrypted: true, expiresAt: true, status: true } as const;

/**
 * A usable access token for the connection, refreshing it first (with the provider `baseOf` names for
 * the row) when it is within REFRESH_MARGIN_MS of expiry. Throws NeedsReauth when the connection cannot
 * be used until the user reconnects, and the grant's TransientGrantFailure when the provider should be
 * asked again later.
 */
export async function connectionAccessToken(connectionId: string, baseOf: (provider: WearableProvider) => ProviderBase, now = new Date()): Promise<string> {
  const row = await db.wearableConnection.findUniqueOrThrow({ where: { id: connectionId }, select: SELECT });
  const base = baseOf(row.provider);
  const wearable = base.key;
  if (row.status !== ConnectionStatus.CONNECTED) throw new NeedsReauth(wearable);
  if (fresh(row, now)) return accessOf(row);

  const outcome = await db.$transaction(
    async (tx) => {
      // One refresh at a time per connection, across every process: the lock lasts until this transaction ends.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`wearable-refresh:${connectionId}`}, 0))`;
      const current = await tx.wearableConnection.findUniqueOrThrow({ where: { id: connectionId }, select: SELECT });
      if (current.status !== ConnectionStatus.CONNECTED) return { reauth: true as const };
      // Someone refreshed while this caller waited for the lock.
      if (fresh(current, now)) return { token: accessOf(current) };
      if (!current.refreshTokenEncrypted) {
        await tx.wearableConnection.update({ where: { id: connectionId }, data: { status: ConnectionStatus.NEEDS_REAUTH } });
        return { reauth: true as const };
      }
      const refresh = openToken(current.refreshTokenEncrypted, contextOf(current.userId, current.provider, 'refresh'));
      let tokens: TokenSet;
      try {
        tokens = await refreshGrant(base, refresh, now);
      } catch (error) {
        if (!(error instanceof PermanentGrantFailure)) throw error;
        await tx.wearableConnection.update({ where: { id: connectionId }, data: { status: ConnectionStatus.NEEDS_REAUTH } });
        return { reauth: true as const };
      }
      // The rotated refresh token is saved with the access token, or neither is; a provider that does not
      // rotate keeps the one we had.
      const sealed = sealedColumns(current.userId, current.provider, { ...tokens, refreshToken: tokens.refreshToken ?? refresh });
      await tx.wearableConnection.update({ where: { id: connectionId }, data: { ...sealed, ...(tokens.scopes.length ? { scopes: tokens.scopes } : {}) } });
      return { token: tokens.accessToken };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
  if ('reauth' in outcome) {
    console.warn(`[wearables] a ${wearable} connection needs reconnecting: the provider refused its refresh token`);
    throw new NeedsReauth(wearable);
  }
  return outcome.token;
}

/** The stored access token as it is, never refreshed: for revoking a connection that needs reauthorising. */
export async function storedAccessToken(connectionId: string): Promise<string> {
  return accessOf(await db.wearableConnection.findUniqueOrThrow({ where: { id: connectionId }, select: SELECT }));
}
