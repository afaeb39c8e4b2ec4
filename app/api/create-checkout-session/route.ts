import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { createCheckoutSession } from '@/lib/billing/checkout';
import { LIMITS } from '@/lib/rate-limit';

/** POST /api/create-checkout-session → {id, url}: the hosted checkout for the 30-day trial. */
const create = route(
  { auth: 'user', rateLimit: { action: 'checkout', limits: ({ user }) => [{ name: 'billing:user', identifier: user.id, ...LIMITS.billingPerUser }] } },
  async ({ user }) => NextResponse.json(await createCheckoutSession(user.id), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: create });
