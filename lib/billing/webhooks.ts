import 'server-only';
import type Stripe from 'stripe';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { billingSetting, stripe } from './stripe';
import { fetchSubscription, saveSubscription } from './subscriptions';

/** Stripe's default tolerance: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_S = 300;

// The events that change what a user may open or should be told; everything else is acknowledged and ignored.
const RELEVANT_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** The event, if the raw body carries Stripe's valid signature; a 400 otherwise. */
export function verifiedEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = billingSetting('STRIPE_WEBHOOK_SECRET');
  if (!signature) throw new ApiError(400, 'Missing Stripe-Signature header.');
  try {
    return stripe().webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_S);
  } catch {
    throw new ApiError(400, 'The webhook signature could not be verified.');
  }
}

/**
 * An invoice as an endpoint on an API version before 2025-03-31 receives it: the subscription at the top level
 * rather than under `parent.subscription_details`. The SDK's types know only the new shape.
 */
type LegacyInvoiceFields = { subscription?: string | { id: string } | null };

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string };
  const id = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);
  switch (object.object) {
    case 'subscription':
      return (object as Stripe.Subscription).id;
    case 'checkout.session':
      return id((object as Stripe.Checkout.Session).subscription);
    case 'invoice': {
      // The event is rendered at the endpoint's API version, not the SDK's, so either shape can arrive.
      const invoice = object as Stripe.Invoice & LegacyInvoiceFields;
      return id(invoice.parent?.subscription_details?.subscription) ?? id(invoice.subscription);
    }
    default:
      return null;
  }
}

const dayMonthYear = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What the dashboard tells the user about this event, if anything. */
function notificationFor(event: Stripe.Event, subscription: Stripe.Subscription): Omit<Prisma.NotificationUncheckedCreateInput, 'userId'> | null {
  if (event.type === 'invoice.payment_failed') {
    return { title: 'Your payment failed', subtitle: 'We could not charge your card. Update your payment method in Settings to keep your plan.' };
  }
  if (event.type === 'customer.subscription.trial_will_end' && subscription.trial_end) {
    return { title: 'Your free trial ends soon', subtitle: `Your trial ends on ${dayMonthYear(new Date(subscription.trial_end * 1000))}, and your plan continues on the card you gave.` };
  }
  return null;
}

/**
 * Applies one verified event. The subscription is read back from Stripe first, so the order events
 * arrive in does not matter; then the event id is recorded in the same transaction as the change, so a
 * replay changes nothing and a failure leaves no trace (Stripe sends it again).
 */
export async function handleEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  if (!RELEVANT_EVENTS.has(event.type)) return 'ignored';
  if (await db.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return 'duplicate';

  const subscriptionId = subscriptionIdOf(event);
  const subscription = subscriptionId ? await fetchSubscription(subscriptionId) : null;

  return db.$transaction(async (tx) => {
    // Inserted first: a concurrent delivery of the same event waits here, then fails on the key.
    const recorded = await tx.stripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
    if (recorded.count === 0) return 'duplicate';
    if (!subscription) return 'processed';
    const userId = await saveSubscription(subscription, tx);
    const notification = userId ? notificationFor(event, subscription) : null;
    if (userId && notification) await tx.notification.create({ data: { userId, ...notification } });
    return 'processed';
  });
}
