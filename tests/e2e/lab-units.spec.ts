// One unit system per member. Two members with the same three results (testosterone printed in
// nmol/L, vitamin D in ng/mL, glucose in mmol/L), one on SI (a member in the UK starts there) and one who
// chose conventional units in Settings: every screen, the PDF and the export give each result in his system,
// with the lab's own figure kept beside a converted one. Expected figures from the published factors,
// worked out by hand: testosterone 1 nmol/L = 28.842 ng/dL (14.2 → 410), vitamin D 1 ng/mL = 2.496 nmol/L
// (27.4 → 68.4; the lab's 30 → 74.9), glucose 1 mmol/L = 18.016 mg/dL (5.5 → 99.1).
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { parseCsv } from '@/lib/export/csv';
import { pdfText } from '@/tests/support/pdf-text';
import { query } from './support/database';
import { expectAccessible } from './support/page-checks';
import { expect, test } from './support/fixtures';
import { confirmWithPasswordIfAsked } from './support/step-up';

const SYSTEMS = {
  si: { testosterone: '14.2 nmol/L', vitaminD: '68.4 nmol/L', vitaminDLimit: '74.9', glucose: '5.5 mmol/L', unit: 'nmol/L' },
  conventional: { testosterone: '410 ng/dL', vitaminD: '27.4 ng/mL', vitaminDLimit: '30', glucose: '99.1 mg/dL', unit: 'ng/dL' },
} as const;

