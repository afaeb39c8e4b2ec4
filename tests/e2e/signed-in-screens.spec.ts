// Every signed-in page at 1440×900, as three members see it: a new member with no data, a member after one
// history import, and the demo member with months of data. The screenshots are saved for people to look at
// (test-results/screens/<member>/<page>.png); each visit is also checked by axe (support/page-checks.ts)
// and for console errors, and each page must answer with its own heading. A page that shows nothing of the
// member (the FAQ, the pillars, 'Coming soon') is one page state, taken once, as the new member.
import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { exportXml, exportZip, recordXml } from '@/tests/support/apple-health-export';
import { appHeaders } from './support/client-address';
import { expect, test } from './support/fixtures';
import { budget } from '../setup/machine-speed.js';

const PAGES = [
  'main_dashboard',
  'insights',
  'insights_zoom',
  'my_actions',
  'my_devices',
  'my_results',
  'profile',
  'complete-profile',
  'settings',
  'daily_checkins',
  'weekly_checkin',
  'chat',
  'help',
  'instructions',
  'refer_a_friend',
  'master_your_mind',
  'fuel_and_build',
  'recharge_and_strengthen',
  'connect_and_lead',
  'experiments',
] as const;
type SignedInPage = (typeof PAGES)[number];

/** Pages whose content is the same for every member: the signed-in shell around fixed text. */
const SAME_FOR_EVERY_MEMBER = new Set<SignedInPage>(['help', 'refer_a_friend', 'master_your_mind', 'fuel_and_build', 'recharge_and_strengthen', 'connect_and_lead']);

// As a member in London who allows the location (the dashboard's supplements and the insights lists need it).
test.use({ viewport: { width: 1440, height: 900 }, permissions: ['geolocation'], geolocation: { latitude: 51.5072, longitude: -0.1276 } });

async function shootEvery(page: Page, member: string, pages: readonly SignedInPage[] = PAGES) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const name of pages) {
    await page.goto(`/${name}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Cards that load after the first paint (charts, queries) settle before the picture.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `test-results/screens/${member}/${name}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
}

/** The pages whose state depends on the member's data. */
const MEMBER_PAGES = PAGES.filter((name) => !SAME_FOR_EVERY_MEMBER.has(name));

test('every signed-in page, as a new member sees it on day one, after the onboarding scan and a first check-in', async ({ page, users, baseURL }) => {
  test.slow();
  const member = await users.create({ onboarded: true });
  const headers = appHeaders(baseURL!, member.address);
  // The camera scan of onboarding's step 9, and the day's check-in, as the pages send them.
  const scan = await page.request.post('/api/update_shen_ai', { data: { heart_rate_bpm: 64.4, hrv_sdnn_ms: 41.2, breathing_rate_bpm: 14.2, average_signal_quality: 0.82, engine: 'builtin' }, headers });
  expect(scan.status(), await scan.text()).toBeLessThan(300);
  const checkin = await page.request.post('/api/checkin', { data: { mood: 'happy', energy: 'low', symptoms: [], reflection: [] }, headers });
  expect(checkin.status(), await checkin.text()).toBeLessThan(300);
  // Day one's figures, not placeholders: the scan's heart rate, said to be the camera's.
  await page.goto('/main_dashboard');
  await expect(page.getByTestId('hr-this-week')).toHaveText('64bpm');
  await expect(page.getByTestId('hr-kind')).toHaveText(' · camera scan');
  await expect(page.getByTestId('hr-from')).toHaveText('From your camera scan.');
  await shootEvery(page, 'new-member');
});

test('every signed-in page, after one history import', async ({ page, users, baseURL }) => {
  test.slow();
  const member = await users.create({ onboarded: true });
  // 30 days up to today of steps, resting heart rate, HRV, sleep and weight, through the real upload and job.
  const days = Array.from({ length: 30 }, (_, i) => new Date(Date.now() - (29 - i) * 86_400_000).toISOString().slice(0, 10));
  const records = days.flatMap((day, i) => [
    recordXml({ type: 'HKQuantityTypeIdentifierStepCount', value: 6500 + ((i * 731) % 4000), unit: 'count', start: `${day} 12:00:00 +0000` }),
    recordXml({ type: 'HKQuantityTypeIdentifierRestingHeartRate', value: 56 + (i % 5), unit: 'count/min', start: `${day} 06:00:00 +0000` }),
    recordXml({ type: 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN', value: 42 + ((i * 7) % 12), unit: 'ms', start: `${day} 03:00:00 +0000` }),
    recordXml({ type: 'HKQuantityTypeIdentifierBodyMass', value: 86 - i / 20, unit: 'kg', start: `${day} 07:00:00 +0000`, source: 'Withings' }),
    recordXml({ type: 'HKCategoryTypeIdentifierSleepAnalysis', value: 'HKCategoryValueSleepAnalysisAsleepCore', start: `${day} 00:00:00 +0000`, end: `${day} 0${6 + (i % 3)}:30:00 +0000` }),
  ]);
  const headers = { ...appHeaders(baseURL!, member.address), 'content-type': 'application/zip', 'x-file-name': 'export.zip' };
  const upload = await page.request.post('/api/imports', { data: Buffer.from(exportZip(exportXml(records.join('')))), headers });
  expect(upload.status()).toBe(201);
  const { import: created } = (await upload.json()) as { import: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/imports/${created.id}`)).json()) as { import: { status: string } }).import.status, { timeout: budget(30_000) }).toBe('previewed');
  expect((await page.request.post(`/api/imports/${created.id}/confirm`, { headers: appHeaders(baseURL!, member.address) })).status()).toBe(200);
  await shootEvery(page, 'after-import', MEMBER_PAGES);
});

test.describe('as the demo member', () => {
  test.use({ signedInAsDemo: true });
  test('every signed-in page, with months of data', async ({ page }) => {
    test.slow();
    await shootEvery(page, 'demo', MEMBER_PAGES);
  });
});
