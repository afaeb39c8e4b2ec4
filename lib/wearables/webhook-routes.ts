import 'server-only';
import { NextResponse } from 'next/server';
import { readLimitedBody } from '@/lib/http/body';
import { methods, route, type RouteHandler } from '@/lib/api/route';
import type { WearableKey } from './catalogue';
import { adapterFor } from './registry';
import { notified } from './webhooks';

// POST /api/webhooks/{wearable} (and what else its adapter answers there: Oura's GET handshake,
// Withings' HEAD): the raw bytes are verified by the adapter before anything is parsed, then each named
// member's sync is queued. Notifications are small.
const MAX_NOTIFICATION_BYTES = 64 * 1024;

export function webhookReceiver(wearable: WearableKey): RouteHandler {
  const { webhook } = adapterFor(wearable);
  return route({ auth: 'none', crossSite: true, bodyType: 'raw' }, async ({ request }) => {
    const raw = new TextDecoder().decode(await readLimitedBody(request, MAX_NOTIFICATION_BYTES));
    webhook.verify({ raw, headers: request.headers, url: new URL(request.url) }, Date.now());
    const queued = await notified(wearable, webhook.member(raw));
    return NextResponse.json({ received: true, queued });
  });
}

/** The callback route's handlers: POST receives, GET and HEAD are the adapter's where it has them (405 otherwise). */
export function webhookMethods(wearable: WearableKey) {
  const { webhook } = adapterFor(wearable);
  const answered = methods({ GET: webhook.get, POST: webhookReceiver(wearable) });
  return { ...answered, HEAD: webhook.head ?? answered.GET };
}
