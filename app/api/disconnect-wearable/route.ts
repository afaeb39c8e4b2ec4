import { NextResponse } from 'next/server';
import { z } from 'zod';
import { methods, route } from '@/lib/api/route';
import { disconnect } from '@/lib/wearables/disconnect';
import { WEARABLE_CHOICE, WEARABLE_KEYS } from '@/lib/wearables/catalogue';

const schema = z.object({ source: z.enum(WEARABLE_KEYS, { error: WEARABLE_CHOICE }) });

/** POST /api/disconnect-wearable {source}: deletes the user's connection and its tokens. */
const post = route({ auth: 'user', body: schema }, async ({ user, body }) => {
  await disconnect(user.id, body.source);
  return NextResponse.json({ message: 'Disconnected.' }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
