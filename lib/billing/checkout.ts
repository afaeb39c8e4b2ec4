import 'server-only';
import type Stripe from 'stripe';
import { ApiError } from '@/lib/errors';
import { DASHBOARD_PATH } from '@/lib/routes';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { stepPath } from '@/lib/routes';
import { assertBillingEnabled, billingSetting, callStripe, stripe } from './stripe';
import { hasCurrentSubscription, saveSubscription } from './subscriptions';

export const TRIAL_DAYS = 30;
export const SETTINGS_PATH = '/settings';
export const ALREADY_SUBSCRIBED = 'You already have a subscription. Manage it in Settings.';

const appUrl = (path: string) => new URL(path, env.APP_URL).toString();

/**
 * The user's Stripe customer, made once. Two first checkouts at the same moment send the same
 * idempotency key, so Stripe answers both with one customer, and only the first write of its id lands.
 */
export async function ensureCustomer(userId: string): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, firstName: true, lastName: true, stripeCustomerId: true } });
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined;
  const customer = await callStripe('customer create', () =>
    stripe().customers.create({ email: user.email, name, metadata: { userId } }, { idempotencyKey: `vitality-customer-${userId}` }),
  );
  await db.user.updateMany({ where: { id: userId, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  const saved = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  return saved.stripeCustomerId ?? customer.id;
}

/** A subscription checkout with the 30-day trial and a card collected up front. */
export async function createCheckoutSession(userId: string): Promise<{ id: string; url: string }> {
  const price = billingSetting('STRIPE_PRICE_ID');
  if (await hasCurrentSubscription(userId)) throw new ApiError(409, ALREADY_SUBSCRIBED);
  const customer = await ensureCustomer(userId);
  const session = await callStripe('checkout create', () =>
    stripe().checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: userId,
      line_items: [{ price, quantity: 1 }],
      payment_method_collection: 'always',
      subscription_data: { trial_period_days: TRIAL_DAYS, metadata: { userId } },
      metadata: { userId },
      // Stripe fills in the session id, which the dashboard uses to confirm at once.
      success_url: `${appUrl(DASHBOARD_PATH)}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: appUrl(stepPath('terms')),
    }),
  );
  if (!session.url) throw new ApiError(502, 'The payment provider did not answer. Please try again in a moment.');
  return { id: session.id, url: session.url };
}

/**
 * Back from checkout: reads the session from Stripe and, when it belongs to this user, saves its
 * subscription now rather than waiting for the webhook. Anything else (an unknown, foreign or
 * unfinished session, Stripe unreachable) leaves the state to the webhook and the page's polling.
 */
export async function syncReturnedCheckout(userId: string, sessionId: string): Promise<void> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) return;
  let session: Stripe.Checkout.Session;
  try {
    session = await callStripe('checkout read', () => stripe().checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }));
  } catch {
    return;
  }
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const owner = await db.user.findUnique({ where: { id: userId }, select: { stripeCustomerId: true } });
  const mine = session.client_reference_id === userId && customer !== undefined && customer === owner?.stripeCustomerId;
  if (!mine) {
    console.warn('[billing] a returning checkout session did not belong to the signed-in user');
    return;
  }
  if (session.subscription && typeof session.subscription !== 'string') await saveSubscription(session.subscription);
}

/** The Stripe customer id the billing portal needs, or a 404 with SPEC's text. */
export async function customerIdOf(userId: string): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  if (!user.stripeCustomerId) throw new ApiError(404, 'Customer ID not found. Please try again later.');
  return user.stripeCustomerId;
}

/** A billing-portal session for the caller's own customer; another customer's id is a 403. */
export async function createPortalSession(userId: string, requestedCustomerId: string): Promise<{ url: string }> {
  assertBillingEnabled();
  const own = await db.user.findUnique({ where: { id: userId }, select: { stripeCustomerId: true } });
  if (!own?.stripeCustomerId || own.stripeCustomerId !== requestedCustomerId) throw new ApiError(403, 'That billing account is not yours.');
  const session = await callStripe('portal create', () => stripe().billingPortal.sessions.create({ customer: own.stripeCustomerId!, return_url: appUrl(SETTINGS_PATH) }));
  return { url: session.url };
}

/** Whether the member has a Stripe customer, so that the billing portal has something to show (Settings). */
export async function hasStripeCustomer(userId: string): Promise<boolean> {
  const { stripeCustomerId } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  return stripeCustomerId !== null;
}
