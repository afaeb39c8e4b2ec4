import { startFakeStripe, type FakeStripe } from '@/tests/fakes/stripe-peer';
import { query } from './support/database';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/page-checks';
import { E2E_BILLING_DATABASE_URL, E2E_BILLING_PORT, E2E_STRIPE_PORT, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET } from './support/stripe';
import { budget } from '../setup/machine-speed.js';

// Billing in Chromium: the server of the `billing` project has Stripe on, pointed at this fake.
let stripe: FakeStripe;

// One fake on a fixed port: the tests of this file run one after the other, in one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  stripe = await startFakeStripe({
    secretKey: E2E_STRIPE_SECRET_KEY,
    webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${E2E_BILLING_PORT}/api/webhooks/stripe`,
    port: E2E_STRIPE_PORT,
  });
});
test.afterAll(async () => stripe?.stop());

async function subscriptionStatus(email: string): Promise<string[]> {
  const rows = await query<{ status: string }>(
    'SELECT s.status::text AS status FROM subscriptions s JOIN users u ON u.id = s."userId" WHERE u.email = $1',
    [email],
    E2E_BILLING_DATABASE_URL,
  );
  return rows.map((r) => r.status);
}

async function acceptTermsAndStart(page: import('@playwright/test').Page) {
  await page.goto('/onboarding_14');
  // Billing on: the SPEC's free-trial pitch.
  await expect(page.getByText('Start your 30-day free trial to unlock the full Vitality plan.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Agree to the Terms and Conditions' }).check();
  await page.getByRole('button', { name: 'Start 30 day free trial' }).click();
  // The dashboard's gate sends a new user on to the hosted checkout.
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${E2E_STRIPE_PORT}`);
  await expectAccessible(page);
}

test('a new user goes from step 14 through checkout to the dashboard', async ({ page, users }) => {
  // Eight page loads across two origins, at the start of the run while the other projects load the
  // machine: 31–32 s on a slow day (2026-11-28), past the default 30 s.
  test.slow();
  const { email } = await users.create({ at: 'terms' });
  await acceptTermsAndStart(page);

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Marcus' })).toBeVisible();
  // Back with session_id, confirmed at once; the address loses it once the status call agrees.
  await expect(page).toHaveURL(/\/main_dashboard$/);
  expect(await subscriptionStatus(email)).toEqual(['trialing']);

  // Settings tells the trial in words and opens the billing portal.
  await page.goto('/settings');
  await expect(page.getByText(/^Free trial until \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Billing portal (test)' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Vitality' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('a late webhook shows the confirming state, a timeout offers Retry, and the dashboard opens once Stripe confirms', async ({ page, users }) => {
  test.slow();
  const { email } = await users.create({ at: 'terms' });
  const consoleMessages: string[] = [];
  page.on('console', (message) => consoleMessages.push(message.text()));
  await acceptTermsAndStart(page);

  // Stripe confirms only once the test says so, after the page's ten tries at 1 s have run out.
  const payment = stripe.holdNextPayment();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Confirming your payment' })).toBeVisible();
  expect(page.url()).toContain('/main_dashboard?session_id=cs_');
  await expectAccessible(page);

  await expect(page.getByRole('heading', { name: 'We are still confirming your payment' })).toBeVisible({ timeout: budget(15_000) });
  expect(consoleMessages).toContain('Webhook processing timeout');
  await expectAccessible(page);
  expect(await subscriptionStatus(email)).toEqual([]);

  payment.release();
  await stripe.settled();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Marcus' })).toBeVisible();
  await expect(page).toHaveURL(/\/main_dashboard$/);
  expect(await subscriptionStatus(email)).toEqual(['trialing']);
});

// This server has no wearable client and no iPhone app: no screen promises either.
test('an install with no wearable keys and no iPhone app promises neither on /instructions and My devices', async ({ page, users }) => {
  // A sign-up through every step and two audited pages, at the start of the run while the other projects
  // load the machine: past the default 30 s in a fresh-clone CI run (2026-11-29), 7 s on its own.
  test.slow();
  await users.create({ onboarded: true });
  await page.goto('/instructions');
  await expect(page.getByRole('heading', { level: 2, name: 'Bring in your history' })).toBeVisible();
  await expect(page.getByText(/within minutes|Whoop|Oura|Withings|iOS app/)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/instructions-no-keys.png', fullPage: true });
  await page.goto('/my_devices');
  await expect(page.getByText('Our iPhone app, which syncs Apple Health as you go, is not out yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Companion app (Apple Health)' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/my-devices-no-keys.png', fullPage: true });
});
