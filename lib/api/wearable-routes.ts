import 'server-only';
import { NextResponse } from 'next/server';
import { route, type RouteHandler } from '@/lib/api/route';
import { readLimitedBody } from '@/lib/http/body';
import { LIMITS } from '@/lib/rate-limit';
import { tokenMessageSchema } from '@/lib/validation/wearables';
import type { WearableKey } from '@/lib/wearables/catalogue';
import { wearableConnected } from '@/lib/wearables/connection-status';
import { wearableConfigured } from '@/lib/wearables/oauth-grant';
import { authorizationUrl, storeSubmittedToken } from '@/lib/wearables/oauth-flow';
import { ouraChallenge } from '@/lib/wearables/oura/webhook';
import { adapterFor } from '@/lib/wearables/registry';
import { notified } from '@/lib/wearables/webhooks';

// The handlers of SPEC's per-wearable routes (/api/get-{wearable}-authorization-url,
// /api/store_{wearable}_token, /api/{wearable}_token_exists, /api/webhooks/{wearable}): each route file
// makes its own with its key. The work is in lib/wearables/; this file only wraps it in `route`.

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

/** Webhook notifications are small. */
const MAX_NOTIFICATION_BYTES = 64 * 1024;

/**
 * POST /api/webhooks/{wearable}: the raw bytes are verified by the wearable's adapter before anything
 * is parsed, then each named member's sync is queued.
 */
export function webhookReceiver(wearable: WearableKey): RouteHandler {
  const { webhook } = adapterFor(wearable);
  return route({ auth: 'none', crossSite: true, bodyType: 'raw' }, async ({ request }) => {
    const raw = new TextDecoder().decode(await readLimitedBody(request, MAX_NOTIFICATION_BYTES));
    webhook.verify({ raw, headers: request.headers, url: new URL(request.url) }, Date.now());
    const queued = await notified(wearable, webhook.member(raw));
    return NextResponse.json({ received: true, queued });
  });
}

// What else a provider asks of its webhook path besides POST.

/** GET /api/webhooks/oura?verification_token&challenge → `{challenge}`: Oura's subscription handshake. */
export const ouraHandshake: RouteHandler = route({ auth: 'none', crossSite: true }, async ({ request }) => NextResponse.json(ouraChallenge(new URL(request.url).searchParams)));

/** Withings checks the callback with a HEAD (and may GET it): a quick, empty 200. */
export const withingsProbe: RouteHandler = async () => new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } });
