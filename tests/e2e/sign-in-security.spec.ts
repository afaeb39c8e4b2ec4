// Sign-in security in the browser (docs/security.md): passkeys with Chromium's virtual authenticator (the DevTools WebAuthn domain:
// a real WebAuthn ceremony, with no mock of the app), the authenticator-app second step, a recovery code,
// step-up, the signed-in browsers and the security log. The member's authenticator app is
// tests/support/authenticator-app.ts, which computes its codes from the key the page shows.
import type { Page } from '@playwright/test';
import { authenticatorApp } from '../support/authenticator-app';
import { query } from './support/database';
import { appHeaders } from './support/client-address';
import { expect, PASSWORD, test } from './support/fixtures';
import { expectAccessible } from './support/page-checks';
import { E2E_SECURITY_DATABASE_URL } from './support/security-server';
import { virtualAuthenticator } from './support/virtual-authenticator';
import { budget } from '../setup/machine-speed.js';

test.use({ viewport: { width: 1440, height: 900 } });

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

/** Ages this member's proofs past step-up's 10 minutes, as a session signed in for a while would be. */
async function ageProofs(email: string) {
  await query(`UPDATE sessions SET "verifiedAt" = now() - interval '11 minutes' WHERE "userId" = (SELECT id FROM users WHERE email = $1)`, [email], E2E_SECURITY_DATABASE_URL);
}

