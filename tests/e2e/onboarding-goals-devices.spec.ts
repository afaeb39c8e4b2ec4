import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAI } from '@/tests/fakes/openai-peer';
import { startFakeWhoop, whoopFiguresFor, type FakeWhoop } from '@/tests/fakes/wearable-oauth-peer';
import { query } from './support/database';
import { expect, test, type Users } from './support/fixtures';
import { E2E_OPENAI_KEY, E2E_OPENAI_PORT, E2E_WHOOP_CLIENT, E2E_WHOOP_PORT } from './support/openai';
import { writeToneWav } from './support/wav';
import { budget } from '../setup/machine-speed.js';

// Steps 11 (goals, with voice input) and 12 (devices). One worker runs this file: the fake OpenAI has one fixed port.
test.describe.configure({ mode: 'default' });

const GOALS_MESSAGE = 'Please enter your health goals before proceeding.';
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
let whoop: FakeWhoop;
test.beforeAll(async () => {
  // The e2e server reaches Whoop at this port (playwright.config.ts).
  whoop = await startFakeWhoop({ ...E2E_WHOOP_CLIENT, port: E2E_WHOOP_PORT });
  // The e2e server was started with OPENAI_BASE_URL on this port (playwright.config.ts); another spec
  // may hold the port for a while (the fakes take turns with it).
  test.setTimeout(budget(150_000));
  openai = await startFakeOpenAI({ transcript: '', apiKey: E2E_OPENAI_KEY, port: E2E_OPENAI_PORT });
});
test.afterEach(() => {
  openai.failWith(null);
  openai.setDelay(0);
});
test.afterAll(async () => {
  await whoop?.stop();
  await openai?.stop();
});

/** A new signed-in user who has done every step before the goals (step 11), or before the devices with `goals`. */
async function signUpAtGoals(users: Users, goals: string | null = null): Promise<string> {
  const early = { 'date-of-birth': { date_of_birth: '1985-04-12' }, weight: { current_weight: 90, desired_weight: 82 }, 'biohacking-experience': { biohacking_experience: 'Taking action' } };
  const user = await users.create({ firstName: 'Theo', lastName: 'Vance', at: goals ? 'devices' : 'health-goals', answers: { ...early, ...(goals ? { 'health-goals': { health_goals: goals } } : {}) } });
  return user.email;
}

async function userRow(email: string) {
  const [row] = await query<{ healthGoals: string | null; devicesIntegrated: boolean }>('SELECT "healthGoals", "devicesIntegrated" FROM users WHERE email = $1', [email]);
  return row!;
}

const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const selection = (page: Page) =>
  page.getByPlaceholder('Describe your health goals...').evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd, document.activeElement === el]);

/** Records until the recorder has audio data (the page's MediaRecorder reports a chunk), then stops. */
async function dictate(page: Page) {
  await page.getByRole('button', { name: 'Start voice input' }).click();
  const stop = page.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { e2eAudioChunks?: number }).e2eAudioChunks ?? 0)).toBeGreaterThan(0);
  await stop.click();
}

/** Counts the MediaRecorder's data events, so tests wait for recorded audio rather than for a time. */
function countAudioChunks(page: Page) {
  return page.addInitScript(() => {
    const start = MediaRecorder.prototype.start;
    MediaRecorder.prototype.start = function (this: MediaRecorder, timeslice?: number) {
      this.addEventListener('dataavailable', () => {
        const w = window as unknown as { e2eAudioChunks?: number };
        w.e2eAudioChunks = (w.e2eAudioChunks ?? 0) + 1;
      });
      (window as unknown as { e2eAudioChunks?: number }).e2eAudioChunks = 0;
      return start.call(this, timeslice ?? 250);
    };
  });
}

