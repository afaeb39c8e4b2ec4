import 'server-only';
import { route } from '@/lib/api/route';
import { NextResponse } from 'next/server';
import { tokenMessageSchema } from '@/lib/validation/wearables';
import { authorizationUrl, storeSubmittedToken } from './connect';
import type { Wearable } from './providers';
import { LIMITS } from '@/lib/rate-limit';

/** Each submitted token is checked with the provider, so a user's attempts are limited. */
export const WEARABLE_LIMIT = { action: 'wearable', limits: ({ user }: { user: { id: string } }) => [{ name: 'wearable:user', identifier: user.id, ...LIMITS.wearablePerUser }] };
const STORE_TOKEN_LIMIT = WEARABLE_LIMIT;

/** GET /api/get-{wearable}-authorization-url: the provider's consent URL, as plain text (503 while it cannot be offered). */
export function authorizationUrlRoute(wearable: Wearable) {
  return route({ auth: 'user' }, async ({ user }) => new Response(await authorizationUrl(user.id, wearable), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } }));
}

/** POST /api/store_{wearable}_token: a token from an API client, stored once the provider has vouched for it (it never comes back). */
export function storeTokenRoute(wearable: Wearable) {
  return route({ auth: 'user', body: tokenMessageSchema(wearable), rateLimit: STORE_TOKEN_LIMIT }, async ({ user, body }) => {
    await storeSubmittedToken(user.id, wearable, body);
    return NextResponse.json({ stored: true, source: wearable });
  });
}
