// A new member with no device imports the Apple Health history they already have: on /my_devices they
// upload the Health app's export.zip, watch it being read, read the preview, confirm, and land on a
// dashboard whose steps, heart rate, weight and T-Score come from it, each saying so.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bloodPressureXml, exportXml, exportZip, recordXml } from '@/tests/support/apple-health-export';
import { garminConnectZip } from '@/tests/support/garmin-export';
import { ouraZip } from '@/tests/support/oura-export';
import { whoopZip } from '@/tests/support/whoop-export';
import { withingsZip } from '@/tests/support/withings-export';
import { expect, test } from './support/fixtures';
import { query } from './support/database';
import { expectAccessible } from './support/page-checks';
import { budget } from '../setup/machine-speed.js';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const grouped = (n: number) => n.toLocaleString('en-GB');

/**
 * 14 days up to today (UTC) of a Watch's steps, resting heart rate, HRV and sleep, and a scale's weight (today's
 * weighing, as the scale's sync into Apple Health stands beside the weight typed at sign-up, comes first).
 */
function history() {
  const days = Array.from({ length: 14 }, (_, i) => isoDay(Date.now() - (13 - i) * DAY_MS));
  const steps = days.map((_, i) => 7000 + 250 * i);
  const records = days.flatMap((day, i) => [
    recordXml({ type: 'HKQuantityTypeIdentifierStepCount', value: steps[i]!, unit: 'count', start: `${day} 12:00:00 +0000` }),
    recordXml({ type: 'HKQuantityTypeIdentifierRestingHeartRate', value: 58 + (i % 3), unit: 'count/min', start: `${day} 06:00:00 +0000` }),
    recordXml({ type: 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN', value: 45 + (i % 5), unit: 'ms', start: `${day} 03:00:00 +0000` }),
    recordXml({ type: 'HKQuantityTypeIdentifierBodyMass', value: 188 - i / 5, unit: 'lb', start: `${day} 07:00:00 +0000`, source: 'Withings' }),
    recordXml({ type: 'HKCategoryTypeIdentifierSleepAnalysis', value: 'HKCategoryValueSleepAnalysisAsleepCore', start: `${day} 00:00:00 +0000`, end: `${day} 07:00:00 +0000` }),
    // The Watch's heart rate through the day: two readings in one 5-minute window, one in another.
    recordXml({ type: 'HKQuantityTypeIdentifierHeartRate', value: 62, unit: 'count/min', start: `${day} 10:00:00 +0000` }),
    recordXml({ type: 'HKQuantityTypeIdentifierHeartRate', value: 70, unit: 'count/min', start: `${day} 10:03:00 +0000` }),
    recordXml({ type: 'HKQuantityTypeIdentifierHeartRate', value: 84, unit: 'count/min', start: `${day} 16:00:00 +0000` }),
  ]);
  return { days, steps, zip: Buffer.from(exportZip(exportXml(records.join('') + bloodPressureXml(124, 80, `${days.at(-1)} 08:00:00 +0000`)))) };
}

test('a new member imports an Apple Health export, watches it read, confirms the preview, and the dashboard fills from it', async ({ page, users }) => {
  test.slow();
  await users.create({ onboarded: true });
  const { days, steps, zip } = history();

  await page.goto('/my_devices');
  await expect(page.getByRole('heading', { name: 'Import your history' })).toBeVisible();
  const input = page.getByLabel('Import your history (an export zip or a Garmin .fit file)');
  // The panel's live part (TanStack Query's island) comes after the page's load; until then its controls wait, disabled.
  await expect(input).toBeEnabled();
  await input.setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
  // Read by the job process, then previewed: nothing is stored until confirmed.
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('14 days from', { timeout: budget(30_000) });
  await expect(preview).toContainText('Steps on 14 days, sleep on 14 days, resting heart rate on 14 days, heart-rate variability on 14 days, weight on 14 days');
  await expect(preview).toContainText('14 days will be added');
  await expect(preview).toContainText('Heart rate through the day: 28 five-minute averages.');
  await page.screenshot({ path: 'test-results/history-import-preview.png', fullPage: true });
  await page.getByRole('button', { name: 'Import 14 days' }).click();
  const imports = page.getByRole('list', { name: 'Your imports' });
  await expect(imports).toContainText('export.zip');
  await expect(imports).toContainText('14 days');

  // The dashboard: this week's steps (the 6 full days before today), heart rate from the readings,
  // the weight from the scale's last weighing in the export, each with its source.
  await page.goto('/main_dashboard');
  const week = steps.slice(-7, -1);
  await expect(page.getByTestId('steps-this-week')).toHaveText(grouped(Math.round(week.reduce((a, b) => a + b, 0) / week.length)));
  await expect(page.getByTestId('steps-from')).toContainText('your imported Apple Health history');
  // Heart rate from the Watch's readings through the day, kept as 5-minute averages: (66 + 84) / 2 each day.
  await expect(page.getByTestId('hr-this-week')).toContainText('75');
  await expect(page.getByTestId('hr-from')).toContainText('your imported Apple Health history');
  await expect(page.getByTestId('weight-from')).toContainText(`Apple Health (imported), ${new Date(`${days.at(-1)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`);
  await expect(page.getByTestId('blood-pressure')).toHaveText('124/80mmHg');
  // Apple Health gives no sleep score: the card shows last night's time asleep from the export instead.
  await expect(page.getByTestId('sleep-duration')).toContainText('7 h');
  await expect(page.getByTestId('sleep-duration-from')).toContainText('your imported Apple Health history');
  // The checklist ticks its first step.
  await expect(page.getByTestId('start-data')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('getting-started-progress')).toHaveText('1 of 5 done');
  // Two weeks of data: the T-Score is no longer waiting for seven days.
  await expect(page.getByText(/of the 7 days needed/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/history-import-dashboard.png', fullPage: true });

  // Removing the import takes its days with it.
  await page.goto('/my_devices');
  await imports.getByRole('button', { name: 'Remove export.zip' }).click();
  await imports.getByRole('button', { name: 'Remove export.zip' }).click();
  await expect(page.getByRole('list', { name: 'Your imports' })).toHaveCount(0);
  await page.goto('/main_dashboard');
  // With nothing in either week, the steps section is one line saying how to fill it.
  await expect(page.getByTestId('steps-empty')).toBeVisible();
  await expect(page.getByTestId('steps-this-week')).toHaveCount(0);
});

/** The 14 days up to today (UTC), oldest first. */
const fortnight = () => Array.from({ length: 14 }, (_, i) => isoDay(Date.now() - (13 - i) * DAY_MS));

const VENDORS = [
  {
    vendor: 'Garmin',
    file: 'garmin_export.zip',
    zip: () => garminConnectZip(fortnight().map((day, i) => ({ day, steps: 9000 + 100 * i, restingHeartRate: 51 }))),
    shows: ['steps-from', 'your imported Garmin history'],
    days: 14,
  },
  {
    vendor: 'Whoop',
    file: 'my_whoop_data.zip',
    zip: () => whoopZip(fortnight().map((day, i) => ({ start: `${isoDay(Date.parse(day) - DAY_MS)} 23:00:00`, wake: `${day} 07:00:00`, recovery: 60 + i, restingHeartRate: 53, hrv: 58, sleepPerformance: 84, asleep: 430, respiratoryRate: 14.9, energy: 2500 }))),
    shows: ['hr-from', 'your imported Whoop history'],
    // Each cycle's energy is filed with its night, on the day of waking, as the Whoop app shows it: 14 days, not 15.
    days: 14,
  },
  {
    vendor: 'Oura',
    file: 'oura_data.zip',
    zip: () => ouraZip(fortnight().map((day) => ({ day, sleepScore: 81, readiness: 74, sleepSeconds: 26_100, lowestHeartRate: 50, hrv: 57, breath: 14.5 }))),
    shows: ['sleep-from', 'your imported Oura history'],
    days: 14,
  },
  {
    vendor: 'Withings',
    file: 'withings_data.zip',
    zip: () => withingsZip(fortnight().map((day, i) => ({ day, weightKg: 86 - i / 10, fatKg: 17 }))),
    shows: ['weight-from', 'Withings (imported)'],
    days: 14,
  },
] as const;

for (const { vendor, file, zip, shows, days } of VENDORS) {
  test(`a new member imports an export from ${vendor}, confirms its preview, and the dashboard names it as the source`, async ({ page, users }) => {
    await users.create({ onboarded: true });
    await page.goto('/my_devices');
    await expect(page.getByRole('list', { name: 'Where to get your export' })).toContainText(`${vendor}:`);
    const input = page.getByLabel('Import your history (an export zip or a Garmin .fit file)');
    await expect(input).toBeEnabled();
    await input.setInputFiles({ name: file, mimeType: 'application/zip', buffer: Buffer.from(zip()) });
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText(`${days} days from`, { timeout: budget(30_000) });
    await expect(preview).toContainText(`${days} days will be added`);
    await expect(preview).toContainText(`From ${vendor}.`);
    await page.getByRole('button', { name: `Import ${days} days` }).click();
    await expect(page.getByRole('list', { name: 'Your imports' })).toContainText(file);

    await page.goto('/main_dashboard');
    await expect(page.getByTestId(shows[0])).toContainText(shows[1]);
  });
}

// A real file from a scale two people share (python-fitparse's WeightScaleMultiUser.fit, MIT:
// tests/fixtures/imports/fit/README.md) holds a man of 47, 179 cm, weighing 75.8 kg and a woman of 52, 155 cm,
// weighing 58.2 kg, on 9 September 2009. This member (born 1985, 180 cm) was 24 then: neither profile is
// clearly his, so the preview asks, stores no weight until he answers, and then stores only the one he chose.
test('a file from a scale two people share asks which person the member is, and stores only his weigh-ins', async ({ page, users }) => {
  const user = await users.create({ onboarded: true });
  await page.goto('/my_devices');
  const input = page.getByLabel('Import your history (an export zip or a Garmin .fit file)');
  await input.setInputFiles({ name: 'WeightScaleMultiUser.fit', mimeType: 'application/octet-stream', buffer: readFileSync(path.join('tests/fixtures/imports/fit', 'WeightScaleMultiUser.fit')) });
  const people = page.getByRole('group', { name: 'The scale holds weigh-ins of several people. Which one are you?' });
  await expect(people).toBeVisible({ timeout: budget(30_000) });
  await expect(people.getByRole('radio')).toHaveCount(3);
  await expect(people.getByText('Man, 47, 179 cm')).toBeVisible();
  await expect(people).toContainText('9 Sept 2009: 75.8 kg');
  await expect(people).toContainText('58.2 kg');
  // No count until he answers: it depends on whose weigh-ins he takes.
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expect(page.getByTestId('import-preview')).toContainText('Besides the weigh-ins below, it holds none of the figures Vitality reads.');
  await expectAccessible(page);
  await page.getByTestId('import-preview').locator('..').screenshot({ path: 'test-results/import-shared-scale.png' });

  await people.getByRole('radio', { name: /^None of these/ }).check();
  await expect(page.getByRole('button', { name: 'Import 0 days' })).toBeEnabled();
  await people.getByRole('radio', { name: /^Man, 47, 179 cm/ }).check();
  await page.getByRole('button', { name: 'Import 1 day' }).click();
  await expect(page.getByRole('list', { name: 'Your imports' })).toContainText('WeightScaleMultiUser.fit');
  const rows = await query<{ day: string; kg: number }>(
    `SELECT to_char(m.day, 'YYYY-MM-DD') AS day, m."weightKg" AS kg FROM daily_metrics m JOIN users u ON u.id = m."userId" WHERE u.email = $1 AND m."weightKg" IS NOT NULL ORDER BY m.day`,
    [user.email],
  );
  expect(rows.filter((row) => row.day.startsWith('2009'))).toEqual([{ day: '2009-09-09', kg: 75.8 }]);
});
