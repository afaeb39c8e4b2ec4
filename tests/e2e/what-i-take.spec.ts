import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { parseCsv } from '@/lib/export/csv';
import { pdfText } from '@/tests/support/pdf-text';
import { query } from './support/database';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/page-checks';

// "What I take" on /profile: testosterone therapy and two supplements added through the form, then found in
// the doctor's PDF, the data export (its CSV and FHIR MedicationStatements) and, for the therapy, the
// Endocrine Society's monitoring checks on /my_actions, one of them met by a result that is in.

test.use({ viewport: { width: 1440, height: 900 } });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The 15th of the month `months` from this one (UTC), as YYYY-MM-DD and as the screens write it: a day every month has. */
function fifteenth(months: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 15));
  return { iso: date.toISOString().slice(0, 10), words: `15 ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` };
}

test('What I take: testosterone therapy and two supplements, in the PDF, the export and the monitoring on My actions', async ({ page, users }) => {
  test.slow();
  const user = await users.create({ onboarded: true });
  // Four months into therapy: the first check (3–6 months after starting) is due.
  const started = fifteenth(-4);
  const due = fifteenth(2);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'What I take' });
  await expect(card.getByText('Nothing listed yet.', { exact: false })).toBeVisible();
  const form = card.getByRole('form', { name: 'Add a supplement or medicine' });
  const add = form.getByRole('button', { name: 'Add to my list' });

  // Testosterone therapy without its dose is refused, the field named and given the cursor.
  await form.getByLabel('What it is').selectOption({ label: 'Testosterone therapy (TRT)' });
  await form.getByLabel('Name on the label').fill('Testosterone enanthate');
  await form.getByLabel('Preparation').fill('Testosterone enanthate');
  await form.getByLabel('How often').selectOption({ label: 'Weekly' });
  await form.getByLabel('How you take it').selectOption({ label: 'Injection into a muscle (intramuscular)' });
  await form.getByLabel('Started').fill(started.iso);
  await add.click();
  await expect(form.getByLabel('Dose', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Dose', { exact: true })).toHaveAccessibleDescription('Please enter the dose as a number above 0.');
  expect(await query('SELECT 1 FROM medications m JOIN users u ON u.id = m."userId" WHERE u.email = $1', [user.email])).toEqual([]);

  await form.getByLabel('Dose', { exact: true }).fill('125');
  await form.getByLabel('Unit').selectOption('mg');
  await add.click();
  const list = card.getByRole('list', { name: 'What I take' });
  const trtLine = `Testosterone enanthate (testosterone therapy): 125 mg weekly, injected into a muscle, since ${started.words}.`;
  await expect(list.getByRole('listitem')).toHaveText([new RegExp(escape(trtLine))]);
  await expect(card.getByText('Added to your list.')).toBeVisible();

  // Two supplements: the form starts afresh after each.
  await expect(form.getByLabel('Name on the label')).toHaveValue('');
  await form.getByLabel('What it is').selectOption({ label: 'Supplement' });
  await form.getByLabel('Name on the label').fill('Vitamin D3');
  await form.getByLabel('Dose (optional)').fill('2000');
  await form.getByLabel('Unit').selectOption('IU');
  await form.getByLabel('Started').fill(fifteenth(-2).iso);
  await add.click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await form.getByLabel('Name on the label').fill('Magnesium glycinate');
  await form.getByLabel('Dose (optional)').fill('2');
  await form.getByLabel('Unit').selectOption('capsule');
  await form.getByLabel('How often').selectOption({ label: 'Every few days (say how many)' });
  await form.getByLabel('Days between doses').fill('2');
  await form.getByLabel('Started').fill(fifteenth(-1).iso);
  await add.click();
  await expect(list.getByRole('listitem')).toHaveCount(3);

  // Kept: the page read again lists all three, newest start first.
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveText([
    /^Magnesium glycinate \(supplement\): 2 capsules every 2 days, since /,
    /^Vitamin D3 \(supplement\): 2,000 IU daily, since /,
    new RegExp(`^${escape(trtLine)}`),
  ]);
  await expectAccessible(page);
  await card.screenshot({ path: 'test-results/what-i-take.png' });

  // My actions: the first check is due; once a haematocrit of 56 % is in, the doctor comes first.
  await page.goto('/my_actions');
  const monitoring = page.getByRole('list', { name: 'TRT monitoring' });
  await expect(monitoring.getByRole('listitem')).toHaveText([
    `Due nowBlood test for TRT monitoring: testosterone, haematocrit and PSA, due 3–6 months after starting (by ${due.words}).`,
    /^Coming up/,
  ]);
  const taken = fifteenth(-1);
  await query(
    `INSERT INTO lab_results (id, "userId", marker, value, unit, "referenceLow", "referenceHigh", "takenAt")
     SELECT gen_random_uuid()::text, id, 'haematocrit', 0.56, 'L/L', 0.40, 0.52, $2::date FROM users WHERE email = $1`,
    [user.email, taken.iso],
  );
  await page.reload();
  await expect(monitoring.getByRole('listitem').first()).toHaveText(
    `Speak to your doctorSpeak to your doctor about your haematocrit: it was 56 % on ${taken.words}, above the 54 % at which the Endocrine Society’s guideline asks for testosterone therapy to be reviewed.`,
  );
  await expect(monitoring.getByRole('listitem').nth(1)).toContainText('Blood test for TRT monitoring: testosterone and PSA, due 3–6 months after starting');
  await expect(monitoring.getByRole('listitem').nth(1)).toContainText('Your haematocrit result is in.');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/my-actions-trt.png', fullPage: true });

  // The doctor's PDF: his own list under "What I take", the app's suggestions apart.
  await page.goto('/my_results');
  const [summary] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Prepare for your doctor (PDF)' }).click()]);
  const text = (await pdfText(new Uint8Array(await readFile((await summary.path())!)))).replace(/\s+/g, ' ');
  expect(text).toContain('What I take');
  expect(text).toContain(trtLine);
  expect(text).toContain('Vitamin D3 (supplement): 2,000 IU daily');
  expect(text).toContain('Magnesium glycinate (supplement): 2 capsules every 2 days');
  expect(text.indexOf('Suggested by Vitality (not necessarily taken)')).toBeGreaterThan(text.indexOf('Magnesium glycinate'));

  // The export: medications.csv and a MedicationStatement for each.
  await page.goto('/settings');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const rows = parseCsv(strFromU8(files['medications.csv']!));
  const header = rows[0]!;
  expect(rows.slice(1).map((row) => row[header.indexOf('name')]).sort()).toEqual(['Magnesium glycinate', 'Testosterone enanthate', 'Vitamin D3']);
  const bundle = JSON.parse(strFromU8(files['fhir/bundle.json']!)) as { entry: { resource: { resourceType: string; status?: string; medicationCodeableConcept?: { text?: string } } }[] };
  const statements = bundle.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === 'MedicationStatement');
  expect(statements.map((statement) => statement.medicationCodeableConcept?.text).sort()).toEqual(['Magnesium glycinate', 'Testosterone enanthate', 'Vitamin D3']);
  expect(statements.every((statement) => statement.status === 'active')).toBe(true);
});

/** A text as a regular expression that matches it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
