import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { hostilePdf } from '@/tests/support/hostile-pdfs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FIXTURES, readAnswers } from '@/tests/fixtures/labs/answer-key';
import { LAB_REPORT_EXPECTED, labReportPdf } from '@/tests/support/lab-pdfs';
import { parseCsv } from '@/lib/export/csv';
import { pdfText } from '@/tests/support/pdf-text';
import { levineInputs, levinePhenoAge } from './support/levine-phenoage';
import { query } from './support/database';
import { expectAccessible } from './support/page-checks';
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { budget } from '../setup/machine-speed.js';

/** An upload's answer and its reading: the PDF's text read in a child process, which a slow day's two busy cores have taken past 10 s to give. */
const READING = { timeout: budget(30_000) };

test.use({ viewport: { width: 1440, height: 900 } });

// A 1×1 PNG: a real image, whatever name it is given.
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const userRow = (email: string) =>
  query<{ heightCm: number; currentWeightKg: number; desiredWeightKg: number | null; unitsPreference: string; email: string }>(
    'SELECT "heightCm", "currentWeightKg", "desiredWeightKg", "unitsPreference"::text, email FROM users WHERE email = $1',
    [email],
  ).then((rows) => rows[0]);

/** Types into the profile field and saves, expecting SPEC's message on it. */
async function expectMessage(page: Page, field: string, value: string, message: string) {
  await page.getByLabel(field, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

async function chooseUnits(page: Page, label: 'Cm / Kg' | 'Ft/In / Lbs') {
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Units preference' }).selectOption({ label });
  await expect(page.getByText('Units saved.')).toBeVisible();
}

test('/profile in both unit systems: every SPEC message on its trigger, saved in cm and kg, and the dashboard follows the units', async ({ page, users }) => {
  // Six pages, each audited by axe-core as it loads, three of them the dashboard.
  test.setTimeout(budget(60_000));
  const user = await users.create({ onboarded: true });

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(user.firstName);
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  // The form list: the health history and mindset forms are still to do for a new member.
  await expect(page.getByRole('listitem').filter({ hasText: 'Health history form' }).getByText('To do')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Mindset form' }).getByText('To do')).toBeVisible();

  // Cm / Kg.
  await expectMessage(page, 'Height (cm)', '20', 'Height must be between 30 and 250 cm.');
  await expectMessage(page, 'Height (cm)', '251', 'Height must be between 30 and 250 cm.');
  await page.getByLabel('Height (cm)').fill('181');
  await expectMessage(page, 'Current weight (kg)', '29.9', 'Current weight must be between 30 and 200 kg.');
  await page.getByLabel('Current weight (kg)').fill('88.4');
  await expectMessage(page, 'Desired weight (kg)', '201', 'Goal weight must be between 30 and 200 kg.');
  await page.getByLabel('Desired weight (kg)').fill('82');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  expect(await userRow(user.email)).toMatchObject({ heightCm: 181, currentWeightKg: 88.4, desiredWeightKg: 82 });
  await page.goto('/main_dashboard');
  await expect(page.getByTestId('body-figures')).toContainText('181 cm');
  await expect(page.getByTestId('body-figures')).toContainText('88.4 kg');
  // The weight typed on the profile is today's own entry, and the card says where the figure came from.
  await expect(page.getByTestId('weight-from')).toHaveText(/^Your own entry, \d{1,2} [A-Z][a-z]{2} \d{4}$/);

  // Ft/In / Lbs: the same figures, shown in the member's units.
  await chooseUnits(page, 'Ft/In / Lbs');
  await page.goto('/profile');
  await expect(page.getByLabel('Height (ft/in)')).toHaveValue(`5' 11"`);
  await expect(page.getByLabel('Current weight (lbs)')).toHaveValue('194.9');
  await expectMessage(page, 'Height (ft/in)', '5 11', `Please enter height in the format like 5' 10".`);
  await expectMessage(page, 'Height (ft/in)', `9' 2"`, 'Feet value must be between 1 and 8.');
  await expectMessage(page, 'Height (ft/in)', `5' 12"`, 'Inches value must be between 0 and 11.');
  await expectMessage(page, 'Height (ft/in)', `8' 11"`, 'Height must be between 11.8 and 98.4 inches.');
  await page.getByLabel('Height (ft/in)').fill(`6' 0"`);
  await expectMessage(page, 'Current weight (lbs)', '441', 'Current weight must be between 66.1 and 440.9 lbs.');
  await page.getByLabel('Current weight (lbs)').fill('200');
  await expectMessage(page, 'Desired weight (lbs)', '66', 'Goal weight must be between 66.1 and 440.9 lbs.');
  await page.getByLabel('Desired weight (lbs)').fill('176.4');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  expect(await userRow(user.email)).toMatchObject({ heightCm: 183, currentWeightKg: 90.7, desiredWeightKg: 80, unitsPreference: 'ft_in_lbs' });

  await page.goto('/main_dashboard');
  await expect(page.getByTestId('body-figures')).toContainText(`6' 0"`);
  await expect(page.getByTestId('body-figures')).toContainText('200 lbs');
});

// A weight changed on the profile is the weight every sentence quotes, the same day.
test('after a new weight on /profile, /insights quotes the new weight, not the day’s first', async ({ page, users }) => {
  test.setTimeout(budget(60_000));
  await users.create({ onboarded: true });
  const saveWeight = async (kg: string) => {
    await page.goto('/profile');
    await page.getByLabel('Current weight (kg)').fill(kg);
    await page.getByLabel('Desired weight (kg)').fill('82');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your profile is saved.')).toBeVisible();
  };
  const quoted = async () => {
    await page.goto('/insights');
    await expect(page.getByRole('region', { name: 'T-Indicator' }).getByTestId('t-indicator-summary')).not.toBeEmpty();
    // The strategies are read in the browser after the page has loaded (TanStack Query's island).
    await expect(page.getByRole('region', { name: 'Optimisation strategies' }).getByTestId('strategies')).not.toBeEmpty();
    return [...(await page.locator('main').innerText()).matchAll(/You weigh ([\d.]+) kg/g)].map((match) => match[1]);
  };
  await saveWeight('88.4');
  const before = await quoted();
  expect(before.length, 'the day’s actions quote the weight').toBeGreaterThan(0);
  expect(new Set(before)).toEqual(new Set(['88.4']));
  await saveWeight('87.9');
  const after = await quoted();
  expect(after.length).toBeGreaterThan(0);
  expect(new Set(after)).toEqual(new Set(['87.9']));
});

test('/profile: a new e-mail needs the current password; the WHO-5 mindset form scores 0–100', async ({ page, users }) => {
  const user = await users.create({ onboarded: true });
  // A new e-mail needs the current password, and a wrong one is refused without changing anything.
  await page.goto('/profile');
  const newEmail = user.email.replace('@', '+new@');
  await page.getByLabel('E-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter your current password to change your e-mail or password.')).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  expect((await userRow(newEmail))?.email).toBe(newEmail);

  // The WHO-5 mindset form: five answers, a score of 0–100.
  await page.getByRole('button', { name: 'Start the mindset form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mindset form' });
  for (const [index, answer] of ['Most of the time', 'More than half of the time', 'Most of the time', 'Some of the time', 'All of the time'].entries()) {
    await dialog.getByRole('group', { name: new RegExp(`^${index + 1}\\.`) }).getByLabel(answer).check();
  }
  await dialog.getByRole('button', { name: 'See my score' }).click();
  // (4 + 3 + 4 + 1 + 5) × 4
  await expect(dialog.getByTestId('mindset-score')).toHaveText('68 / 100');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Mindset form' }).getByText('Completed')).toBeVisible();

  await page.screenshot({ path: 'test-results/profile.png', fullPage: true });
});

test('a blood test PDF is read, reviewed and confirmed, and its testosterone is the new point on the T-Results chart; a mislabelled file is refused', async ({ page, users }) => {
  // Two uploads, the review, the dashboard and a removal: on two busy cores (the next test inflates a
  // PDF bomb beside it) the whole journey has run past 30 s near its last step.
  test.slow();
  await users.create({ onboarded: true });
  await page.goto('/profile');

  // A PNG named .pdf: refused by its bytes, with SPEC's 'Upload failed: ' text, and nothing stored.
  await page.getByLabel('Upload Blood test').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: PNG_1X1 });
  await expect(page.getByText(/^Upload failed: /)).toBeVisible(READING);

  const expected = LAB_REPORT_EXPECTED['uk-table'];
  await page.getByLabel('Upload Blood test').setInputFiles({ name: 'March bloods.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await labReportPdf('uk-table')) });
  await expect(page.getByText('Blood test uploaded successfully.')).toBeVisible(READING);
  const review = page.getByRole('dialog', { name: 'Check your blood test results' });
  await expect(review.getByLabel('Date the blood was taken')).toHaveValue(expected.collectedOn);
  for (const marker of expected.markers) {
    const row = review.getByTestId(`lab-row-${marker.marker}`);
    await expect(row.getByRole('textbox').first()).toHaveValue(String(marker.value));
    await expect(row.getByLabel(/ unit$/)).toHaveValue(marker.unit);
  }
  await page.screenshot({ path: 'test-results/lab-review.png', fullPage: true });
  await review.getByRole('button', { name: 'Confirm and save' }).click();
  // The save (the results, the report's state, the member's figures) has taken over 5 s on a busy 2-core
  // machine, its button disabled meanwhile: the confirmation is awaited as long as a read is.
  await expect(page.getByText(/Your blood test results are saved/)).toBeVisible(READING);

  const testosterone = expected.markers.find((m) => m.marker === 'total_testosterone')!;
  const result = (marker: string) => expected.markers.find((m) => m.marker === marker)!;
  // The profile lists each marker's latest value as the report gave it, against the lab's range.
  const latest = page.getByRole('table', { name: 'Your latest results' });
  await expect(latest.getByRole('row', { name: /^Total testosterone/ })).toContainText(`${testosterone.value} ${testosterone.unit}`);
  await expect(latest.getByRole('row')).toHaveCount(expected.markers.length + 1);
  await page.screenshot({ path: 'test-results/profile-lab-results.png', fullPage: true });

  // Every result over time: each marker in its panel, its value with the lab's range and the report it came from.
  await latest.locator('..').getByRole('link', { name: 'See every result over time' }).click();
  await expect(page).toHaveURL(/\/my_results$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your blood results' })).toBeVisible();
  // It leads with what is outside the lab's range, counted here from the report's key.
  const outside = expected.markers.filter((m) => (m.referenceLow !== null && m.value < m.referenceLow) || (m.referenceHigh !== null && m.value > m.referenceHigh));
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance.getByTestId('results-summary')).toContainText(`${outside.length} of ${expected.markers.length} latest results are outside the lab’s range`);
  await expect(glance.getByTestId('results-summary')).toContainText(`Vitamin D (25-OH) low (42 nmol/L)`);
  await expect(glance.getByText(`All results by date (${expected.markers.length} markers, 1 test)`)).toBeVisible();
  // Each flagged result explained, with when to test again and its sources.
  const vitaminD = glance.getByTestId('explained-vitamin_d');
  await vitaminD.getByText('Vitamin D (25-OH) low: what it can mean').click();
  await expect(vitaminD).toContainText('Test again in 8 to 12 weeks: by 26 May 2026.');
  await expect(vitaminD.getByRole('link', { name: 'MedlinePlus: Vitamin D Test' })).toHaveAttribute('href', 'https://medlineplus.gov/lab-tests/vitamin-d-test/');
  const haematocrit = glance.getByTestId('explained-haematocrit');
  await haematocrit.getByText('Haematocrit high: what it can mean').click();
  await expect(haematocrit).toContainText('the Endocrine Society guideline asks for a review when it passes 54 %');
  // 0.52 L/L is above the lab's 0.50 but not far outside: no urgent sentence.
  await expect(haematocrit.getByText(/speak to a doctor today/)).toHaveCount(0);
  const hormones = page.getByRole('region', { name: 'Hormones' });
  const history = hormones.getByRole('table', { name: 'Every Total testosterone result, newest first' });
  const row = history.getByRole('row', { name: new RegExp(`^\\d{1,2} \\w{3} \\d{4}`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${testosterone.value} ${testosterone.unit}`);
  await expect(row).toContainText('March bloods.pdf');
  await expect(row.getByRole('link', { name: 'March bloods.pdf' })).toHaveAttribute('href', /^\/api\/lab-reports\/[^/]+\/file$/);
  for (const marker of expected.markers) await expect(page.getByTestId(`result-${marker.marker}`)).toHaveCount(1);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/my-results.png', fullPage: true });
  // Questions for the doctor, kept for the summary's last section (and there after a reload).
  await page.getByLabel('Questions for your doctor').fill('Should I retest my PSA in six months?');
  await page.getByRole('button', { name: 'Save questions' }).click();
  await expect(page.getByRole('status')).toHaveText('Your questions are saved. They are in your summary for your doctor.');
  await page.reload();
  await expect(page.getByLabel('Questions for your doctor')).toHaveValue('Should I retest my PSA in six months?');
  // The summary for the doctor: a PDF made by the server, downloaded as it is (its text is checked in
  // tests/integration/doctor-summary.test.ts; kept here for people to look at).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Prepare for your doctor (PDF)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vitality-summary-\d{4}-\d{2}-\d{2}\.pdf$/);
  await download.saveAs('test-results/doctor-summary.pdf');
  expect((await readFile('test-results/doctor-summary.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // It leads its blood results with the two outside the lab's range, each with its retest.
  const summaryText = await pdfText(new Uint8Array(await readFile('test-results/doctor-summary.pdf')));
  expect(summaryText).toContain(`Vitamin D (25-OH) low (${result('vitamin_d').value} nmol/L, 3 Mar 2026; retest suggested by 26 May 2026)`);
  expect(summaryText).toContain(`Haematocrit high (${result('haematocrit').value} L/L, 3 Mar 2026; retest suggested by 26 May 2026)`);
  await page.goto('/main_dashboard');
  // The chart draws once it nears the screen (components/charts/canvas-chart.tsx).
  await page.getByRole('region', { name: 'T-Results', exact: true }).scrollIntoViewIfNeeded();
  const chart = page.getByRole('img', { name: /^Total testosterone:/ });
  // A member in the UK reads SI: the report's own nmol/L, as /my_results gives it.
  expect(testosterone.unit).toBe('nmol/L');
  await expect(chart).toHaveAttribute('aria-label', new RegExp(` ${testosterone.value} nmol/L`));
  await expect(page.getByText(`${testosterone.value} nmol/L`, { exact: true })).toBeVisible();
  // The band is the lab's range from the report's key, not a typical one.
  await expect(page.getByText(`Your lab’s range ${testosterone.referenceLow}–${testosterone.referenceHigh} nmol/L`)).toBeVisible();
  await expect(page.getByText(/Typical range/)).toHaveCount(0);
  // Its low vitamin D and high haematocrit steer today's actions, each giving the result as its basis.
  await page.goto('/my_actions');
  await expect(page.getByText(`Why today: Your vitamin D was ${result('vitamin_d').value} nmol/L on 3 Mar 2026, below the lab’s ${result('vitamin_d').referenceLow}.`)).toBeVisible();
  await expect(page.getByText(`Why today: Your haematocrit was ${result('haematocrit').value} L/L on 3 Mar 2026, above the lab’s ${result('haematocrit').referenceHigh}.`)).toBeVisible();
  // And each is a test to repeat, dated from the day the blood was taken.
  const retests = page.getByRole('list', { name: 'Blood tests to repeat' });
  for (const [label, flag] of [['Vitamin D (25-OH)', 'low'], ['Haematocrit', 'high']] as const) {
    const line = retests.getByRole('listitem').filter({ hasText: label });
    await expect(line).toContainText(`${flag} on 3 Mar 2026`);
    await expect(line).toContainText('Test again by 26 May 2026');
  }
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/my-actions-retests.png', fullPage: true });

  // The file can be removed (after a second click); the saved values stay.
  await page.goto('/profile');
  const reports = page.getByRole('list', { name: 'Your uploaded reports' });
  await reports.getByRole('button', { name: 'Remove March bloods.pdf' }).click();
  await reports.getByRole('button', { name: 'Remove March bloods.pdf' }).click();
  await expect(reports).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Your latest results' })).toBeVisible();
});

test('a cumulative report: the review shows the newest column with its date, offers the earlier ones, and saves a ticked one on its own date', async ({ page, users }) => {
  test.slow();
  const user = await users.create({ onboarded: true });
  const answer = readAnswers().find((a) => a.id === 'au-cumulative')!;
  await page.goto('/profile');
  await page.getByLabel('Upload Blood test').setInputFiles({ name: 'Cumulative.pdf', mimeType: 'application/pdf', buffer: readFileSync(path.join(FIXTURES, answer.file)) });
  const review = page.getByRole('dialog', { name: 'Check your blood test results' });
  // The newest column (on the right of this report), dated with its own date.
  await expect(review.getByLabel('Date the blood was taken')).toHaveValue(answer.collectedOn, READING);
  for (const marker of answer.markers) await expect(review.getByTestId(`lab-row-${marker.marker}`).getByRole('textbox').first()).toHaveValue(String(marker.value));
  // Each earlier column, offered and not ticked.
  const earlier = review.getByRole('group', { name: 'Earlier results on this report' });
  const [november, august, may] = answer.earlier!;
  await expect(earlier.getByRole('checkbox')).toHaveCount(3);
  await expect(earlier.getByRole('checkbox', { name: `Also save the results of 25 November 2025 (${november!.markers.length} values)` })).not.toBeChecked();
  await expect(earlier.getByRole('checkbox', { name: /19 August 2025/ })).toBeVisible();
  await expect(earlier.getByRole('checkbox', { name: /12 May 2025/ })).toBeVisible();
  // The November PSA was haemolysed: no value offered for it.
  await expect(earlier.getByTestId(`earlier-${november!.collectedOn}`)).not.toContainText('PSA');
  await expect(earlier.getByTestId(`earlier-${august!.collectedOn}`)).toContainText('PSA: 1.1 µg/L');
  await earlier.getByRole('checkbox', { name: /25 November 2025/ }).check();
  await page.screenshot({ path: 'test-results/lab-review-cumulative.png', fullPage: true });
  await review.getByRole('button', { name: 'Confirm and save' }).click();
  await expect(page.getByText(/Your blood test results are saved/)).toBeVisible(READING);

  // Stored: the newest column on 4 March, the ticked November column on its own day, nothing of August or May.
  const rows = await query<{ marker: string; value: number; day: string }>(
    `SELECT r.marker, r.value, to_char(r."takenAt", 'YYYY-MM-DD') AS day FROM lab_results r JOIN users u ON u.id = r."userId" WHERE u.email = $1 ORDER BY day, marker`,
    [user.email],
  );
  const expected = [...november!.markers.map((m) => ({ marker: m.marker, value: m.value, day: november!.collectedOn })), ...answer.markers.map((m) => ({ marker: m.marker, value: m.value, day: answer.collectedOn }))];
  expect(rows).toEqual(expected.sort((a, b) => a.day.localeCompare(b.day) || a.marker.localeCompare(b.marker)));
  expect([august!.collectedOn, may!.collectedOn].some((day) => rows.some((row) => row.day === day))).toBe(false);
});

test('a German full panel, uploaded and confirmed, gives every panel on /my_results and a biological age worked out here from its key', async ({ page, users }) => {
  test.slow();
  const user = await users.create({ onboarded: true });
  const answer = readAnswers().find((a) => a.id === 'de-laborbefund')!;
  await page.goto('/profile');
  await page.getByLabel('Upload Blood test').setInputFiles({ name: 'Laborbefund.pdf', mimeType: 'application/pdf', buffer: readFileSync(path.join(FIXTURES, answer.file)) });
  const review = page.getByRole('dialog', { name: 'Check your blood test results' });
  await expect(review.getByLabel('Date the blood was taken')).toHaveValue(answer.collectedOn, READING);
  for (const marker of answer.markers) await expect(review.getByTestId(`lab-row-${marker.marker}`).getByRole('textbox').first()).toHaveValue(String(marker.value));
  // The report's one result row the app keeps no marker for is named, for the member to add if he wants it.
  const unread = review.getByTestId('unread-rows');
  await unread.getByText('Rows of your report we did not read (1)').click();
  await expect(unread.getByRole('listitem')).toHaveText(['Quotient fPSA/tPSA 26 % > 25']);
  await expectAccessible(page);
  await review.screenshot({ path: 'test-results/lab-review-unread-rows.png' });
  await review.getByRole('button', { name: 'Confirm and save' }).click();
  await expect(page.getByText(/Your blood test results are saved/)).toBeVisible(READING);

  // Levine 2018 (Aging 10:573) in the paper's units, from the report's key: this lab prints albumin in g/dl,
  // creatinine and glucose in mg/dl, CRP in mg/l and the white count per nl (10⁹/L).
  const v = Object.fromEntries(answer.markers.map((m) => [m.marker, m]));
  expect(['albumin', 'creatinine', 'glucose', 'crp', 'wbc'].map((k) => v[k]!.unit)).toEqual(['g/dl', 'mg/dl', 'mg/dl', 'mg/l', '/nl']);
  const [{ born }] = (await query<{ born: string }>(`SELECT to_char("dateOfBirth", 'YYYY-MM-DD') AS born FROM users WHERE email = $1`, [user.email])) as [{ born: string }];
  const age = (Date.parse(`${answer.collectedOn}T00:00:00Z`) - Date.parse(`${born}T00:00:00Z`)) / (365.2425 * 86_400_000);
  const phenoAge = levinePhenoAge(levineInputs(v, age));

  await page.goto('/my_results');
  const card = page.getByRole('region', { name: 'Biological age' });
  await expect(card.getByTestId('bio-age-figure')).toHaveText(`${phenoAge.toFixed(1)}years`);
  await expect(card.getByTestId('bio-age-input-crp')).toContainText('1.2 mg/L');
  await expect(card.getByTestId('bio-age-input-crp')).toContainText('Laborbefund.pdf');
  // Every keyed marker is on the page, each in its panel.
  for (const marker of answer.markers) await expect(page.getByTestId(`result-${marker.marker}`)).toHaveCount(1);
  for (const panel of ['Full blood count', 'Kidneys and salts', 'Liver and proteins', 'Lipids', 'Hormones']) await expect(page.getByRole('region', { name: panel })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/my-results-full-panel.png', fullPage: true });
});

test('a report’s review asks which way round an ambiguous date is, keeps a "<" result, and can be reopened until it is confirmed', async ({ page, users }) => {
  test.slow();
  await users.create({ onboarded: true });
  // A small report with a date that reads both ways (3 April or 4 March) and nothing that says which.
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([595, 842]);
  const lines = ['Hill Street Clinic', 'Collected: 03/04/2026', 'Test                 Result      Range', 'Testosterone         5.12 ng/mL  2.49 - 8.36', 'PSA                  <0.1 ng/mL  0.0 - 4.0'];
  lines.forEach((text, i) => sheet.drawText(text, { x: 50, y: 780 - i * 18, size: 11, font }));
  const bytes = Buffer.from(await pdf.save());

  await page.goto('/profile');
  await page.getByLabel('Upload Blood test').setInputFiles({ name: 'Clinic bloods.pdf', mimeType: 'application/pdf', buffer: bytes });
  const review = page.getByRole('dialog', { name: 'Check your blood test results' });
  await expect(review.getByText('Your report writes the date so that it could be either. Which is the day the blood was taken?')).toBeVisible(READING);
  await expect(review.getByLabel('Date the blood was taken')).toHaveValue('');
  await expect(review.getByLabel('PSA: exact, or below or above the number')).toHaveValue('<');
  await expect(review.getByLabel('PSA value')).toHaveValue('0.1');

  // Closed without saving, the review comes back from the list of reports, as it was read.
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  const reports = page.getByRole('list', { name: 'Your uploaded reports' });
  await expect(reports.getByText('no values saved')).toBeVisible();
  await reports.getByRole('button', { name: 'Review values from Clinic bloods.pdf' }).click();
  await expect(review.getByLabel('PSA: exact, or below or above the number')).toHaveValue('<');
  await review.getByRole('button', { name: '4 March 2026' }).click();
  await expect(review.getByLabel('Date the blood was taken')).toHaveValue('2026-03-04');
  await page.screenshot({ path: 'test-results/lab-review-date-choice.png', fullPage: true });
  await review.getByRole('button', { name: 'Confirm and save' }).click();
  await expect(page.getByText(/Your blood test results are saved/)).toBeVisible(READING);

  // The bound is shown as one, and the report no longer offers its review.
  const latest = page.getByRole('table', { name: 'Your latest results' });
  // In the UK member's SI units: µg/L, the same figure as the report's ng/mL.
  await expect(latest.getByRole('row', { name: /^PSA/ })).toContainText('< 0.1 µg/L');
  await expect(latest.getByRole('row', { name: /^PSA/ })).toContainText('4 Mar 2026');
  await expect(reports.getByRole('button', { name: /^Review values/ })).toHaveCount(0);
});

test('a photographed or scanned report is read by OCR in the background: its row shows the reading, the member may leave, and the review waits with the values to check closely', async ({ page, users }) => {
  test.slow();
  await users.create({ onboarded: true });
  await page.goto('/profile');
  const [key] = readAnswers().filter((answer) => answer.id === 'us-quest-scan');
  const testosterone = key!.markers.find((m) => m.marker === 'total_testosterone')!;
  const scan = { name: 'Quest scan.png', mimeType: 'image/png', buffer: readFileSync(path.join(FIXTURES, key!.file)) };

  // The first upload: answered at once, its row follows the reading, and the review opens by itself.
  await page.getByLabel('Upload Blood test').setInputFiles(scan);
  await expect(page.getByText('Blood test uploaded successfully. We are reading your report.', { exact: false })).toBeVisible(READING);
  const reports = page.getByRole('list', { name: 'Your uploaded reports' });
  await expect(reports.getByTestId('lab-reading')).toBeVisible();
  await expect(reports.getByRole('progressbar', { name: 'Reading Quest scan.png' })).toBeVisible();
  await page.screenshot({ path: 'test-results/lab-reading.png', fullPage: true });
  await expectAccessible(page);
  const review = page.getByRole('dialog', { name: 'Check your blood test results' });
  await expect(review.getByText(/These values were read from a picture of your report/)).toBeVisible({ timeout: budget(90_000) });
  await expect(review.getByLabel('Total testosterone value')).toHaveValue(String(testosterone.value));
  await expect(review.getByTestId('lab-row-total_testosterone')).toContainText('Read from the picture:');
  await expect(review.getByLabel('Date the blood was taken')).toHaveValue(key!.collectedOn);
  await page.screenshot({ path: 'test-results/lab-review-ocr.png', fullPage: true });
  await review.getByRole('button', { name: 'Cancel' }).click();

  // The second (a photo with nothing to read, quick to read): the member leaves at once and comes back;
  // the reading went on without them, and its review waits in the row.
  await page.getByLabel('Upload Blood test').setInputFiles({ name: 'Blank photo.png', mimeType: 'image/png', buffer: readFileSync('tests/fixtures/blank-page.png') });
  await expect(reports.getByRole('progressbar', { name: 'Reading Blank photo.png' })).toBeVisible();
  await page.goto('/dashboard');
  await page.goto('/profile');
  await expect(reports.getByRole('button', { name: 'Review values from Blank photo.png' })).toBeVisible({ timeout: budget(60_000) });
  await reports.getByRole('button', { name: 'Review values from Blank photo.png' }).click();
  await expect(review.getByLabel('Date the blood was taken')).toHaveValue('');
});

// A phone photo taken in too little light is refused at once, saying how to take it again;
// nothing is stored or queued, and the member can choose another file straight away.
test('a photo too dark to read is refused with what to do, and nothing is kept', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await page.goto('/profile');
  const dark = await sharp(readFileSync(path.join(FIXTURES, 'uk-private-photo.jpg'))).linear(0.2, 0).jpeg({ quality: 80 }).toBuffer();
  await page.getByLabel('Upload Blood test').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: dark });
  await expect(page.getByRole('alert').filter({ hasText: 'Upload failed: This photo is too dark to read. Take it again in daylight, the page flat and filling the frame.' })).toBeVisible(READING);
  await expect(page.getByRole('list', { name: 'Your uploaded reports' })).toHaveCount(0);
  await expect(page.getByText('We are reading your report', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/lab-photo-too-dark.png', fullPage: true });
  await expectAccessible(page);
});

// A PDF whose reading has to be stopped (a stream that inflates to a gigabyte) still
// uploads, and the review opens empty with a message the member understands.
test('a PDF too costly to read opens the review for manual entry with a plain message', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await page.goto('/profile');
  await page.getByLabel('Upload Blood test').setInputFiles({ name: 'Scan from the clinic.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await hostilePdf('bomb')) });
  const review = page.getByRole('dialog', { name: 'Check your blood test results' });
  await expect(review.getByText("We couldn't read this file automatically — enter the values yourself", { exact: true })).toBeVisible(READING);
  await expect(review.getByLabel('Date the blood was taken')).toHaveValue('');
  await page.screenshot({ path: 'test-results/lab-review-unreadable.png' });
});

// /insights agrees with the dashboard that there is a result: an empty 30 days says when the last
// test was and opens the year that shows it, rather than asking for an upload.
test('/insights names a testosterone result from before its range and opens the year that shows it', async ({ page, users }) => {
  const user = await users.create({ onboarded: true });
  const taken = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  await query(
    `INSERT INTO lab_results (id, "userId", marker, value, unit, "valueNgDl", "referenceLow", "referenceHigh", "takenAt")
     SELECT gen_random_uuid()::text, id, 'total_testosterone', 14.2, 'nmol/L', 409.6, 8.6, 29, $2::date FROM users WHERE email = $1`,
    [user.email, taken],
  );
  await page.goto('/insights');
  // A member in the UK reads SI.
  const chart = page.getByRole('region', { name: 'Testosterone (nmol/L)' });
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${taken}T00:00:00Z`));
  await expect(chart).toContainText(`Your last test was on ${day}, before the last 30 days.`);
  await expect(chart.getByText('Your testosterone appears here from the blood tests you upload.')).toHaveCount(0);
  await chart.screenshot({ path: 'test-results/insights-earlier-test.png' });
  await expectAccessible(page);
  await chart.getByRole('button', { name: 'See 1 year' }).click();
  await expect(page.getByRole('button', { name: '1 year' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toContainText('Latest 14.2 nmol/L');
});

test('/settings: Download my data gives a ZIP whose CSVs read back; Delete account ends at /login and the old credentials no longer work', async ({ page, users }) => {
  const user = await users.create({ onboarded: true });
  // One blood-test value to find again in the export.
  await query(
    `INSERT INTO lab_results (id, "userId", marker, value, unit, "valueNgDl", "referenceLow", "referenceHigh", "takenAt")
     SELECT gen_random_uuid()::text, id, 'total_testosterone', 14.2, 'nmol/L', 409.6, 8.6, 29, '2026-03-03' FROM users WHERE email = $1`,
    [user.email],
  );

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Privacy and cookie policy/ })).toHaveAttribute('target', '_blank');
  await page.screenshot({ path: 'test-results/settings.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vitality-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const profile = JSON.parse(strFromU8(files['profile.json']!)) as Record<string, unknown>;
  expect(JSON.stringify(profile)).toContain(user.email);
  expect(JSON.stringify(profile)).not.toMatch(/argon2/);
  const labs = parseCsv(strFromU8(files['lab_results.csv']!));
  expect(labs[0]).toEqual(expect.arrayContaining(['marker', 'value', 'unit']));
  const header = labs[0]!;
  const row = labs.find((r) => r[header.indexOf('marker')] === 'total_testosterone')!;
  expect(Number(row[header.indexOf('value')])).toBe(14.2);
  expect(row[header.indexOf('unit')]).toBe('nmol/L');
  expect(files['fhir/bundle.json']).toBeDefined();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account' });
  await expect(confirm.getByText('Are you sure you want to delete your account? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login\?account=deleted$/);
  await expect(page.getByText('Your account has been deleted successfully.')).toBeVisible();
  // Not "Welcome back!" under the news of the deletion.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await expect(page.getByText('Welcome back!')).toHaveCount(0);
  expect(await query('SELECT 1 FROM users WHERE email = $1', [user.email])).toEqual([]);

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('/my_results: a share link for the doctor opens the summary without signing in, its view is listed, and once revoked it is a 404', async ({ page, users, browser }) => {
  const user = await users.create({ onboarded: true });
  await page.goto('/my_results');
  const card = page.getByRole('region', { name: 'Share with your doctor' });
  await expect(card.getByText('You have not shared your summary yet.')).toBeVisible();
  await card.getByLabel('Who is it for? (optional)').fill('Dr Patel');
  await card.getByRole('button', { name: 'Create a share link' }).click();
  // Shown once, focused for the keyboard and screen readers, with a copy button.
  const field = card.getByLabel('Your new share link');
  await expect(field).toBeFocused();
  await expect(card.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const link = await field.inputValue();
  expect(link).toMatch(/\/api\/shared\/doctor-summary\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);

  // A doctor's browser: no cookies, no session.
  const doctor = await browser.newContext();
  const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const opened = await doctor.request.get(link, { headers: { 'user-agent': FIREFOX } });
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect((await opened.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // After a reload the link is no longer shown, only its view.
  await page.reload();
  await expect(page.getByLabel('Your new share link')).toHaveCount(0);
  const share = card.getByTestId('doctor-share');
  await expect(share).toHaveCount(1);
  await expect(share.getByText(/^Made .* for Dr Patel/)).toContainText('Active');
  await expect(share.getByText('Opened once')).toBeVisible();
  await expect(share.getByText(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d, Firefox on Windows$/)).toBeVisible();
  await card.screenshot({ path: 'test-results/doctor-share.png' });
  expect(await query('SELECT count(*)::int AS n FROM doctor_shares s JOIN users u ON u.id = s."userId" WHERE u.email = $1', [user.email])).toEqual([{ n: 1 }]);

  await share.getByRole('button', { name: /^Revoke the link made .* for Dr Patel$/ }).click();
  await expect(card.getByRole('status').filter({ hasText: 'The link is revoked. It no longer opens your summary.' })).toBeVisible();
  await expect(share.getByText(/^Made .* for Dr Patel/)).toContainText('Revoked');
  await expect(share.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await expectAccessible(page);

  const refused = await doctor.request.get(link, { headers: { 'user-agent': FIREFOX } });
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({ message: 'This link has expired or was revoked. Ask the person who sent it for a new one.' });
  // The doctor's browser, following the link, gets a page rather than the JSON.
  const tab = await doctor.newPage();
  expect((await tab.goto(link))?.status()).toBe(404);
  await expect(tab).toHaveTitle('Link no longer works · Vitality');
  await expect(tab.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(tab.getByText('This link has expired or was withdrawn. Ask your patient for a new one.')).toBeVisible();
  await expectAccessible(tab);
  await tab.setViewportSize({ width: 1440, height: 900 });
  await tab.screenshot({ path: 'test-results/doctor-share-dead-link.png' });
  await doctor.close();
  // Still one view: the refused opening was not logged.
  await page.reload();
  await expect(card.getByTestId('doctor-share').getByText('Opened once')).toBeVisible();
});
