import 'server-only';
import { NextResponse } from 'next/server';
import { readLimitedBody } from '@/lib/http/body';
import { route, type RouteHandler } from '@/lib/api/route';
import type { WearableKey } from './catalogue';
import { adapterFor } from './registry';
import { notified } from './webhooks';

// POST /api/webhooks/{wearable}: the raw bytes are verified by the wearable's adapter before anything
// is parsed, then each named member's sync is queued. Notifications are small. (What else a provider
// answers on that path, Oura's GET handshake or Withings' HEAD probe, is in its folder's routes.ts.)
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
