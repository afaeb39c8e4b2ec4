import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/page-checks';
import { scanBrowser, scanRows } from './support/scan-browser';
import { budget } from '../setup/machine-speed.js';

// Step 9 without a camera (this project's browsers have none): the user reads why and goes on. And with
// Chromium's own fake camera, whose moving pattern has no face: a browser of its own, and no measurement
// (a face finder ends the scan in seconds, so this runs beside the other tests, not with the timed scans).
test('without a camera, step 9 says what to do and lets the user continue', async ({ page, users }) => {
  await users.create({ at: 'vital-signs-measurement' });
  await page.goto('/onboarding_9');
  await expect(page.getByRole('heading', { name: 'Measure your vital signs' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'The camera isn’t available' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('You can measure later from your weekly check-in.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding_10$/);
});

test('Chromium’s own fake camera, a moving pattern with no face, gives no reading: the scan says no face was found and saves nothing', async ({ baseURL }, testInfo) => {
  const s = await scanBrowser({ video: null, through: 'vital-signs-tutorial', baseURL: baseURL!, worker: testInfo.parallelIndex, tag: 'pattern' });
  try {
    await s.page.goto('/onboarding_9');
    await expect(s.page.getByRole('progressbar', { name: 'Measuring' })).toBeVisible({ timeout: budget(20_000) });
    // The clock waits for a face: it never starts.
    await expect(s.page.getByText('Looking for your face… The scan pauses until it sees you inside the oval.')).toBeVisible();
    await expect(s.page.getByRole('progressbar', { name: 'Measuring' })).toHaveAttribute('aria-valuenow', '0');
    const alert = s.page.getByRole('alert').filter({ hasText: 'No face found' });
    await expect(alert).toBeVisible({ timeout: budget(30_000) });
    await expect(alert).toContainText('The scan measures only while it sees your face, and it saw none.');
    await expect(s.page.getByTestId('scan-result')).toHaveCount(0);
    await expect(s.page.getByText('Your measurement is saved.')).toHaveCount(0);
    await s.page.screenshot({ path: 'test-results/scan-no-face.png' });
    await expectAccessible(s.page);
    expect(await scanRows(s.email)).toHaveLength(0);
    // Another try finds no face either; the member goes on without a measurement.
    await s.page.getByRole('button', { name: 'Scan again' }).click();
    await expect(s.page.getByRole('alert').filter({ hasText: 'No face found' })).toBeVisible({ timeout: budget(30_000) });
    await s.page.getByRole('button', { name: 'Next' }).click();
    await expect(s.page).toHaveURL(/\/onboarding_10$/);
    expect(await scanRows(s.email)).toHaveLength(0);
    expect(s.csp, 'Content Security Policy violations').toEqual([]);
  } finally {
    await s.browser.close();
  }
});
