import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ConnectionStatus } from '@/lib/generated/prisma/enums';
import type { WearableKey } from './catalogue';
import { adapterFor } from './registry';
import { accessToken, storedAccessToken } from './tokens';
import { webhookUrl } from './webhooks';

// Ending the app's access to a wearable: revoked at the provider where its API allows, then the
// connection's sealed tokens deleted (disconnecting, and deleting an account: lib/account).

/** The callback the provider's notifications were subscribed with, which revoking them names; none while the provider is not configured. */
export const notificationCallback = (wearable: WearableKey): string | undefined => (env[adapterFor(wearable).oauth.clientSecretEnv] ? webhookUrl(wearable) : undefined);

/**
 * Revokes the app's access at the provider, as far as its API allows. Best effort: throws on failure
 * (TokenRejected when the provider has nothing left to revoke), the caller logs. `callbackUrl` and
 * `externalUserId` are for the providers that revoke by them (Withings: its notifications, then the
 * member's grant; without a userid only the notifications).
 */
export async function revokeAtProvider(wearable: WearableKey, token: string, callbackUrl?: string, externalUserId?: string | null): Promise<void> {
  await adapterFor(wearable).revoke(token, { callbackUrl, externalUserId: externalUserId ?? null });
}

/**
 * Disconnects: the app's access is revoked at the provider where its API allows (best effort, so a
 * provider outage never keeps a user connected), then the connection row and its sealed tokens are
 * deleted, with any authorisation still in progress. The synced history stays the user's.
 */
export async function disconnect(userId: string, wearable: WearableKey): Promise<void> {
  const { provider } = adapterFor(wearable);
  const connection = await db.wearableConnection.findUnique({ where: { userId_provider: { userId, provider } }, select: { id: true, status: true, externalUserId: true } });
  if (connection) {
    try {
      // A usable token: refreshed first if it is about to expire. One that needs reauthorising is tried as it is.
      const token = connection.status === ConnectionStatus.CONNECTED ? await accessToken(connection.id) : await storedAccessToken(connection.id);
      await revokeAtProvider(wearable, token, notificationCallback(wearable), connection.externalUserId);
    } catch (error) {
      console.warn(`[wearables] revoking ${wearable} access at the provider failed (${error instanceof Error ? error.name : 'unknown error'}); the tokens are deleted anyway`);
    }
  }
  await db.$transaction([db.wearableConnection.deleteMany({ where: { userId, provider } }), db.wearableOAuthState.deleteMany({ where: { userId, provider } })]);
}
