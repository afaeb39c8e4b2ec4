import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { customerIdOf } from '@/lib/billing/checkout';
import { assertBillingEnabled } from '@/lib/billing/stripe';

/** GET /api/get-customer-id → {customer_id}: the caller's own Stripe customer, for the billing portal. */
const read = route({ auth: 'user' }, async ({ user }) => {
  assertBillingEnabled();
  return NextResponse.json({ customer_id: await customerIdOf(user.id) }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: read });
