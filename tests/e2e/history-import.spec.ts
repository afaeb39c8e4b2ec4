// A new member with no device imports the Apple Health history they already have: on /my_devices they
// upload the Health app's export.zip, watch it being read, read the preview, confirm, and land on a
// dashboard whose steps, heart rate, weight and T-Score come from it, each saying so.
import { Buffer } from 'node:buffer';
import { bloodPressureXml, exportXml, exportZip, recordXml } from '@/tests/support/apple-health-export';
import { expect, test } from './support/fixtures';

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
  ]);
  return { days, steps, zip: Buffer.from(exportZip(exportXml(records.join('') + bloodPressureXml(124, 80, `${days.at(-1)} 08:00:00 +0000`)))) };
}

test('a new member imports an Apple Health export, watches it read, confirms the preview, and the dashboard fills from it', async ({ page, users }) => {
  test.slow();
  await users.create({ onboarded: true });
  const { days, steps, zip } = history();

  await page.goto('/my_devices');
  await expect(page.getByRole('heading', { name: 'Import your history' })).toBeVisible();
  await page.getByLabel('Import your history (Apple Health or Whoop export zip)').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
  // Read by the job process, then previewed: nothing is stored until confirmed.
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('14 days from', { timeout: 30_000 });
  await expect(preview).toContainText('Steps on 14 days, sleep on 14 days, resting heart rate on 14 days, heart-rate variability on 14 days, weight on 14 days');
  await expect(preview).toContainText('14 days will be added');
  await page.screenshot({ path: 'test-results/history-import-preview.png', fullPage: true });
  await page.getByRole('button', { name: 'Import 14 days' }).click();
  const imports = page.getByRole('list', { name: 'Your imports' });
  await expect(imports).toContainText('export.zip');
  await expect(imports).toContainText('14 days');

  // The dashboard: this week's steps (the 6 full days before today), heart rate from the resting rates,
  // the weight from the scale's last weighing in the export, each with its source.
  await page.goto('/main_dashboard');
  const week = steps.slice(-7, -1);
  await expect(page.getByTestId('steps-this-week')).toHaveText(grouped(Math.round(week.reduce((a, b) => a + b, 0) / week.length)));
  await expect(page.getByTestId('steps-from')).toContainText('your imported Apple Health history');
  await expect(page.getByTestId('hr-from')).toContainText('your imported Apple Health history');
  await expect(page.getByTestId('weight-from')).toContainText(`Apple Health (imported), ${new Date(`${days.at(-1)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`);
  await expect(page.getByTestId('blood-pressure')).toHaveText('124/80mmHg');
  // Two weeks of data: the T-Score is no longer waiting for seven days.
  await expect(page.getByText(/of the 7 days needed/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/history-import-dashboard.png', fullPage: true });

  // Removing the import takes its days with it.
  await page.goto('/my_devices');
  await imports.getByRole('button', { name: 'Remove export.zip' }).click();
  await imports.getByRole('button', { name: 'Remove export.zip' }).click();
  await expect(page.getByRole('list', { name: 'Your imports' })).toHaveCount(0);
  await page.goto('/main_dashboard');
  await expect(page.getByTestId('steps-this-week')).toContainText('–');
});
