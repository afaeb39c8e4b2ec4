import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { createPortalSession } from '@/lib/billing/checkout';
import { LIMITS } from '@/lib/rate-limit';
import { portalRequestSchema } from '@/lib/validation/billing';

/** POST /api/create-portal-session {customer_id} → {url}: Stripe's billing portal, for the caller's own customer only. */
const create = route(
  {
    auth: 'user',
    body: portalRequestSchema,
    rateLimit: { action: 'billing portal', limits: ({ user }) => [{ name: 'billing:user', identifier: user.id, ...LIMITS.billingPerUser }] },
  },
  async ({ user, body }) => NextResponse.json(await createPortalSession(user.id, body.customer_id), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: create });
