import 'server-only';
import type Stripe from 'stripe';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { SubscriptionStatus } from '@/lib/generated/prisma/enums';
import { billingEnabled, callStripe, fromUnix, stripe } from './stripe';

type Tx = Prisma.TransactionClient;

const STATUS: Record<string, SubscriptionStatus> = {
  trialing: SubscriptionStatus.TRIALING,
  active: SubscriptionStatus.ACTIVE,
  past_due: SubscriptionStatus.PAST_DUE,
  canceled: SubscriptionStatus.CANCELED,
  unpaid: SubscriptionStatus.UNPAID,
  incomplete: SubscriptionStatus.INCOMPLETE,
  incomplete_expired: SubscriptionStatus.INCOMPLETE_EXPIRED,
  paused: SubscriptionStatus.PAUSED,
};

/** The statuses that open the dashboard (SPEC §6). past_due too: Stripe is still retrying the card. */
export const OPEN_STATUSES: SubscriptionStatus[] = [SubscriptionStatus.TRIALING, SubscriptionStatus.ACTIVE, SubscriptionStatus.PAST_DUE];
/** The statuses for which a second checkout would make a second subscription. */
const CURRENT_STATUSES: SubscriptionStatus[] = [SubscriptionStatus.TRIALING, SubscriptionStatus.ACTIVE];

const customerId = (customer: string | Stripe.Customer | Stripe.DeletedCustomer) => (typeof customer === 'string' ? customer : customer.id);

/** Stripe's subscription as it is now, read back from Stripe rather than trusted from an event. */
export function fetchSubscription(id: string): Promise<Stripe.Subscription> {
  return callStripe('subscription read', () => stripe().subscriptions.retrieve(id));
}

/**
 * Writes Stripe's current state of a subscription over the row with its id. Whatever order events
 * come in, the row ends as Stripe has it. Returns the owner's id, or null for a customer we don't know.
 */
export async function saveSubscription(subscription: Stripe.Subscription, tx: Tx = db): Promise<string | null> {
  const customer = customerId(subscription.customer);
  const owner =
    (await tx.user.findUnique({ where: { stripeCustomerId: customer }, select: { id: true } })) ??
    (subscription.metadata?.userId ? await tx.user.findUnique({ where: { id: subscription.metadata.userId }, select: { id: true } }) : null);
  if (!owner) {
    console.warn('[billing] a subscription for a customer no user has was ignored');
    return null;
  }
  const item = subscription.items.data[0];
  const data = {
    userId: owner.id,
    stripeCustomerId: customer,
    // A status newer than this code keeps the dashboard closed until it is understood.
    status: STATUS[subscription.status] ?? SubscriptionStatus.INCOMPLETE,
    priceId: item?.price.id ?? null,
    trialEnd: fromUnix(subscription.trial_end),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: fromUnix(subscription.cancel_at),
    syncedFromStripeAt: new Date(),
  };
  await tx.subscription.upsert({ where: { stripeSubscriptionId: subscription.id }, create: { stripeSubscriptionId: subscription.id, ...data }, update: data });
  return owner.id;
}

/**
 * The subscription that decides what the user may open: with billing on, the best one Stripe
 * confirmed; with billing off, any row (the seeded demo's included).
 */
export async function currentSubscription(userId: string) {
  const rows = await db.subscription.findMany({
    where: { userId, ...(billingEnabled() ? { syncedFromStripeAt: { not: null } } : {}) },
    orderBy: { updatedAt: 'desc' },
  });
  const rank = (status: SubscriptionStatus) => {
    const at = [...CURRENT_STATUSES, SubscriptionStatus.PAST_DUE].indexOf(status);
    return at === -1 ? 99 : at;
  };
  return rows.sort((a, b) => rank(a.status) - rank(b.status))[0] ?? null;
}

export type DashboardAccess = { open: true; pastDue: boolean } | { open: false };

/** SPEC §6: the dashboard needs a trialing, active or past-due subscription, unless billing is off. */
export async function dashboardAccess(userId: string): Promise<DashboardAccess> {
  if (!billingEnabled()) return { open: true, pastDue: false };
  const subscription = await currentSubscription(userId);
  if (!subscription || !OPEN_STATUSES.includes(subscription.status)) return { open: false };
  return { open: true, pastDue: subscription.status === SubscriptionStatus.PAST_DUE };
}

export async function hasCurrentSubscription(userId: string): Promise<boolean> {
  const subscription = await currentSubscription(userId);
  return subscription !== null && CURRENT_STATUSES.includes(subscription.status);
}