test.describe('/onboarding_11, health goals', () => {
  test('dictated goals go in at the cursor and over a selection, and Next saves them', async ({ page, users }) => {
    const email = await signUpAtGoals(users);
    await countAudioChunks(page);
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
    await expect.poll(() => page.evaluate(() => (window as unknown as { e2eAudioChunks?: number }).e2eAudioChunks ?? 0)).toBeGreaterThan(1);
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
    await dictate(page);
    await expect(goals).toHaveValue('Lift heavier and recover faster. Sleep deeper.');
    expect(await selection(page)).toEqual([45, 45, true]);
    expect(openai.uploads).toHaveLength(2);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/onboarding_12$/);
    expect((await userRow(email)).healthGoals).toBe('Lift heavier and recover faster. Sleep deeper.');
  });

  test('blank goals are blocked, and failed saves and transcriptions say so', async ({ context, page, users }) => {
    const email = await signUpAtGoals(users);
    await countAudioChunks(page);
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
    await dictate(page);
    await expect(alertWith(page, 'Failed to transcribe audio')).toBeVisible();
    await expect(goals).toHaveValue('More energy');
    openai.failWith(null);

    await users.signOutElsewhere();
    await next.click();
    await expect(alertWith(page, 'Failed to update health goals')).toContainText('Not authenticated');
    await users.signIn(email, users.current().password);
    await context.setOffline(true);
    await next.click();
    await expect(alertWith(page, 'An error occurred while updating your goals.')).toBeVisible();
    await context.setOffline(false);
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
  test('"Order here" leads to the shop, whose Back returns to the devices step', async ({ page, users }) => {
    await signUpAtGoals(users, 'Sleep better.');
    await page.goto('/onboarding_12');
    await page.getByRole('link', { name: "Don't have one yet? Order here" }).click();
    await expect(page).toHaveURL(/\/order_devices\?origin=/);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/onboarding_12$/);
    await expect(page.getByRole('heading', { name: 'Got a wearable device?' })).toBeVisible();
    // No device to connect: the history the member already has can be imported from this step.
    await page.getByText('No device to connect? Import the data you already have').click();
    await expect(page.getByTestId('onboarding-import').getByText('Import your history', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Import your history (an export zip or a Garmin .fit file)')).toBeAttached();
    await page.screenshot({ path: 'test-results/onboarding-import.png', fullPage: true });
  });

  test('shows the five cards, waits for the token checks, and Next saves devicesIntegrated', async ({ context, page, users }) => {
    const email = await signUpAtGoals(users);
    await page.goto('/onboarding_12');
    await expect(page).toHaveURL(/\/onboarding_11$/);
    const saved = await page.request.post('/api/update_health_goals', { data: { health_goals: 'Sleep better.' }, headers: { origin: new URL(page.url()).origin } });
    expect(saved.status()).toBe(200);

    // The token checks held on their way to the server until the in-flight state has been seen (a slow network
    // of 3 s, as before, was over before a slow day's page had drawn it): loading cards, a spinner for Next.
    const held: Route[] = [];
    let released = false;
    await page.route(/\/api\/\w+_token_exists$/, (route) => (released ? route.continue() : void held.push(route)));
    await page.goto('/onboarding_12');
    // The in-flight state first, while the held token checks have not answered.
    await expect(page.getByRole('status', { name: 'Checking your devices' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Connect Whoop/ })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Got a wearable device?' })).toBeVisible();
    await expect(page.getByText('Connect it now for better insights', { exact: true })).toBeVisible();
    await expect(page.getByText('You can connect multiple devices - the more data, the more personalised your experience!', { exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Step 12 of 14' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_11');
    // Let them go on to the server, and every later one straight through.
    released = true;
    for (const route of held.splice(0)) await route.continue();

    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeVisible();
    // The e2e server has OAuth clients for Whoop only (playwright.config.ts): the others are unavailable, not broken.
    for (const title of ['Connect Oura Ring', 'Connect Withings Scale']) {
      const card = page.getByRole('button', { name: new RegExp(`^${title}`) });
      await expect(card).toBeDisabled();
      await expect(card).toContainText('Unavailable');
      await expect(card).toContainText('Can’t be connected to Vitality. Continue, and import its history from its app on My devices.');
    }
    await expect(page.getByRole('button', { name: /^Connect Whoop/ })).toBeEnabled();

    await page.getByRole('button', { name: /^Connect Apple Watch/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Apple Watch' });
    await expect(dialog).toContainText('Apple Watch integration will be available through the iOS app.');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: "Don't have one yet? Order here" })).toHaveAttribute('href', '/order_devices?origin=/onboarding_12');

    await users.signOutElsewhere();
    await next.click();
    await expect(alertWith(page, 'Failed to confirm devices integration. Please try again.')).toBeVisible();
    await users.signIn(email, users.current().password);
    await context.setOffline(true);
    await next.click();
    await expect(alertWith(page, 'An error occurred while updating your device status.')).toBeVisible();
    expect((await userRow(email)).devicesIntegrated).toBe(false);

    await context.setOffline(false);
    await next.click();
    await expect(page).toHaveURL(/\/onboarding_13$/);
    expect((await userRow(email)).devicesIntegrated).toBe(true);
  });

  test('Connect Whoop completes the popup against the fake consent page, and the card shows Connected', async ({ page, users }) => {
    const email = await signUpAtGoals(users, 'Sleep better.');
    await page.goto('/onboarding_12');
    const whoopCard = page.getByRole('button', { name: /^Connect Whoop/ });
    await expect(whoopCard).toBeEnabled();

    // Denied at the provider: the popup says so, and the card can be tried again.
    let opened = page.waitForEvent('popup');
    await whoopCard.click();
    let popup = await opened;
    await popup.getByRole('link', { name: 'Deny' }).click();
    await expect(popup.getByRole('heading', { name: 'Failed to integrate Whoop' })).toBeVisible();
    // The button closes its own window, which can end the click before Playwright's checks after it:
    // that is the button working, so only an error while the popup is still open counts.
    const deniedClosed = popup.waitForEvent('close');
    await popup
      .getByRole('button', { name: 'Close window' })
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    await deniedClosed;
    await expect(whoopCard).toBeEnabled();
    await expect(whoopCard).not.toContainText('Connected');
    expect(await query('SELECT 1 FROM wearable_connections c JOIN users u ON u.id = c."userId" WHERE u.email = $1', [email])).toHaveLength(0);

    // Allowed: the server exchanges the code, the popup tells the page and closes.
    opened = page.waitForEvent('popup');
    await whoopCard.click();
    popup = await opened;
    const closed = popup.waitForEvent('close');
    await popup.getByRole('link', { name: 'Allow' }).click();
    await closed;
    // A connected card is no longer a button: it shows the Connected badge. The page asks the server again
    // once the popup has closed; under the full CI load that answer once came after Playwright's 5 s.
    await expect(page.getByRole('button', { name: /^Connect Whoop/ })).toHaveCount(0, { timeout: budget(30_000) });
    await expect(page.getByText('Connect Whoop', { exact: true }).locator('xpath=../..')).toContainText('Connected');
    const [row] = await query<{ status: string; access: string }>(
      'SELECT c.status::text AS status, c."accessTokenEncrypted" AS access FROM wearable_connections c JOIN users u ON u.id = c."userId" WHERE u.email = $1',
      [email],
    );
    expect(row!.status).toBe('connected');
    expect(row!.access).toMatch(/^v1\./);
    expect(row!.access).not.toContain('whoop-access-');
  });
});

test.describe('/my_devices', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Connect completes the popup against the fake Whoop, the backfill syncs with progress, the dashboard shows Whoop’s data, and Disconnect removes it', async ({ page, users }) => {
    const { email } = await users.create({ onboarded: true });
    const today = new Date().toISOString().slice(0, 10);
    // 30 days of history, each page a little slow, so the sync can be watched.
    whoop.setHistory({ days: 30, lastDay: today });
    whoop.setRateLimit(0);
    whoop.setDataDelay(400);
    await page.goto('/my_devices');
    await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible();
    const whoopCard = page.getByRole('region', { name: 'Whoop' });
    await expect(whoopCard.getByText('Not connected')).toBeVisible();
    // Oura and Withings have no OAuth client on the e2e server.
    // Quietly: a badge and what to do instead, and no button that looks clickable.
    for (const name of ['Oura Ring', 'Withings Scale']) {
      const card = page.getByRole('region', { name });
      await expect(card.getByText('Unavailable')).toBeVisible();
      await expect(card).toContainText(`${name} can’t be connected to Vitality. Import the export from its app above to bring in your history.`);
      await expect(card.getByRole('button')).toHaveCount(0);
    }

    const opened = page.waitForEvent('popup');
    await whoopCard.getByRole('button', { name: 'Connect Whoop' }).click();
    const popup = await opened;
    const closed = popup.waitForEvent('close');
    await popup.getByRole('link', { name: 'Allow' }).click();
    await closed;
    // The backfill runs on the job queue: the card shows it, with its progress, then the last sync.
    await expect(whoopCard.getByText('Syncing', { exact: true })).toBeVisible();
    await expect(whoopCard.getByRole('progressbar', { name: 'Whoop sync progress' })).toBeVisible();
    await page.screenshot({ path: 'test-results/my-devices-syncing.png', fullPage: true });
    await expect(whoopCard.getByText('Connected', { exact: true })).toBeVisible({ timeout: budget(30_000) });
    await expect(whoopCard.getByText(/^Last sync: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    whoop.setDataDelay(0);
    const rows = () => query<{ access: string }>('SELECT c."accessTokenEncrypted" AS access FROM wearable_connections c JOIN users u ON u.id = c."userId" WHERE u.email = $1', [email]);
    expect((await rows())[0]!.access).toMatch(/^v1\./);
    await page.screenshot({ path: 'test-results/my-devices.png', fullPage: true });

    // The backfilled days are in the database, with Whoop's own figures.
    const days = await query<{ day: string; sleepScore: number }>(
      `SELECT to_char(m.day, 'YYYY-MM-DD') AS day, m."sleepScore" FROM daily_metrics m JOIN users u ON u.id = m."userId" WHERE u.email = $1 AND m.source = 'whoop' ORDER BY m.day`,
      [email],
    );
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: today, sleepScore: whoopFiguresFor(29).performance });
    // No token anywhere in the page.
    expect(await page.content()).not.toMatch(/whoop-(access|refresh)-/);

    // The dashboard picks Whoop's figures (the only source this member has).
    await page.goto('/main_dashboard');
    await expect(page.getByTestId('sleep-score')).toHaveText(String(whoopFiguresFor(29).performance));
    await page.goto('/my_devices');
    // Where the figures come from: Whoop's 30 days, named, dated, and no demonstration note.
    const sources = page.getByTestId('data-sources');
    await expect(sources.getByRole('listitem').filter({ hasText: 'Whoop' })).toContainText('30 days');
    await expect(sources).not.toContainText('demo account');

    // Sync now queues another (incremental) sync, which ends with a new last-sync time.
    await whoopCard.getByRole('button', { name: 'Sync now' }).click();
    await expect(whoopCard.getByText('Connected', { exact: true })).toBeVisible({ timeout: budget(30_000) });

    // The page after a reload says the same.
    await page.reload();
    await expect(whoopCard.getByText('Connected', { exact: true })).toBeVisible();

    await whoopCard.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Whoop?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(whoopCard.getByText('Not connected')).toBeVisible();
    expect(await rows()).toHaveLength(0);

    await page.getByRole('button', { name: 'How to connect' }).click();
    await expect(page.getByRole('dialog', { name: 'Apple Watch' })).toContainText('Apple Watch integration is via iOS app.');
    await page.getByRole('button', { name: 'Got it' }).click();
  });

  test('Companion app: a device token is made and shown once, sends Apple Health data, and stops when revoked', async ({ page, users }) => {
    const { email } = await users.create({ onboarded: true });
    await page.goto('/my_devices');
    // This server has the iPhone app (IOS_APP_URL): the Apple Watch card says where to get it.
    await expect(page.getByRole('link', { name: 'Get the iPhone app' })).toHaveAttribute('href', 'https://apps.apple.com/app/id0000000000');
    const card = page.getByRole('region', { name: 'Companion app (Apple Health)' });
    await expect(card.getByText('No device tokens yet.')).toBeVisible();
    await card.getByRole('textbox', { name: 'Device name' }).fill("Alex's iPhone");
    await card.getByRole('button', { name: 'Make a token' }).click();
    const shown = card.getByTestId('new-device-token');
    await expect(shown).toHaveText(/^vtd_/);
    const token = (await shown.textContent())!;
    await expect(card.getByText("Alex's iPhone", { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/my-devices-tokens.png', fullPage: true });

    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const send = () =>
      page.request.post('/api/ingest/apple-health', {
        headers: { authorization: `Bearer ${token}` },
        data: { samples: [{ uuid: 'E2E-STEPS-1', type: 'HKQuantityTypeIdentifierStepCount', value: 7100, unit: 'count', start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` }] },
      });
    expect((await send()).status()).toBe(200);
    const [row] = await query<{ steps: number }>(`SELECT m.steps FROM daily_metrics m JOIN users u ON u.id = m."userId" WHERE u.email = $1 AND m.source = 'apple_health'`, [email]);
    expect(row!.steps).toBe(7100);

    // Revoking asks first; keeping it changes nothing.
    await card.getByRole('button', { name: "Revoke the token for Alex's iPhone" }).click();
    const confirm = page.getByRole('dialog', { name: "Revoke the token for Alex's iPhone?" });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    expect((await send()).status()).toBe(200);
    await card.getByRole('button', { name: "Revoke the token for Alex's iPhone" }).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(card.getByText('No device tokens yet.')).toBeVisible();
    expect((await send()).status()).toBe(401);
  });
});

test.describe('/devices-integrated (the older devices screen)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('shows the wearable cards, and Next confirms with POST /api/devices-integrated, then goes on through /dashboard; once confirmed it goes there at once', async ({ page, users }) => {
    const email = await signUpAtGoals(users, 'Sleep better.');
    await page.goto('/devices-integrated');
    await expect(page.getByRole('heading', { level: 1, name: 'Connect your devices' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Connect Whoop/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: /^Connect Apple Watch/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/devices-integrated.png', fullPage: true });
    const confirmed = page.waitForResponse((response) => response.url().endsWith('/api/devices-integrated') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Next' }).click();
    expect((await confirmed).status()).toBe(200);
    // /dashboard goes to /main_dashboard, which resumes the onboarding at its next missing step (the track).
    await expect(page).toHaveURL(/\/onboarding_13$/);
    expect((await userRow(email)).devicesIntegrated).toBe(true);

    await page.goto('/devices-integrated');
    await expect(page).toHaveURL(/\/onboarding_13$/);
  });
});
