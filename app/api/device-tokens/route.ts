import { NextResponse } from 'next/server';
import { z } from 'zod';
import { methods, route } from '@/lib/api/route';
import { recordSecurityEvent } from '@/lib/auth/security-log';
import { createDeviceToken, listDeviceTokens } from '@/lib/wearables/apple-health';

const createSchema = z.object({ name: z.string({ error: 'Name the device.' }).trim().min(1, 'Name the device.').max(60, 'Keep the name to 60 characters.') });

/** GET /api/device-tokens: the user's live device tokens (never their values). */
const list = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ tokens: await listDeviceTokens(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));

/** POST /api/device-tokens {name}: a new token for the iOS app; its value is in this answer only. */
const create = route({ auth: 'user', body: createSchema, stepUp: true }, async ({ request, user, body }) => {
  const created = await createDeviceToken(user.id, body.name);
  await recordSecurityEvent(user.id, 'device_token_created', { request, detail: body.name });
  return NextResponse.json(created, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
