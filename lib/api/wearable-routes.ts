import 'server-only';
import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { LIMITS } from '@/lib/rate-limit';
import { tokenMessageSchema } from '@/lib/validation/wearables';
import type { WearableKey } from './catalogue';
import { wearableConnected } from './connection-status';
import { wearableConfigured } from './oauth-grant';
import { authorizationUrl, storeSubmittedToken } from './oauth-flow';
import { adapterFor } from './registry';

// The handlers of SPEC's per-wearable routes (/api/get-{wearable}-authorization-url,
// /api/store_{wearable}_token, /api/{wearable}_token_exists): each route file makes its own with its key.

/** Each submitted token is checked with the provider, so a user's attempts are limited. */
export const WEARABLE_LIMIT = { action: 'wearable', limits: ({ user }: { user: { id: string } }) => [{ name: 'wearable:user', identifier: user.id, ...LIMITS.wearablePerUser }] };

/** GET /api/get-{wearable}-authorization-url: the provider's consent URL, as plain text (503 while it cannot be offered). */
export function authorizationUrlRoute(wearable: WearableKey) {
  return route({ auth: 'user' }, async ({ user }) => new Response(await authorizationUrl(user.id, wearable), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } }));
}

/** POST /api/store_{wearable}_token: a token from an API client, stored once the provider has vouched for it (it never comes back). */
export function storeTokenRoute(wearable: WearableKey) {
  return route({ auth: 'user', body: tokenMessageSchema(wearable), rateLimit: WEARABLE_LIMIT }, async ({ user, body }) => {
    await storeSubmittedToken(user.id, wearable, body);
    return NextResponse.json({ stored: true, source: wearable });
  });
}

/** GET /api/{wearable}_token_exists: { exists, configured }. */
export function tokenExistsRoute(wearable: WearableKey) {
  return route({ auth: 'user' }, async ({ user }) =>
    NextResponse.json({ exists: await wearableConnected(user.id, wearable), configured: wearableConfigured(adapterFor(wearable)) }, { headers: { 'Cache-Control': 'no-store' } }),
  );
}
