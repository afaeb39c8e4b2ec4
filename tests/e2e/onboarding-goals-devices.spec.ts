import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai-peer';
import { query } from './support/database';
import { E2E_OPENAI_KEY, E2E_OPENAI_PORT } from './support/openai';
import { writeToneWav } from './support/wav';
import { registerViaApi } from './support/register';

// Steps 11 (goals, with voice input) and 12 (devices). This file registers 4 users.

const GOALS_MESSAGE = 'Please enter your health goals before proceeding.';
const PASSWORD = 'Longevity-e2e-2026';
const FAKE_MIC = path.join(tmpdir(), `vt-e2e-fake-mic-${E2E_OPENAI_PORT}.wav`);

// A fake microphone for this file: Chromium records a sine tone, and grants the permission itself.
test.use({
  launchOptions: [
    async ({ launchOptions }, use) => {
      writeToneWav(FAKE_MIC, { seconds: 5 });
      const fakeMic = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${FAKE_MIC}`];
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeMic] });
    },
    { scope: 'worker' },
  ],
  permissions: ['microphone'],
});

let openai: FakeOpenAI;
test.beforeAll(async () => {
  // The e2e server was started with OPENAI_BASE_URL on this port (playwright.config.ts).
  openai = await startFakeOpenAI({ transcript: '', apiKey: E2E_OPENAI_KEY, port: E2E_OPENAI_PORT });
});
test.afterEach(() => {
  openai.failWith(null);
  openai.setDelay(0);
});
test.afterAll(async () => {
  await openai?.stop();
});

let counter = 0;
const uniqueEmail = () => `e2e-goals-${Date.now()}-${++counter}@example.test`;

/** A new signed-in user who has done every step before the goals (step 11). */
async function signUpAtGoals(page: Page, goals: string | null = null): Promise<string> {
  const email = uniqueEmail();
  const response = await registerViaApi(page.request, { firstName: 'Theo', lastName: 'Vance', email, password: PASSWORD });
  expect(response.ok()).toBe(true);
  await query(
    `UPDATE users SET "dateOfBirth" = '1985-04-12', country = 'gb', city = 'London', "heightCm" = 180, "currentWeightKg" = 90,
       "desiredWeightKg" = 82, "shenaiTutorialWatched" = true, "biohackingExperience" = 'taking_action', "healthGoals" = $2
     WHERE email = $1`,
    [email, goals],
  );
  return email;
}

async function userRow(email: string) {
  const [row] = await query<{ healthGoals: string | null; devicesIntegrated: boolean }>('SELECT "healthGoals", "devicesIntegrated" FROM users WHERE email = $1', [email]);
  return row!;
}

const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const selection = (page: Page) =>
  page.getByPlaceholder('Describe your health goals...').evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd, document.activeElement === el]);

async function dictate(page: Page, ms: number) {
  await page.getByRole('button', { name: 'Start voice input' }).click();
  const stop = page.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeVisible();
  await page.waitForTimeout(ms);
  await stop.click();
}

test.describe('/onboarding_11, health goals', () => {
  test('dictated goals go in at the cursor and over a selection, and Next saves them', async ({ page }) => {
    const email = await signUpAtGoals(page);
    await page.goto('/onboarding_11');
    await expect(page.getByRole('heading', { name: 'What are you hoping to achieve, improve or gain insights about?' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Step 11 of 14' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_10');

    const goals = page.getByPlaceholder('Describe your health goals...');
    await goals.fill('Sleep better.');
    await goals.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    openai.setTranscript('Lift heavier and recover faster.');
    openai.setDelay(1000);
    await page.getByRole('button', { name: 'Start voice input' }).click();
    await expect(page.getByText('Recording… click the microphone again to stop.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(page.getByRole('button', { name: 'Transcribing your recording' })).toBeDisabled();
    await expect(page.getByText('Transcribing your recording…')).toBeVisible();

    await expect(goals).toHaveValue('Lift heavier and recover faster. Sleep better.');
    expect(await selection(page)).toEqual([32, 32, true]);
    // The fake received Chromium's WebM recording, as recording.webm, with the server's key and model.
    const upload = openai.uploads.at(-1)!;
    expect(upload).toMatchObject({ authorization: `Bearer ${E2E_OPENAI_KEY}`, model: 'gpt-4o-mini-transcribe', fileName: 'recording.webm', fileType: 'audio/webm' });
    expect(upload.bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(upload.bytes.length).toBeGreaterThan(1000);

    openai.setDelay(0);
    openai.setTranscript('Sleep deeper');
    await goals.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(33, 45)); // "Sleep better"
    await dictate(page, 1000);
    await expect(goals).toHaveValue('Lift heavier and recover faster. Sleep deeper.');
    expect(await selection(page)).toEqual([45, 45, true]);
    expect(openai.uploads).toHaveLength(2);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/onboarding_12$/);
    expect((await userRow(email)).healthGoals).toBe('Lift heavier and recover faster. Sleep deeper.');
  });

  test('blank goals are blocked, and failed saves and transcriptions say so', async ({ page }) => {
    const email = await signUpAtGoals(page);
    await page.goto('/onboarding_11');
    const goals = page.getByPlaceholder('Describe your health goals...');
    const next = page.getByRole('button', { name: 'Next' });

    await next.click();
    await expect(alertWith(page, GOALS_MESSAGE)).toHaveText(GOALS_MESSAGE);
    await goals.fill('  \n\t ');
    await next.click();
    await expect(alertWith(page, GOALS_MESSAGE)).toBeVisible();
    await goals.fill('More energy');
    await expect(alertWith(page, GOALS_MESSAGE)).toHaveCount(0);

    // The transcription service fails: the server answers 502 {error}, the text stays as it was.
    openai.failWith('server-error');
    await dictate(page, 800);
    await expect(alertWith(page, 'Failed to transcribe audio')).toBeVisible();
    await expect(goals).toHaveValue('More energy');
    openai.failWith(null);

    await page.route('**/api/update_health_goals', (route) => route.fulfill({ status: 503, json: { message: 'The database is resting.' } }));
    await next.click();
    await expect(alertWith(page, 'Failed to update health goals')).toContainText('The database is resting.');
    await page.unroute('**/api/update_health_goals');
    await page.route('**/api/update_health_goals', (route) => route.abort('internetdisconnected'));
    await next.click();
    await expect(alertWith(page, 'An error occurred while updating your goals.')).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding_11$/);
    expect((await userRow(email)).healthGoals).toBeNull();

    // A refused microphone is a client-side failure.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.reload();
    await page.getByRole('button', { name: 'Start voice input' }).click();
    await expect(alertWith(page, 'Failed to process audio transcription.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start voice input' })).toBeEnabled();
  });
});

test.describe('/onboarding_12, devices', () => {
  test('shows the five cards, waits for the token checks, and Next saves devicesIntegrated', async ({ page }) => {
    const email = await signUpAtGoals(page);
    await page.goto('/onboarding_12');
    await expect(page).toHaveURL(/\/onboarding_11$/);
    await query('UPDATE users SET "healthGoals" = $2 WHERE email = $1', [email, 'Sleep better.']);

    // Hold the token checks, to see the loading cards and the spinner in place of Next.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/*_token_exists', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/onboarding_12');
    await expect(page.getByRole('heading', { name: 'Got a wearable device?' })).toBeVisible();
    await expect(page.getByText('Connect it now for better insights', { exact: true })).toBeVisible();
    await expect(page.getByText('You can connect multiple devices - the more data, the more personalised your experience!', { exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Step 12 of 14' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_11');
    await expect(page.getByRole('status', { name: 'Checking your devices' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Connect Whoop/ })).toBeDisabled();
    release();

    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeVisible();
    // The e2e server has no wearable OAuth clients: each is unavailable, not broken.
    for (const title of ['Connect Whoop', 'Connect Oura Ring', 'Connect Withings Scale']) {
      const card = page.getByRole('button', { name: new RegExp(`^${title}`) });
      await expect(card).toBeDisabled();
      await expect(card).toContainText('Unavailable');
      await expect(card).toContainText('Not available yet');
    }

    await page.getByRole('button', { name: /^Connect Apple Watch/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Apple Watch' });
    await expect(dialog).toContainText('Apple Watch integration will be available through the iOS app.');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: "Don't have one yet? Order here" })).toHaveAttribute('href', '/order_devices?origin=/onboarding_11');

    await page.route('**/api/update_devices_integrated', (route) => route.fulfill({ status: 500, json: {} }));
    await next.click();
    await expect(alertWith(page, 'Failed to confirm devices integration. Please try again.')).toBeVisible();
    await page.unroute('**/api/update_devices_integrated');
    await page.route('**/api/update_devices_integrated', (route) => route.abort('internetdisconnected'));
    await next.click();
    await expect(alertWith(page, 'An error occurred while updating your device status.')).toBeVisible();
    expect((await userRow(email)).devicesIntegrated).toBe(false);

    await page.unroute('**/api/update_devices_integrated');
    await next.click();
    await expect(page).toHaveURL(/\/onboarding_13$/);
    expect((await userRow(email)).devicesIntegrated).toBe(true);
  });

  test('connects a configured wearable through its popup (calls of the wearables issue stubbed)', async ({ page, context, baseURL }) => {
    await signUpAtGoals(page, 'Sleep better.');
    // Until the wearables issue lands, these answers stand in for a server with OAuth clients.
    await context.route('**/api/*_token_exists', (route) => route.fulfill({ json: { exists: false, configured: true } }));
    await context.route('**/api/get-whoop-authorization-url', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await context.route('**/api/get-oura-authorization-url', (route) => route.fulfill({ contentType: 'text/plain', body: `${baseURL}/e2e-oura-consent` }));
    await context.route('**/api/get-withings-authorization-url', (route) => route.fulfill({ contentType: 'text/plain', body: `${baseURL}/e2e-withings-consent` }));
    // The provider's consent ends on our callback page, which posts the tokens to the opener.
    await context.route('**/e2e-oura-consent', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<p>Approved</p><script>
          window.opener.postMessage({ source: 'whoop', access_token: 'not-for-oura' }, location.origin);
          window.opener.postMessage({ source: 'oura', access_token: 'oura-token', refresh_token: 'oura-refresh' }, location.origin);
          setTimeout(() => window.close(), 100);
        </script>`,
      }),
    );
    await context.route('**/e2e-withings-consent', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Consent</p>' }));
    const stored: unknown[] = [];
    await context.route('**/api/store_oura_token', (route) => {
      stored.push(route.request().postDataJSON());
      return route.fulfill({ json: { message: 'Oura connected.' } });
    });
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        sessionStorage.setItem('popupFeatures', String(args[2]));
        return open(...args);
      };
    });
    await page.goto('/onboarding_12');

    const whoop = page.getByRole('button', { name: /^Connect Whoop/ });
    await whoop.click();
    await expect(alertWith(page, 'Failed to get Whoop authorization URL. Please try again later.')).toBeVisible();
    await expect(whoop).toBeEnabled();

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: /^Connect Oura Ring/ }).click();
    await (await popup).waitForEvent('close');
    expect(await page.evaluate(() => sessionStorage.getItem('popupFeatures'))).toBe('popup,width=500,height=600');
    const oura = page.getByRole('listitem').filter({ hasText: 'Connect Oura Ring' });
    await expect(oura).toContainText('Connected');
    await expect(oura.getByRole('button')).toHaveCount(0);
    expect(stored).toEqual([{ source: 'oura', access_token: 'oura-token', refresh_token: 'oura-refresh' }]);
    await expect(alertWith(page, 'Failed to get Whoop')).toHaveCount(0);

    // Closing the popup without a token clears the integrating state.
    const withingsPopup = page.waitForEvent('popup');
    const withings = page.getByRole('button', { name: /^Connect Withings Scale/ });
    await withings.click();
    await expect(withings).toContainText('Connecting…');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await (await withingsPopup).close();
    await expect(withings).toBeEnabled();
    await expect(withings).not.toContainText('Connecting…');
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
