import 'server-only';
import { NextResponse } from 'next/server';
import { readLimitedBody } from '@/lib/http/body';
import { route, type RouteHandler } from '@/lib/api/route';
import { notified, notifiedMember, ouraChallenge, verifyOura, verifyWhoop, verifyWithings } from './webhooks';
import type { Wearable } from './providers';

// POST /api/webhooks/{whoop|oura|withings} (and Oura's GET handshake, Withings' HEAD): the raw bytes are
// checked before anything is parsed, then each named member's sync is queued. Notifications are small.
const MAX_NOTIFICATION_BYTES = 64 * 1024;

export function webhookReceiver(wearable: Wearable): RouteHandler {
  return route({ auth: 'none', crossSite: true, bodyType: 'raw' }, async ({ request }) => {
    const raw = new TextDecoder().decode(await readLimitedBody(request, MAX_NOTIFICATION_BYTES));
    if (wearable === 'whoop') verifyWhoop(raw, request.headers);
    else if (wearable === 'oura') verifyOura(raw, request.headers);
    else verifyWithings(new URL(request.url).searchParams);
    const queued = await notified(wearable, notifiedMember(wearable, raw));
    return NextResponse.json({ received: true, queued });
  });
}

/** Oura's subscription handshake: GET ?verification_token&challenge → `{challenge}`. */
export const ouraHandshake: RouteHandler = route({ auth: 'none', crossSite: true }, async ({ request }) => NextResponse.json(ouraChallenge(new URL(request.url).searchParams)));

/** Withings checks the callback with a HEAD (and may GET it): a quick, empty 200. */
export const withingsProbe: RouteHandler = async () => new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } });
