import { NextResponse } from 'next/server';
import { readLimitedBody } from '@/lib/http/body';
import { methods, route } from '@/lib/api/route';
import { handleEvent, verifiedEvent } from '@/lib/billing/webhooks';

// Stripe's events are small; an invoice with many lines stays well under this.
const MAX_EVENT_BYTES = 512 * 1024;

/**
 * POST /api/webhooks/stripe: Stripe's signed events. The raw bytes are checked against the signature
 * before anything is parsed; a replay answers 200 and changes nothing; a failure answers 500 and
 * leaves no trace, so Stripe's retry processes the event afresh.
 */
const receive = route({ auth: 'none', crossSite: true, bodyType: 'raw' }, async ({ request }) => {
  const raw = new TextDecoder().decode(await readLimitedBody(request, MAX_EVENT_BYTES));
  const event = verifiedEvent(raw, request.headers.get('stripe-signature'));
  const outcome = await handleEvent(event);
  return NextResponse.json({ received: true, outcome });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: receive });
