import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { dashboardAccess } from '@/lib/billing/subscriptions';
import { billingEnabled } from '@/lib/billing/stripe';

/** GET /api/check-subscription-status → {subscription_active, billing_enabled}: polled after checkout. */
const status = route({ auth: 'user' }, async ({ user }) => {
  const access = await dashboardAccess(user.id);
  return NextResponse.json({ subscription_active: access.open, billing_enabled: billingEnabled() }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: status });
