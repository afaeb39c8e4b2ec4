// Billing against the production build, with the official SDK pointed at a local fake Stripe.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { db } from '@/lib/db';
import { startFakeStripe, type FakeStripe } from '../../fakes/stripe-peer';
import { client, registerUser, STARTS_A_SERVER_MS, startAppServer, type AppServer } from '../../setup/app-server';

const SECRET_KEY = 'sk_test_vitality_integration_key_51Hx';
const WEBHOOK_SECRET = 'whsec_vitality_integration_secret_9f2c';
const PRICE = 'price_vitality_monthly';

let stripe: FakeStripe;
let app: AppServer;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await startAppServer({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PRICE_ID: PRICE, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.baseUrl });
  stripe.setWebhookUrl(`${app.url}/api/webhooks/stripe`);
}, STARTS_A_SERVER_MS);
afterAll(async () => {
  await app.stop();
  await stripe.stop();
  await db.$disconnect();
});

type Browser = ReturnType<typeof client>;
const origin = () => ({ origin: app.url });

const onboardedUser = () => registerUser(app, { firstName: 'Bill', lastName: 'Payer', onboarded: true });

const checkoutId = (url: string) => new URL(url).pathname.split('/').pop()!;
const rows = (userId: string) => db.subscription.findMany({ where: { userId } });

/** Opens the dashboard as a new subscriber would: the gate's redirect, Pay, and the return with session_id. */
async function subscribe(browser: Browser) {
  const gate = await browser.get('/main_dashboard');
  expect(gate.status).toBeGreaterThanOrEqual(300);
  expect(gate.status).toBeLessThan(400);
  const checkout = gate.headers.get('location')!;
  expect(checkout.startsWith(`${stripe.baseUrl}/pay/cs_`)).toBe(true);
  const { redirectTo } = await stripe.pay(checkoutId(checkout));
  const back = new URL(redirectTo);
  return { sessionId: back.searchParams.get('session_id')!, back: `${back.pathname}${back.search}` };
}

describe('the paid calls', () => {
  it('refuse a user without an open subscription, and open once the trial starts', async () => {
    const { browser } = await onboardedUser();
    for (const path of ['/api/vitals', '/api/activity', '/api/sleep_score', '/api/readiness', '/api/trends/testosterone', '/api/todays_actions']) {
      const refused = await browser.get(path);
      expect([path, refused.status, refused.json.message, refused.json.code]).toEqual([path, 403, 'Your subscription is not active. Open your dashboard to start or renew it.', 'subscription_required']);
    }
    const post = await browser.post('/api/recommendations', { lat: 51.5, lon: -0.13 }, origin());
    expect(post.status).toBe(403);
    const page = await browser.get('/my_actions');
    expect(page.status).toBeGreaterThanOrEqual(300);
    expect(page.headers.get('location')).toMatch(/\/main_dashboard$/);
    // Notifications stay readable: a payment problem must reach the user.
    expect((await browser.get('/api/notification/next')).status).toBe(204);

    const { back } = await subscribe(browser);
    expect((await browser.get(back)).status).toBe(200);
    expect((await browser.get('/api/vitals')).status).toBe(200);
    expect((await browser.get('/api/todays_actions')).status).toBe(200);
    expect((await browser.get('/my_actions')).status).toBe(200);
  });
});

