// Billing off (no STRIPE_SECRET_KEY, the embedded default): the dashboard opens to every
// onboarded user, and each billing call says it is unavailable.
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, registerUser, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();

const onboardedBrowser = () => registerUser(app, { firstName: 'Otto', onboarded: true });

describe('with billing off', () => {
  it('opens the dashboard and says so in /settings and the status call', async () => {
    const { browser, email } = await onboardedBrowser();
    const dashboard = await browser.get('/main_dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain('Welcome, Otto');
    expect((await browser.get('/api/check-subscription-status')).json).toEqual({ subscription_active: true, billing_enabled: false });
    // In the member's words; the operator's explanation (no STRIPE_SECRET_KEY) is in docs/configuration.md.
    expect((await browser.get('/settings')).text).toContain('No subscription needed');
    expect(await db.subscription.count({ where: { user: { email } } })).toBe(0);
  });

  it('answers 503 { message } from every billing call', async () => {
    const { browser } = await onboardedBrowser();
    const origin = { origin: app.url };
    const answers = [
      await browser.post('/api/create-checkout-session', undefined, origin),
      await browser.get('/api/get-customer-id'),
      await browser.post('/api/create-portal-session', { customer_id: 'cus_123' }, origin),
      await client(app.url).post('/api/webhooks/stripe', '{"id":"evt_1"}', { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.json.message).toBe('There is no subscription to start or manage: all of Vitality is open to you without one.');
    }
    expect(app.output()).toContain('[setup] Billing is off');
  });

  it('logs only that billing is off when a webhook arrives, never that a billing setting is missing', async () => {
    const answer = await client(app.url).post('/api/webhooks/stripe', '{"id":"evt_2"}', { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' });
    expect(answer.status).toBe(503);
    expect(app.output()).toContain('[setup] Billing is off');
    expect(app.output()).not.toContain('Billing is on');
    expect(app.output()).not.toContain('STRIPE_WEBHOOK_SECRET is not set');
  });
});
