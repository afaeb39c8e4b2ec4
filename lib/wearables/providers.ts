import 'server-only';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ConnectionStatus, WearableProvider } from '@/lib/generated/prisma/enums';
import { WEARABLE_NAMES } from '@/lib/client/wearable-connect';
import { noticeOnce } from '@/lib/operator-notice';

export const WEARABLES = ['whoop', 'oura', 'withings'] as const;
export type Wearable = (typeof WEARABLES)[number];
export { WEARABLE_NAMES } from '@/lib/client/wearable-connect';

export const PROVIDER_OF: Record<Wearable, WearableProvider> = { whoop: WearableProvider.WHOOP, oura: WearableProvider.OURA, withings: WearableProvider.WITHINGS };

/** What the user reads when a wearable cannot be connected on this server (the reason goes to the log). */
export const unavailableMessage = (wearable: Wearable): string => `Connecting ${WEARABLE_NAMES[wearable]} isn't available right now. You can carry on without it and connect it later.`;

/** A wearable can be connected only once its OAuth client id and secret are set. */
export function wearableConfigured(wearable: Wearable): boolean {
  const credentials = { whoop: [env.WHOOP_CLIENT_ID, env.WHOOP_CLIENT_SECRET], oura: [env.OURA_CLIENT_ID, env.OURA_CLIENT_SECRET], withings: [env.WITHINGS_CLIENT_ID, env.WITHINGS_CLIENT_SECRET] }[wearable];
  const configured = credentials.every(Boolean);
  if (!configured) noticeOnce(wearable, `${wearable} cannot be connected: set ${wearable.toUpperCase()}_CLIENT_ID and ${wearable.toUpperCase()}_CLIENT_SECRET.`);
  return configured;
}

export async function wearableConnected(userId: string, wearable: Wearable): Promise<boolean> {
  const connection = await db.wearableConnection.findUnique({
    where: { userId_provider: { userId, provider: PROVIDER_OF[wearable] } },
    select: { status: true },
  });
  return connection?.status === ConnectionStatus.CONNECTED;
}