describe('checkout and the dashboard gate', () => {
  it('sends a new subscriber to checkout, and the paid trial opens the dashboard as a trialing row', async () => {
    const { browser, userId } = await onboardedUser();
    const { back, sessionId } = await subscribe(browser);
    expect(back).toBe(`/main_dashboard?session_id=${sessionId}`);

    const dashboard = await browser.get(back);
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain('Welcome, Bill');
    const [row] = await rows(userId);
    expect(row).toMatchObject({ status: 'TRIALING', priceId: PRICE });
    expect(row!.syncedFromStripeAt).not.toBeNull();
    // 30 days of trial, as Stripe set it.
    expect(Math.round((row!.trialEnd!.getTime() - Date.now()) / 86_400_000)).toBe(30);
    expect((await browser.get('/api/check-subscription-status')).json).toEqual({ subscription_active: true, billing_enabled: true });

    // The checkout asked for what the issue names.
    const session = stripe.checkoutSessions().find((s) => s.id === sessionId)!;
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: userId, cancel_url: `${app.url}/onboarding_14` });
    expect(session.success_url).toBe(`${app.url}/main_dashboard?session_id={CHECKOUT_SESSION_ID}`);

    // A second checkout for a subscribed user is refused.
    const again = await browser.post('/api/create-checkout-session', undefined, origin());
    expect(again.status).toBe(409);
    expect(typeof again.json.message).toBe('string');
  });

  it('makes exactly one customer for two concurrent first checkouts', async () => {
    const { browser, userId } = await onboardedUser();
    const before = stripe.customers().length;
    const [a, b] = await Promise.all([browser.post('/api/create-checkout-session', undefined, origin()), browser.post('/api/create-checkout-session', undefined, origin())]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.url).toEqual(expect.stringContaining('/pay/cs_'));
    expect(stripe.customers().length).toBe(before + 1);
    const { stripeCustomerId } = await db.user.findUniqueOrThrow({ where: { id: userId } });
    const made = stripe.checkoutSessions().filter((s) => s.client_reference_id === userId);
    expect(made.map((s) => s.customer)).toEqual([stripeCustomerId, stripeCustomerId]);
  });

  it('does not let another user adopt a paid checkout by its session_id', async () => {
    const owner = await onboardedUser();
    const { sessionId } = await subscribe(owner.browser);
    const { browser: stranger, userId: strangerId } = await onboardedUser();
    const res = await stranger.get(`/main_dashboard?session_id=${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Confirming your payment');
    expect(await rows(strangerId)).toEqual([]);
  });

  it('counts a subscription row Stripe never confirmed (the seeded demo’s kind) only while billing is off', async () => {
    const { browser, userId } = await onboardedUser();
    await db.subscription.create({ data: { userId, stripeCustomerId: 'cus_demo', stripeSubscriptionId: `sub_demo_${userId}`, status: 'ACTIVE' } });
    const gate = await browser.get('/main_dashboard');
    expect(gate.headers.get('location')).toEqual(expect.stringContaining(`${stripe.baseUrl}/pay/cs_`));
  });

  it('shows the confirming state while Stripe is late, then opens once the webhook lands', async () => {
    const { browser, userId } = await onboardedUser();
    // Stripe completes the payment only when the test says so, however slow the machine.
    const payment = stripe.holdNextPayment();
    const { back } = await subscribe(browser);
    const waiting = await browser.get(back);
    expect(waiting.status).toBe(200);
    expect(waiting.text).toContain('Confirming your payment');
    expect((await browser.get('/api/check-subscription-status')).json).toEqual({ subscription_active: false, billing_enabled: true });
    payment.release();
    await stripe.settled();
    expect((await browser.get('/api/check-subscription-status')).json).toEqual({ subscription_active: true, billing_enabled: true });
    expect((await rows(userId))[0]).toMatchObject({ status: 'TRIALING' });
  });

  it('keeps the dashboard open with a banner when past due, and sends a deleted subscription back to checkout', async () => {
    const { browser, userId } = await onboardedUser();
    await subscribe(browser);
    const [row] = await rows(userId);
    const id = row!.stripeSubscriptionId;

    const failed = stripe.updateSubscription(id, { status: 'past_due' });
    expect((await stripe.deliver(stripe.event('customer.subscription.updated', failed)))[0]!.status).toBe(200);
    const open = await browser.get('/main_dashboard');
    expect(open.status).toBe(200);
    expect(open.text).toContain('Your last payment failed');
    expect(open.text).toContain('Update payment method');

    const invoice = { id: 'in_test_1', object: 'invoice', customer: row!.stripeCustomerId, parent: { type: 'subscription_details', subscription_details: { subscription: id } } };
    expect((await stripe.deliver(stripe.event('invoice.payment_failed', invoice)))[0]!.status).toBe(200);
    expect(await db.notification.findMany({ where: { userId }, select: { title: true } })).toEqual([{ title: 'Your payment failed' }]);

    const deleted = stripe.deleteSubscription(id);
    expect((await stripe.deliver(stripe.event('customer.subscription.deleted', deleted)))[0]!.status).toBe(200);
    expect((await rows(userId))[0]).toMatchObject({ status: 'CANCELED' });
    const closed = await browser.get('/main_dashboard');
    expect(closed.status).toBeGreaterThanOrEqual(300);
    expect(closed.headers.get('location')).toEqual(expect.stringContaining(`${stripe.baseUrl}/pay/cs_`));
  });
});

describe('POST /api/webhooks/stripe', () => {
  async function subscribedUser() {
    const user = await onboardedUser();
    await subscribe(user.browser);
    const [row] = await rows(user.userId);
    return { ...user, subscriptionId: row!.stripeSubscriptionId };
  }
  const eventCount = () => db.stripeEvent.count();

  it('applies an event delivered five times once', async () => {
    const { userId, subscriptionId } = await subscribedUser();
    const trialEnding = stripe.event('customer.subscription.trial_will_end', stripe.subscriptions().find((s) => s.id === subscriptionId)!);
    const answers = await stripe.deliver(trialEnding, { times: 5 });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => JSON.parse(a.body).outcome)).toEqual(['processed', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await db.notification.count({ where: { userId, title: 'Your free trial ends soon' } })).toBe(1);
    expect(await db.stripeEvent.count({ where: { id: trialEnding.id } })).toBe(1);
  });

  it('ends in Stripe’s state when updated arrives before created', async () => {
    const { userId, subscriptionId } = await subscribedUser();
    await db.subscription.deleteMany({ where: { userId } });
    const created = stripe.event('customer.subscription.created', stripe.subscriptions().find((s) => s.id === subscriptionId)!);
    const active = stripe.updateSubscription(subscriptionId, { status: 'active', cancel_at_period_end: true });
    const updated = stripe.event('customer.subscription.updated', active);
    expect((await stripe.deliver(updated))[0]!.status).toBe(200);
    expect((await stripe.deliver(created))[0]!.status).toBe(200);
    // The older event re-reads the subscription, so it cannot turn the row back to trialing.
    expect(await rows(userId)).toEqual([expect.objectContaining({ status: 'ACTIVE', cancelAtPeriodEnd: true })]);
  });

  it.each(['bad', 'stale', 'missing'] as const)('refuses a %s signature with 400 and writes nothing', async (signature) => {
    const { userId, subscriptionId } = await subscribedUser();
    const before = await eventCount();
    const changed = stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const [answer] = await stripe.deliver(stripe.event('customer.subscription.updated', changed), { signature });
    expect(answer!.status).toBe(400);
    expect(typeof JSON.parse(answer!.body).message).toBe('string');
    expect(await eventCount()).toBe(before);
    expect((await rows(userId))[0]).toMatchObject({ status: 'TRIALING' });
  });

  it('acknowledges an event it does not handle with 200 and writes nothing', async () => {
    const before = await eventCount();
    const [answer] = await stripe.deliver(stripe.event('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(answer!.status).toBe(200);
    expect(JSON.parse(answer!.body).outcome).toBe('ignored');
    expect(await eventCount()).toBe(before);
  });

  // Before 2025-03-31 an invoice carried its subscription at the top level; an endpoint whose account default is older still gets that.
  it.each(['current', 'legacy'] as const)('tells the member a payment failed from an invoice event in the %s shape', async (shape) => {
    const { userId, subscriptionId } = await subscribedUser();
    const failed = stripe.invoiceEvent('invoice.payment_failed', subscriptionId, { shape });
    const [answer] = await stripe.deliver(failed);
    expect([answer!.status, JSON.parse(answer!.body).outcome]).toEqual([200, 'processed']);
    expect(await db.notification.findMany({ where: { userId }, select: { title: true } })).toEqual([{ title: 'Your payment failed' }]);
    expect(await db.stripeEvent.count({ where: { id: failed.id } })).toBe(1);
  });

  it('answers 500 and records nothing when Stripe fails the re-read, and the retry succeeds', async () => {
    const { userId, subscriptionId } = await subscribedUser();
    const active = stripe.updateSubscription(subscriptionId, { status: 'active' });
    const event = stripe.event('customer.subscription.updated', active);
    // More failures than the SDK's own retries.
    stripe.failNext('GET', `/v1/subscriptions/${subscriptionId}`, 500, 3);
    const [failed] = await stripe.deliver(event);
    expect(failed!.status).toBeGreaterThanOrEqual(500);
    expect(await db.stripeEvent.count({ where: { id: event.id } })).toBe(0);
    expect((await rows(userId))[0]).toMatchObject({ status: 'TRIALING' });

    const [retried] = await stripe.deliver(event);
    expect(retried!.status).toBe(200);
    expect((await rows(userId))[0]).toMatchObject({ status: 'ACTIVE' });
  });
});

describe('the billing portal', () => {
  it('opens for the caller’s own customer and refuses another’s with 403', async () => {
    const me = await onboardedUser();
    await subscribe(me.browser);
    const other = await onboardedUser();
    await subscribe(other.browser);

    const mine = await me.browser.get('/api/get-customer-id');
    expect(mine.status).toBe(200);
    const customerId = mine.json.customer_id as string;
    expect(customerId).toMatch(/^cus_/);
    const portal = await me.browser.post('/api/create-portal-session', { customer_id: customerId }, origin());
    expect(portal.status).toBe(200);
    expect(portal.json.url).toEqual(expect.stringContaining(`${stripe.baseUrl}/portal/`));

    const theirs = (await other.browser.get('/api/get-customer-id')).json.customer_id as string;
    const refused = await me.browser.post('/api/create-portal-session', { customer_id: theirs }, origin());
    expect(refused.status).toBe(403);
    expect(typeof refused.json.message).toBe('string');
  });

  it('says so when the user has no customer yet, and /settings shows the trial in words', async () => {
    const { browser } = await onboardedUser();
    const none = await browser.get('/api/get-customer-id');
    expect(none.status).toBe(404);
    expect(none.json.message).toBe('Customer ID not found. Please try again later.');

    await subscribe(browser);
    const settings = await browser.get('/settings');
    expect(settings.status).toBe(200);
    const trialEnd = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-GB', { timeZone: 'UTC' });
    expect(settings.text).toContain(`Free trial until ${trialEnd}`);
    expect(settings.text).toContain('Manage subscription');
  });
});

describe('bad input to the billing calls', () => {
  it('answers 4xx { message } and writes nothing', async () => {
    const { browser, userId } = await onboardedUser();
    const events = await db.stripeEvent.count();
    const answers = [
      // A webhook far over the size of any event, signed or not.
      await client(app.url).post('/api/webhooks/stripe', JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(700 * 1024) }), { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }),
      // Not JSON at all, with a header that looks like Stripe's.
      await client(app.url).post('/api/webhooks/stripe', 'not json', { 'content-type': 'text/plain', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=abc` }),
      await browser.post('/api/create-portal-session', { customer_id: 12345 }, origin()),
      await browser.post('/api/create-portal-session', '{"customer_id": ', { ...origin(), 'content-type': 'application/json' }),
      await browser.post('/api/create-checkout-session', { plan: 'free' }, origin()),
      await browser.post('/api/create-checkout-session', '{}', { ...origin(), 'content-type': 'text/plain' }),
      await browser.post('/api/create-checkout-session', undefined, { origin: 'https://evil.example' }),
      await client(app.url).post('/api/create-checkout-session', undefined, origin()),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(typeof answer.json.message).toBe('string');
    }
    expect(await db.stripeEvent.count()).toBe(events);
    expect(await rows(userId)).toEqual([]);
    expect(stripe.checkoutSessions().filter((s) => s.client_reference_id === userId)).toEqual([]);
  });
});

describe('the API version', () => {
  it('sends every call at the SDK’s own pinned version', async () => {
    const { browser } = await onboardedUser();
    await subscribe(browser);
    expect(stripe.requests.length).toBeGreaterThan(0);
    expect(new Set(stripe.requests.map((request) => request.stripeVersion))).toEqual(new Set([Stripe.API_VERSION]));
  });
});

describe('secrets', () => {
  it('never shows the Stripe keys in a page, an answer or the log', async () => {
    const { browser } = await onboardedUser();
    await subscribe(browser);
    const answers = [await browser.get('/settings'), await browser.get('/api/check-subscription-status'), await browser.get('/api/get-customer-id')];
    for (const text of [...answers.map((a) => a.text), app.output()]) {
      expect(text).not.toContain(SECRET_KEY);
      expect(text).not.toContain(WEBHOOK_SECRET);
    }
  });
});