test('a passkey is added in Settings, signs in from /login on its own (once per challenge), and is renamed and removed', async ({ page, users, browser, baseURL }) => {
  test.slow(); // Onboarding through the API, three WebAuthn ceremonies and an axe pass on each page.
  const { email } = await users.create({ onboarded: true });
  const authenticator = await virtualAuthenticator(page);

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(add.getByLabel('Name')).toHaveValue('Passkey on Linux');
  await page.screenshot({ path: 'test-results/passkey-add.png' });
  await expectAccessible(page);
  await add.getByLabel('Name').fill('Work laptop');
  await add.getByRole('button', { name: 'Create passkey' }).click();
  await expect(card.getByText('Passkey “Work laptop” added. You can now sign in with it.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Your passkeys' }).getByText('Work laptop')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  const [stored] = await query<{ name: string; counter: string; transports: string[] }>(
    `SELECT name, counter::text, transports FROM passkeys WHERE "userId" = (SELECT id FROM users WHERE email = $1)`,
    [email],
    E2E_SECURITY_DATABASE_URL,
  );
  expect(stored).toMatchObject({ name: 'Work laptop' });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/settings-security.png', fullPage: true });

  // Signed out, the passkey alone signs in: no e-mail, no password, no second step. First through the
  // browser's autofill (conditional mediation), which Chromium's virtual authenticator answers as soon as
  // /login asks, as a member picking the passkey under the e-mail field would.
  await signOut(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/main_dashboard$/, { timeout: budget(15_000) });

  // Then with the button, in a browser that has no passkey autofill (the page's WebAuthn lacks conditional mediation).
  await signOut(page);
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined });
  });
  await page.goto('/login');
  await expect(field(page, 'E-mail')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.screenshot({ path: 'test-results/login-passkey.png' });
  // The answer the browser sends is watched (not changed), to be sent again below.
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/passkeys/sign-in') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/main_dashboard$/, { timeout: budget(15_000) });

  // Replayed, the same signed answer signs nobody in: its challenge was spent by the first check.
  const replayed = await browser.newContext({ baseURL });
  const replay = await replayed.request.post('/api/passkeys/sign-in', { data: (await sent).postData(), headers: { 'content-type': 'application/json', origin: new URL(baseURL!).origin } });
  expect(replay.status()).toBe(401);
  expect(((await replay.json()) as { message: string }).message).toBe('Your passkey could not be checked. Please try again.');
  await replayed.close();

  await page.goto('/settings');
  const log = page.getByRole('region', { name: 'Security log' });
  await expect(log.getByTestId('security-event').first()).toContainText('Signed in · with a passkey');
  await expect(log.getByText('Signed in · with a passkey')).toHaveCount(2);
  await expect(log.getByText('Passkey added · Work laptop')).toBeVisible();
  await expect(card.getByText(/last used \d/)).toBeVisible();

  await card.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await expectAccessible(page);
  await rename.getByLabel('Name').fill('MacBook Touch ID');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(card.getByText('MacBook Touch ID', { exact: true })).toBeVisible();

  // The passkey sign-in proved both factors minutes ago: removing it needs no new proof.
  await card.getByRole('button', { name: 'Remove MacBook Touch ID' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove passkey' });
  await expect(remove.getByText('“MacBook Touch ID” will no longer sign you in.')).toBeVisible();
  await page.screenshot({ path: 'test-results/passkey-remove.png' });
  await expectAccessible(page);
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  expect(await query(`SELECT 1 FROM passkeys WHERE "userId" = (SELECT id FROM users WHERE email = $1)`, [email], E2E_SECURITY_DATABASE_URL)).toEqual([]);

  // The device still holds its copy, which no longer signs in.
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passkey sign-in failed' })).toContainText('This passkey is not registered with Vitality.');
});

test('the authenticator app: set up from its key, asked after the password, a recovery code when the phone is lost, and step-up before a download', async ({ page, users }) => {
  test.slow(); // Onboarding, three sign-ins with argon2, ten recovery codes hashed, and a download.
  const { email } = await users.create({ onboarded: true });

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.screenshot({ path: 'test-results/totp-setup.png' });
  await expectAccessible(page);
  const phone = authenticatorApp((await setup.getByTestId('totp-secret').textContent())!);
  await setup.getByLabel('2. Enter the 6-digit code it shows').fill(phone.wrong());
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByRole('alert')).toContainText('That code didn’t match.');
  await setup.getByLabel('2. Enter the 6-digit code it shows').fill(await phone.next());
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(saved.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const codes = await saved.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  await page.screenshot({ path: 'test-results/recovery-codes.png' });
  await expectAccessible(page);
  await saved.getByRole('button', { name: 'I’ve saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 recovery codes left.')).toBeVisible();

  // The password alone no longer signs in.
  await signOut(page);
  await logIn(page, email, PASSWORD);
  await expect(field(page, 'Authentication code')).toBeFocused();
  await page.screenshot({ path: 'test-results/login-second-step.png' });
  await expectAccessible(page);
  await field(page, 'Authentication code').fill(await phone.next());
  await page.getByLabel('Don’t ask again on this browser for 30 days').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/main_dashboard$/, { timeout: budget(15_000) });

  // Settings lists the remembered browser; once forgotten, it asks for the code again.
  await page.goto('/settings');
  const remembered = page.getByRole('region', { name: 'Remembered browsers' });
  await expect(remembered.getByTestId('remembered-browser')).toHaveCount(1);
  await expect(remembered.getByTestId('remembered-browser')).toContainText(/Remembered \d/);
  await remembered.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/remembered-browsers.png' });
  await expectAccessible(page);
  await remembered.getByRole('button', { name: /^Forget .*, remembered / }).click();
  await expect(remembered.getByText('That browser is forgotten: it will ask for your code again.')).toBeVisible();
  await expect(remembered.getByText('No browser is remembered. Every sign-in with your password asks for your code.')).toBeVisible();

  // A lost phone: a recovery code, once.
  await signOut(page);
  await logIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await field(page, 'Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/main_dashboard$/, { timeout: budget(15_000) });

  // Ten minutes on, a download asks for the second factor again.
  await ageProofs(email);
  await page.goto('/settings');
  await expect(card.getByText('9 recovery codes left.')).toBeVisible();
  await page.getByRole('button', { name: 'Download my data' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(confirm.getByText('For your security, confirm it’s you before you download all your data.')).toBeVisible();
  await page.screenshot({ path: 'test-results/step-up.png' });
  await expectAccessible(page);
  await confirm.getByLabel('Code from your authenticator app').fill(phone.wrong());
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toContainText('That code didn’t work.');
  const downloading = page.waitForEvent('download');
  await confirm.getByLabel('Code from your authenticator app').fill(await phone.next());
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^vitality-data-\d{4}-\d{2}-\d{2}\.zip$/);

  await page.reload();
  const log = page.getByRole('region', { name: 'Security log' });
  await expect(log.getByText('Data downloaded')).toBeVisible();
  await expect(log.getByText('Recovery code used · 9 left')).toBeVisible();
  await expect(log.getByText('Wrong proof when confirming it’s you · authenticator code')).toBeVisible();
  await log.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/security-log.png' });

});

test('Settings lists the signed-in browsers and signs the others out', async ({ page, users, browser, baseURL }) => {
  test.slow();
  const { email, address } = await users.create({ onboarded: true });
  // A second browser of the member's, signed in through the login page.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  const otherPage = await other.newPage();
  await logIn(otherPage, email, PASSWORD);
  await expect(otherPage).toHaveURL(/\/main_dashboard$/, { timeout: budget(15_000) });

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Signed-in browsers' });
  await expect(card.getByTestId('session')).toHaveCount(2);
  await expect(card.getByTestId('session').first()).toContainText('This browser');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/signed-in-browsers.png' });
  await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(card.getByText('1 other browser is signed out.')).toBeVisible();
  await expect(card.getByTestId('session')).toHaveCount(1);

  await otherPage.goto('/settings');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
  await expect(page.getByRole('region', { name: 'Security log' }).getByText('Signed out everywhere else · 1 signed out')).toBeVisible();
});

test('turning the second step off asks first; then the password alone signs in again', async ({ page, users, baseURL }) => {
  test.slow();
  const { email, address } = await users.create({ onboarded: true });
  // Set up through Settings' own calls, as the page makes them.
  const headers = appHeaders(baseURL!, address);
  const setup = await page.request.post('/api/security/totp/setup', { headers });
  const phone = authenticatorApp(((await setup.json()) as { secret: string }).secret);
  expect((await page.request.post('/api/security/totp/enable', { headers, data: { code: await phone.next() } })).status()).toBe(200);

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await expect(card.getByText('10 recovery codes left.')).toBeVisible();
  await card.getByRole('button', { name: 'Turn off two-step verification' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-step verification' });
  await expect(off.getByText(/Your password alone will sign you in again/)).toBeVisible();
  await page.screenshot({ path: 'test-results/totp-off.png' });
  await expectAccessible(page);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Security log' }).getByText('Two-step verification turned off')).toBeVisible();

  await signOut(page);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/main_dashboard$/, { timeout: budget(15_000) });
});
