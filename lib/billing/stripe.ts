import 'server-only';
import Stripe from 'stripe';
import { ApiError } from '@/lib/errors';
import { env } from '@/lib/env';
import { noticeOnce } from '@/lib/operator-notice';

// The one Stripe client. Billing is on once STRIPE_SECRET_KEY is set; without it (the embedded
// default) the dashboard opens to every signed-in user and the billing calls answer 503.

export const BILLING_UNAVAILABLE = 'Billing is not available right now. Please try again later.';
/** What a billing call is told where billing is off: nothing is sold here, so there is nothing to do. */
export const BILLING_OFF = 'There is no subscription to start or manage: all of Vitality is open to you without one.';

export function billingEnabled(): boolean {
  if (!env.STRIPE_SECRET_KEY) noticeOnce('stripe', 'Billing is off: set STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET to require a subscription.');
  return Boolean(env.STRIPE_SECRET_KEY);
}

/** A 503 for the caller while billing is off. */
export function assertBillingEnabled(): void {
  if (!billingEnabled()) throw new ApiError(503, BILLING_OFF);
}

let client: Stripe | undefined;

/** The SDK, or a 503 for the caller while billing is off. */
export function stripe(): Stripe {
  assertBillingEnabled();
  if (!client) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
    client = new Stripe(env.STRIPE_SECRET_KEY!, {
      // The version the SDK's types describe; the webhook endpoint in the dashboard should be created at it too.
      apiVersion: Stripe.API_VERSION,
      // Retries reuse the request's idempotency key, so a retried create makes nothing twice.
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Vitality' },
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const) } : {}),
    });
  }
  return client;
}

/** A setting billing needs besides the key; missing, the call answers 503 and the log says what to set. */
export function billingSetting(name: 'STRIPE_PRICE_ID' | 'STRIPE_WEBHOOK_SECRET'): string {
  // Billing off comes first: its notice is the only one that applies then.
  assertBillingEnabled();
  const value = env[name];
  if (!value) {
    noticeOnce(name, `Billing is on but ${name} is not set: checkout and webhooks cannot work until it is.`);
    throw new ApiError(503, BILLING_UNAVAILABLE);
  }
  return value;
}

/** Stripe's failures reach the caller as a 502 with no detail (its messages can name ids and keys). */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const kind = error instanceof Stripe.errors.StripeError ? `${error.type} ${error.statusCode ?? ''}`.trim() : ((error as Error)?.name ?? 'Error');
    console.error(`[billing] ${what} failed: ${kind}`);
    throw new ApiError(502, 'The payment provider did not answer. Please try again in a moment.');
  }
}

export const fromUnix = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
