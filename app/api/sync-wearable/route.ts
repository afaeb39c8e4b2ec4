import { NextResponse } from 'next/server';
import { z } from 'zod';
import { methods, route } from '@/lib/api/route';
import { WEARABLE_LIMIT } from '@/lib/api/wearable-routes';
import { requestSync } from '@/lib/wearables/sync-job';
import { WEARABLE_CHOICE, WEARABLE_KEYS } from '@/lib/wearables/catalogue';

const schema = z.object({ source: z.enum(WEARABLE_KEYS, { error: WEARABLE_CHOICE }) });

/** POST /api/sync-wearable {source}: "Sync now" on /my_devices queues a sync of the user's own connection. */
const post = route({ auth: 'user', body: schema, rateLimit: WEARABLE_LIMIT }, async ({ user, body }) => {
  await requestSync(user.id, body.source);
  return NextResponse.json({ message: 'Syncing.' }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