for (const system of ['si', 'conventional'] as const) {
  test(`a member on ${system === 'si' ? 'SI' : 'conventional'} units sees testosterone, vitamin D and glucose in them on every screen, in the PDF and the export`, async ({ page, users }) => {
    test.slow();
    const expected = SYSTEMS[system];
    const user = await users.create({ onboarded: true });
    const taken = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const takenWords = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${taken}T00:00:00Z`));
    await query(
      `INSERT INTO lab_results (id, "userId", marker, value, unit, "valueNgDl", "referenceLow", "referenceHigh", "takenAt")
       SELECT gen_random_uuid()::text, u.id, r.marker, r.value, r.unit, r.ngdl, r.low, r.high, $2::date
         FROM users u, (VALUES ('total_testosterone', 14.2, 'nmol/L', 409.6, 8.6, 29.0), ('vitamin_d', 27.4, 'ng/mL', NULL, 30.0, 100.0), ('glucose', 5.5, 'mmol/L', NULL, 3.9, 5.8))
              AS r(marker, value, unit, ngdl, low, high)
        WHERE u.email = $1`,
      [user.email, taken],
    );

    // Settings → Units: a member in the UK starts on SI; the other chooses conventional units.
    await page.goto('/settings');
    const select = page.getByLabel('Blood results');
    await expect(select).toHaveValue('si');
    if (system === 'conventional') {
      await select.selectOption('conventional');
      await expect(page.getByText('Units saved.')).toBeVisible();
    }

    await page.goto('/main_dashboard');
    await expect(page.getByRole('region', { name: 'T-Results', exact: true })).toContainText(`Latest: ${expected.testosterone}`);

    await page.goto('/insights');
    await expect(page.getByRole('region', { name: `Testosterone (${expected.unit})` })).toContainText(`Latest ${expected.testosterone}`);

    await page.goto('/profile');
    const latest = page.getByRole('table', { name: 'Your latest results' });
    await expect(latest.getByRole('row', { name: /^Total testosterone/ })).toContainText(expected.testosterone);
    await expect(latest.getByRole('row', { name: /^Vitamin D/ })).toContainText(expected.vitaminD);
    await expect(latest.getByRole('row', { name: /^Glucose/ })).toContainText(expected.glucose);

    await page.goto('/my_results');
    await expect(page.getByTestId('results-summary')).toContainText(`Vitamin D (25-OH) low (${expected.vitaminD})`);
    await expect(page.getByTestId('result-total_testosterone')).toContainText(`Latest ${expected.testosterone}`);
    await expect(page.getByTestId('result-vitamin_d')).toContainText(`Latest ${expected.vitaminD}`);
    await expect(page.getByTestId('result-glucose')).toContainText(`Latest ${expected.glucose}`);
    // A converted result keeps the lab's own figure and range beside it.
    // A converted result keeps the figure as it was entered (here typed in, not from a report) beside it.
    if (system === 'si') await expect(page.getByTestId('result-vitamin_d')).toContainText('As entered: 27.4 ng/mL (30–100)');
    else await expect(page.getByTestId('result-total_testosterone')).toContainText('As entered: 14.2 nmol/L (8.6–29)');
    // The summary and the matrix, at the desktop size members use, for people to look at.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByText('All results by date (3 markers, 1 test)').click();
    const matrix = page.getByRole('region', { name: 'All results by date' });
    await expect(matrix.getByRole('row', { name: /^Vitamin D/ })).toContainText(expected.vitaminD.split(' ')[0]!);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/my-results-${system}.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Prepare for your doctor (PDF)' }).click()]);
    const pdf = await pdfText(new Uint8Array(await readFile((await download.path())!)));
    for (const line of [`Total testosterone: ${expected.testosterone}`, `Vitamin D (25-OH): ${expected.vitaminD} (LOW)`, `Glucose: ${expected.glucose}`]) expect(pdf).toContain(line);

    // The low vitamin D steers today's actions, its basis in the same units.
    await page.goto('/my_actions');
    await expect(page.getByText(`Why today: Your vitamin D was ${expected.vitaminD} on ${takenWords}, below the lab’s ${expected.vitaminDLimit}.`)).toBeVisible();

    // The export gives the lab's figure and, beside it, the one every screen shows.
    await page.goto('/settings');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await confirmWithPasswordIfAsked(page, user.password, downloading);
    const files = unzipSync(new Uint8Array(await readFile((await (await downloading).path())!)));
    const [header, ...rows] = parseCsv(strFromU8(files['lab_results.csv']!));
    const shown = Object.fromEntries(rows.map((row) => [row[header!.indexOf('marker')], `${Number(row[header!.indexOf('value_shown')])} ${row[header!.indexOf('unit_shown')]}`]));
    expect(shown).toEqual({ total_testosterone: expected.testosterone, vitamin_d: expected.vitaminD, glucose: expected.glucose });
  });
}

// Is a change real? Worked out by hand from lib/labs/reference-change.ts's formula and
// figures, not by it: testosterone (CVI 16 %, CVA 8 %) must rise 64 % to pass its usual variation, and
// 8.1 → 14.2 nmol/L is 75 % up; glucose (CVI 5 %, CVA 2.5 %) must rise 17 %, and 5.3 → 5.5 mmol/L is 4 % up.
test('a second result says whether its change is more than the test’s usual variation, on /my_results, the dashboard and the PDF', async ({ page, users }) => {
  test.slow();
  const user = await users.create({ onboarded: true });
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const words = (day: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
  await query(
    `INSERT INTO lab_results (id, "userId", marker, value, unit, "valueNgDl", "takenAt")
     SELECT gen_random_uuid()::text, u.id, r.marker, r.value, r.unit, r.ngdl, r.taken::date
       FROM users u, (VALUES ('total_testosterone', 8.1, 'nmol/L', 233.6, $2), ('total_testosterone', 14.2, 'nmol/L', 409.6, $3), ('glucose', 5.3, 'mmol/L', NULL, $2), ('glucose', 5.5, 'mmol/L', NULL, $3))
            AS r(marker, value, unit, ngdl, taken)
      WHERE u.email = $1`,
    [user.email, daysAgo(100), daysAgo(10)],
  );
  const since = words(daysAgo(100));
  const real = 'up 75 %, more than this test’s usual variation of 64 %, so likely a real change';
  const usual = 'up 4 %, within this test’s usual variation of 17 %';

  await page.goto('/my_results');
  await expect(page.getByTestId('result-total_testosterone').getByTestId('result-change')).toContainText(`Up from 8.1 nmol/L on ${since}: ${real}.`);
  await expect(page.getByTestId('result-glucose').getByTestId('result-change')).toContainText(`Up from 5.3 mmol/L on ${since}: ${usual}.`);
  // Each verdict names where its figure comes from.
  await expect(page.getByTestId('result-glucose').getByRole('link', { name: /Ricós C et al\., Adv Lab Med 2020/ })).toHaveAttribute('href', 'https://doi.org/10.1515/almed-2020-0029');
  await expectAccessible(page);
  await page.getByTestId('result-total_testosterone').screenshot({ path: 'test-results/my-results-change.png' });

  await page.goto('/main_dashboard');
  const card = page.getByRole('region', { name: 'T-Results', exact: true });
  await expect(card.getByTestId('t-results-change')).toHaveText(`Since ${since}: ${real} (how much testosterone varies).`);
  await card.screenshot({ path: 'test-results/t-results-change.png' });

  await page.goto('/my_results');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Prepare for your doctor (PDF)' }).click()]);
  const pdf = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(pdf).toContain(`Earlier: 8.1 nmol/L on ${since}. Since ${since}: ${real}.`);
  expect(pdf).toContain(`Earlier: 5.3 mmol/L on ${since}. Since ${since}: ${usual}.`);
});
