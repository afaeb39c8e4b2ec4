import 'server-only';
import { db } from '@/lib/db';
import { ConnectionStatus } from '@/lib/generated/prisma/enums';
import { PROVIDER_OF, wearableConfigured, WEARABLES, type Wearable } from './providers';

/** What /my_devices shows for each wearable: never a token. */
export type DeviceState = {
  wearable: Wearable;
  configured: boolean;
  status: 'connected' | 'needs_reauth' | 'not_connected';
  connectedAt: string | null;
  lastSyncAt: string | null;
};

export async function deviceStates(userId: string): Promise<DeviceState[]> {
  const rows = await db.wearableConnection.findMany({ where: { userId }, select: { provider: true, status: true, createdAt: true, lastSyncAt: true } });
  return WEARABLES.map((wearable) => {
    const row = rows.find((r) => r.provider === PROVIDER_OF[wearable]);
    const status = row?.status === ConnectionStatus.CONNECTED ? 'connected' : row?.status === ConnectionStatus.NEEDS_REAUTH ? 'needs_reauth' : 'not_connected';
    return { wearable, configured: wearableConfigured(wearable), status, connectedAt: row?.createdAt.toISOString() ?? null, lastSyncAt: row?.lastSyncAt?.toISOString() ?? null };
  });
}

/**
 * Disconnects: the connection row and its sealed tokens are deleted, with any authorisation still in
 * progress. (Revoking the grant at the provider comes with the sync work.)
 */
export async function disconnect(userId: string, wearable: Wearable): Promise<void> {
  const provider = PROVIDER_OF[wearable];
  await db.$transaction([db.wearableConnection.deleteMany({ where: { userId, provider } }), db.wearableOAuthState.deleteMany({ where: { userId, provider } })]);
}
