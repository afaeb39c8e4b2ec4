// A new member's first hour, in words this install can keep. It runs on the server at http://localhost
// (playwright.config.ts's `security` project): no wearable has an OAuth client there, voice input has no
// OpenAI key, no kits go out, and passkeys and authenticator apps are both on. One block visits the
// 127.0.0.1 server, where passkeys are off (a passkey needs a domain name).
import type { Page } from '@playwright/test';
import { authenticatorApp } from '../support/authenticator-app';
import { query } from './support/database';
import { expect, PASSWORD, test } from './support/fixtures';
import { E2E_SECURITY_DATABASE_URL } from './support/security-server';
import { virtualAuthenticator } from './support/virtual-authenticator';
import { budget } from '../setup/machine-speed.js';

test.use({ viewport: { width: 1440, height: 900 } });

/** The other e2e server, with the demo and Whoop's client, reached at an IP address: passkeys are off there. */
const IP_SERVER_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;

const IMPORT_PITCH = 'Export your history from the Whoop, Oura or Withings app and import the file on My devices: your sleep, heart-rate variability, activity and weight come in all at once.';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe('wearables: without keys, every page points to the history import', () => {
  test('/login, the landing page, step 1 and step 2 promise no live connection', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Your watch, ring or scale’s history, imported in one go', { exact: true })).toBeVisible();
    await expect(page.getByText(/in one place/)).toHaveCount(0);
    await page.screenshot({ path: 'test-results/first-hour-login.png' });

    await page.goto('/');
    await expect(page.getByText('Import the history file from your watch, ring or scale’s app, and your sleep, heart-rate variability and activity arrive in one go: no double entry.', { exact: true })).toBeVisible();
    await expect(page.getByText(/Link your wearable/)).toHaveCount(0);

    await page.goto('/onboarding_1');
    await expect(page.getByText(/set up your profile, bring in your devices’ history and build your first plan\./)).toBeVisible();

    await page.goto('/onboarding_2');
    const connect = page.getByRole('region', { name: 'Connect', exact: true });
    await expect(connect.getByText(IMPORT_PITCH, { exact: true })).toBeVisible();
    await expect(page.getByText(/Link Whoop/)).toHaveCount(0);
    await page.screenshot({ path: 'test-results/first-hour-onboarding-2.png' });
  });

  test('/order_devices says to import the history file once the device arrives', async ({ page }) => {
    await page.goto('/order_devices');
    await expect(page.getByRole('heading', { level: 1, name: 'Order a device' })).toBeVisible();
    await expect(page.getByText(/Once it arrives, export its history from the maker’s app and import the file on My devices\.$/)).toBeVisible();
    await expect(page.getByText(/Already have a device\? Import the history file from its app on My devices at any time\.$/)).toBeVisible();
    await expect(page.getByText(/couple of clicks/)).toHaveCount(0);
    await page.screenshot({ path: 'test-results/first-hour-order-devices.png', fullPage: true });
  });

  test('the devices step (/onboarding_12) offers the import in SPEC’s place', async ({ page, users }) => {
    await users.create({ at: 'devices' });
    await page.goto('/onboarding_12');
    await expect(page.getByRole('heading', { level: 1, name: 'Got a wearable device?' })).toBeVisible();
    await expect(page.getByText('Import its history now for better insights', { exact: true })).toBeVisible();
    await expect(page.getByText('You can import the history of several devices - the more data, the more personalised your experience!', { exact: true })).toBeVisible();
    await expect(page.getByText('Can’t be connected to Vitality. Continue, and import its history from its app on My devices.')).toHaveCount(3);
    await expect(page.getByText(/Connect it now|connect it later/)).toHaveCount(0);
    await page.screenshot({ path: 'test-results/first-hour-onboarding-12.png', fullPage: true });
  });

  test('a connection asked for anyway is refused with the way to import', async ({ page, users }) => {
    await users.create({ onboarded: true });
    const answer = await page.request.get('/api/get-oura-authorization-url');
    expect(answer.status()).toBe(503);
    expect(await answer.json()).toEqual({
      message: "Oura can't be connected to Vitality. Export your history from the Oura app and import the file on My devices instead.",
      code: 'service_unavailable',
    });
  });
});

test.describe('the T-Score: one name on every page', () => {
  test('the landing page, the dashboard and the insights call the figure the T-Score', async ({ page, users }) => {
    await page.goto('/');
    await expect(page.locator('body')).toContainText('T-Score');
    await expect(page.locator('body')).not.toContainText('Vitality score');
    await page.screenshot({ path: 'test-results/first-hour-landing.png' });

    await users.create({ onboarded: true });
    await page.goto('/main_dashboard');
    await expect(page.getByRole('region', { name: 'T-Score', exact: true })).toBeVisible();
    const summary = page.getByRole('region', { name: 'T-Score and summary', exact: true });
    await expect(summary.getByTestId('vitality-summary')).not.toBeEmpty({ timeout: budget(15_000) });
    await expect(page.getByRole('region', { name: /^Vitality/ })).toHaveCount(0);
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/first-hour-dashboard.png' });

    await page.goto('/insights');
    // SPEC §2 titles the section 'T-Indicator'; the figure in it is the T-Score.
    const indicator = page.getByRole('region', { name: 'T-Indicator' });
    await expect(indicator.getByText('Your T-Score today, out of 100.', { exact: true })).toBeVisible();
    await expect(indicator.getByRole('img', { name: /^T-Score / })).toBeVisible();
    await indicator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/first-hour-insights.png' });
  });
});

test.describe('what a member can do where this install offers less', () => {
  test('voice input off: the goals step says to type them', async ({ page, users }) => {
    await users.create({ at: 'health-goals' });
    await page.goto('/onboarding_11');
    await expect(page.getByText('Type your goals in the box above: Vitality doesn’t take spoken answers.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start voice input' })).toBeDisabled();
    await page.screenshot({ path: 'test-results/first-hour-voice-off.png' });
  });

  test('no kits sent: track one says what to do instead', async ({ page, users }) => {
    await users.create({ at: 'track' });
    await page.goto('/onboarding_13');
    const trackOne = page.getByRole('region', { name: 'Track one' });
    await expect(trackOne).toContainText('Save your address for a kit, or upload a result from your own doctor or lab');
    await expect(page.locator('body')).not.toContainText('open here');
    await page.screenshot({ path: 'test-results/first-hour-kits-off.png' });
  });

  test.describe('passkeys off', () => {
    test.use({ baseURL: IP_SERVER_URL });

    test('Settings says to sign in with the password and an authenticator code', async ({ page, users }) => {
      await users.create({ onboarded: true });
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Passkeys' });
      await expect(card).toHaveText(/Sign in with your password and the code from your authenticator app: turn on two-step verification below\./);
      await expect(page.locator('body')).not.toContainText('on this server');
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/first-hour-passkeys-off.png' });
    });
  });
});

test.describe('the second factor, from the first sign-up', () => {
  test('the security log starts with the account’s creation', async ({ page, users }) => {
    await users.create({ onboarded: true });
    await page.goto('/settings');
    const log = page.getByRole('region', { name: 'Security log' });
    const created = log.getByTestId('security-event').filter({ hasText: 'Account created' });
    await expect(created).toHaveCount(1);
    await expect(created).toContainText('Account created · with password');
    await log.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/first-hour-security-log.png' });
  });

  test('recovery codes copy, the code field takes the cursor after the password, and step-up offers a passkey or a code', async ({ page, context, users, baseURL }) => {
    test.slow(); // Ten recovery codes hashed, a sign-in with argon2 and a WebAuthn ceremony.
    const { email } = await users.create({ onboarded: true });
    await page.goto('/settings');
    const twoStep = page.getByRole('region', { name: 'Two-step verification' });
    await twoStep.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
    const phone = authenticatorApp((await setup.getByTestId('totp-secret').textContent())!);
    await setup.getByLabel('2. Enter the 6-digit code it shows').fill(await phone.next());
    await setup.getByRole('button', { name: 'Turn on' }).click();

    // Copy codes: the clipboard holds them, one a line, and the dialog says so politely.
    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(saved.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    const codes = await saved.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    await saved.getByRole('button', { name: 'Copy codes' }).click();
    const status = saved.getByRole('status').filter({ hasText: /./ });
    await expect(status).toHaveText('Copied');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    await page.screenshot({ path: 'test-results/first-hour-recovery-codes-copied.png' });
    // A browser that refuses the clipboard: the dialog says what to do instead.
    await page.evaluate(() => Object.defineProperty(navigator.clipboard, 'writeText', { value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) }));
    await saved.getByRole('button', { name: 'Copy codes' }).click();
    await expect(status).toHaveText('Your browser didn’t let us copy. Select the codes and copy them yourself, or download them as a file.');
    await saved.getByRole('button', { name: 'I’ve saved them' }).click();
    await expect(twoStep.getByText('10 recovery codes left.')).toBeVisible();

    // After the password, the cursor waits in the code field: the code is typed straight away.
    await context.clearCookies();
    await page.goto('/login');
    await field(page, 'E-mail').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(field(page, 'Authentication code')).toBeFocused();
    await page.screenshot({ path: 'test-results/first-hour-second-step.png' });
    await page.keyboard.type(await phone.next());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/main_dashboard$/, { timeout: budget(15_000) });

    // A passkey as well (the sign-in above is a fresh proof, so adding one asks nothing more).
    await virtualAuthenticator(page);
    await page.goto('/settings');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByLabel('Name').fill('Work laptop');
    await add.getByRole('button', { name: 'Create passkey' }).click();
    await expect(passkeys.getByText('Passkey “Work laptop” added. You can now sign in with it.')).toBeVisible();

    // Ten minutes on, a download asks to confirm: Confirm is the one primary button, the passkey the other way after an "or".
    await query(`UPDATE sessions SET "verifiedAt" = now() - interval '11 minutes' WHERE "userId" = (SELECT id FROM users WHERE email = $1)`, [email], E2E_SECURITY_DATABASE_URL);
    await page.getByRole('button', { name: 'Download my data' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    const usePasskey = confirm.getByRole('button', { name: 'Use a passkey' });
    await expect(usePasskey).toBeVisible();
    await expect(confirm.getByText('or', { exact: true })).toBeVisible();
    await expect(confirm.getByLabel('Code from your authenticator app')).toBeVisible();
    await expect(usePasskey).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    expect(await confirm.getByRole('button', { name: 'Confirm' }).evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: 'test-results/first-hour-step-up.png' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });
});
