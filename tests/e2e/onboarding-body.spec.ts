import type { Page } from '@playwright/test';
import { query } from './support/database';
import { expect, test } from './support/fixtures';

// Steps 4, 6 and 7. Users register and answer the earlier steps through the real calls (support/fixtures.ts).

const HEIGHT_MESSAGE = 'Invalid height value. Please enter a value between 30 cm (1 ft) and 250 cm (8 ft 2 in).';
type BodyRow = { dob: string | null; heightCm: number | null; currentWeightKg: number | null; desiredWeightKg: number | null };
const EARLIER = { 'date-of-birth': { date_of_birth: '1980-06-15' } };

async function bodyRow(email: string): Promise<BodyRow> {
  const [row] = await query<BodyRow>(
    `SELECT to_char("dateOfBirth", 'YYYY-MM-DD') AS dob, "heightCm", "currentWeightKg", "desiredWeightKg" FROM users WHERE email = $1`,
    [email],
  );
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const selected = (page: Page, label: string) => field(page, label).locator('option:checked');
/** A select's options without its empty "not chosen" first one. */
const choices = (page: Page, label: string) => field(page, label).locator('option:not([value=""])');
// Scoped to <main>: Next's route announcer is an empty role=alert of its own.
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

test.describe('onboarding: date of birth, height and weight', () => {
  test('/onboarding_4 refuses a date of birth under 18 and saves nothing', async ({ page, users }) => {
    const { email } = await users.create();
    await page.goto('/onboarding_4');
    await field(page, 'Year').selectOption('2025');
    await field(page, 'Month').selectOption({ label: 'February' });
    await field(page, 'Day').selectOption({ label: '28' });
    await next(page).click();
    await expect(alert(page)).toHaveText('You must be at least 18 to use Vitality.');
    await expect(page).toHaveURL(/\/onboarding_4$/);
    expect((await bodyRow(email)).dob).toBeNull();
  });

  test('/onboarding_4 starts empty, follows month and year, and saves the date', async ({ context, page, users }) => {
    const { email, password } = await users.create();
    await page.goto('/onboarding_4');
    await expect(page.getByRole('progressbar', { name: 'Step 4 of 14' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_3');

    // Nothing chosen for the member: each select shows its empty first option.
    await expect(selected(page, 'Day')).toHaveText('DD');
    await expect(selected(page, 'Month')).toHaveText('Month');
    await expect(selected(page, 'Year')).toHaveText('YYYY');
    const years = choices(page, 'Year');
    await expect(years).toHaveCount(100);
    await expect(years.first()).toHaveText('2025');
    await expect(years.last()).toHaveText('1926');
    await expect(choices(page, 'Day')).toHaveCount(31);

    await field(page, 'Year').selectOption('2024');
    await field(page, 'Month').selectOption({ label: 'February' });
    await expect(choices(page, 'Day')).toHaveCount(29);
    await expect(choices(page, 'Day').last()).toHaveText('29');
    await field(page, 'Day').selectOption({ label: '29' });
    // 2023 has no 29 February: the day clamps to the 28th.
    await field(page, 'Year').selectOption('2023');
    await expect(choices(page, 'Day')).toHaveCount(28);
    await expect(selected(page, 'Day')).toHaveText('28');

    await field(page, 'Month').selectOption({ label: 'January' });
    await field(page, 'Day').selectOption({ label: '31' });
    await field(page, 'Month').selectOption({ label: 'April' });
    await expect(choices(page, 'Day')).toHaveCount(30);
    await expect(selected(page, 'Day')).toHaveText('30');

    // A save the server refuses (signed out in another tab), then one that never arrives, keep the user here.
    await field(page, 'Year').selectOption('1988');
    await users.signOutElsewhere();
    await next(page).click();
    await expect(alert(page)).toContainText('Failed to update date of birth');
    await expect(alert(page)).toContainText('Not authenticated');
    await users.signIn(email, password);
    await context.setOffline(true);
    await next(page).click();
    await expect(alert(page)).toHaveText('An error occurred while updating your date of birth');
    await context.setOffline(false);
    expect((await bodyRow(email)).dob).toBeNull();

    await field(page, 'Year').selectOption('1988');
    await next(page).click();
    await expect(page).toHaveURL(/\/onboarding_5$/);
    expect((await bodyRow(email)).dob).toBe('1988-04-30');

    // Coming back shows the saved date.
    await page.goto('/onboarding_4');
    await expect(selected(page, 'Day')).toHaveText('30');
    await expect(selected(page, 'Month')).toHaveText('April');
    await expect(selected(page, 'Year')).toHaveText('1988');
  });

  test('/onboarding_6 in cm: digits only, at most 3, 30 to 250, and saves whole cm', async ({ context, page, users }) => {
    const { email, password } = await users.create({ at: 'height', answers: EARLIER });
    await page.goto('/onboarding_6');
    await expect(page.getByRole('progressbar', { name: 'Step 6 of 14' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_5');
    await expect(page.getByRole('radiogroup', { name: 'Height unit' }).getByRole('radio', { name: 'cm' })).toBeChecked();

    const height = field(page, 'Height');
    await expect(height).toHaveValue('175');
    await expect(height).toHaveAttribute('maxlength', '3');
    await expect(height).toHaveAttribute('inputmode', 'numeric');

    await height.clear();
    await height.pressSequentially('1a8b0');
    await expect(height).toHaveValue('180');
    await height.clear();
    await height.pressSequentially('2514');
    await expect(height).toHaveValue('251');
    await next(page).click();
    await expect(alert(page)).toHaveText(HEIGHT_MESSAGE);
    await expect(height).toHaveAttribute('aria-invalid', 'true');

    await height.fill('29');
    await expect(alert(page)).toHaveCount(0);
    await next(page).click();
    await expect(alert(page)).toHaveText(HEIGHT_MESSAGE);
    await height.fill('');
    await next(page).click();
    await expect(alert(page)).toHaveText(HEIGHT_MESSAGE);
    expect((await bodyRow(email)).heightCm).toBeNull();

    await height.fill('182');
    await users.signOutElsewhere();
    await next(page).click();
    const failure = alert(page);
    await expect(failure).toContainText('Failed to update height');
    await expect(failure).toContainText('Not authenticated');
    await users.signIn(email, password);
    await context.setOffline(true);
    await next(page).click();
    await expect(alert(page)).toHaveText('An error occurred while updating your height');
    await context.setOffline(false);

    await next(page).click();
    await expect(page).toHaveURL(/\/onboarding_7$/);
    expect((await bodyRow(email)).heightCm).toBe(182);
  });

  test('/onboarding_6 in ft/in converts 175 cm to 5 ft 9 in and saves 6 ft 0 in as 183 cm', async ({ page, users }) => {
    const { email } = await users.create({ at: 'height', answers: EARLIER });
    await page.goto('/onboarding_6');
    await page.getByRole('radio', { name: 'ft/in' }).check();
    const feet = field(page, 'Feet');
    const inches = field(page, 'Inches');
    await expect(feet).toHaveValue('5');
    await expect(inches).toHaveValue('9');
    await expect(feet).toHaveAttribute('maxlength', '2');

    await inches.clear();
    await inches.pressSequentially('1x23');
    await expect(inches).toHaveValue('12');
    // 0 ft 11 in is 28 cm, below the minimum.
    await feet.fill('0');
    await inches.fill('11');
    await next(page).click();
    await expect(alert(page)).toHaveText(HEIGHT_MESSAGE);

    await feet.fill('6');
    await inches.fill('0');
    // Back to cm and again to ft/in: the value survives both ways.
    await page.getByRole('radio', { name: 'cm' }).check();
    await expect(field(page, 'Height')).toHaveValue('183');
    await page.getByRole('radio', { name: 'ft/in' }).check();
    await expect(feet).toHaveValue('6');
    await expect(inches).toHaveValue('0');

    await next(page).click();
    await expect(page).toHaveURL(/\/onboarding_7$/);
    expect((await bodyRow(email)).heightCm).toBe(183);
  });

  test('/onboarding_7 in kg with equal weights sends no desired weight and stores it as the current', async ({ context, page, users }) => {
    const { email, password } = await users.create({ at: 'weight', answers: EARLIER });
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/update_weight')) bodies.push(request.postDataJSON());
    });
    await page.goto('/onboarding_7');
    await expect(page.getByRole('progressbar', { name: 'Step 7 of 14' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_6');

    const current = field(page, 'Current weight');
    const desired = field(page, 'Desired weight');
    await expect(current).toHaveValue('95');
    await expect(desired).toHaveValue('80');
    await expect(current).toHaveAttribute('min', '30');
    await expect(current).toHaveAttribute('max', '200');
    await expect(current).toHaveAttribute('step', '0.1');
    await expect(field(page, 'Current weight (kg)')).toHaveValue('95.0');
    await expect(field(page, 'Desired weight (kg)')).toHaveValue('80.0');

    await current.fill('88.4');
    await desired.fill('88.2');
    await page.getByRole('button', { name: 'Increase desired weight' }).click();
    await page.getByRole('button', { name: 'Increase desired weight' }).click();
    await expect(desired).toHaveValue('88.4');
    await expect(field(page, 'Current weight (kg)')).toHaveValue('88.4');
    await expect(field(page, 'Desired weight (kg)')).toHaveValue('88.4');

    await context.setOffline(true);
    await next(page).click();
    await expect(alert(page)).toHaveText('An error occurred while updating your weight');
    await context.setOffline(false);
    await users.signOutElsewhere();
    await next(page).click();
    await expect(alert(page)).toContainText('Failed to update weight');
    await expect(alert(page)).toContainText('Not authenticated');
    await users.signIn(email, password);
    expect((await bodyRow(email)).currentWeightKg).toBeNull();

    const navigation = page.waitForEvent('framenavigated');
    await next(page).click();
    await navigation;
    await expect(page).toHaveURL(/\/onboarding_8$/);
    expect(bodies.at(-1)).toEqual({ current_weight: 88.4 });
    expect(bodies.every((body) => typeof body === 'object' && body !== null && !('desired_weight' in body))).toBe(true);
    const row = await bodyRow(email);
    expect(row.currentWeightKg).toBe(88.4);
    expect(row.desiredWeightKg).toBe(88.4);
  });

  test('/onboarding_7 in lbs converts the sliders and stores kg', async ({ page, users }) => {
    const { email } = await users.create({ at: 'weight', answers: EARLIER });
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/update_weight')) bodies.push(request.postDataJSON());
    });
    await page.goto('/onboarding_7');
    await page.getByRole('radio', { name: 'lbs' }).check();

    const current = field(page, 'Current weight');
    const desired = field(page, 'Desired weight');
    await expect(current).toHaveValue('209.4');
    await expect(desired).toHaveValue('176.4');
    await expect(current).toHaveAttribute('min', '66.1');
    await expect(current).toHaveAttribute('max', '440.9');
    await expect(field(page, 'Current weight (lbs)')).toHaveValue('209.4');

    await current.fill('200');
    await desired.fill('180');
    await expect(field(page, 'Current weight (lbs)')).toHaveValue('200.0');
    await expect(field(page, 'Desired weight (lbs)')).toHaveValue('180.0');
    // The ± buttons and the arrow keys move by 0.1.
    await page.getByRole('button', { name: 'Decrease current weight' }).click();
    await expect(current).toHaveValue('199.9');
    await current.press('ArrowRight');
    await expect(current).toHaveValue('200');

    await next(page).click();
    await expect(page).toHaveURL(/\/onboarding_8$/);
    // 200 lbs is 90.72 kg, 180 lbs is 81.65 kg.
    expect(bodies).toEqual([{ current_weight: 90.7, desired_weight: 81.6 }]);
    const row = await bodyRow(email);
    expect(row.currentWeightKg).toBe(90.7);
    expect(row.desiredWeightKg).toBe(81.6);
  });

  test('saved answers prefill the steps, and the lbs slider ends map to 30 and 200 kg', async ({ page, users }) => {
    const { email } = await users.create({
      at: 'vital-signs-tutorial',
      answers: { ...EARLIER, height: { height: 152 }, weight: { current_weight: 200, desired_weight: 30 } },
    });

    await page.goto('/onboarding_4');
    await expect(selected(page, 'Day')).toHaveText('15');
    await expect(selected(page, 'Month')).toHaveText('June');
    await expect(selected(page, 'Year')).toHaveText('1980');

    await page.goto('/onboarding_6');
    await expect(field(page, 'Height')).toHaveValue('152');
    await page.getByRole('radio', { name: 'ft/in' }).check();
    // 152 cm is 4 ft 11.84 in: the rounded 12 inches carry into the feet.
    await expect(field(page, 'Feet')).toHaveValue('5');
    await expect(field(page, 'Inches')).toHaveValue('0');

    await page.goto('/onboarding_7');
    await expect(field(page, 'Current weight')).toHaveValue('200');
    await expect(field(page, 'Desired weight')).toHaveValue('30');
    await page.getByRole('radio', { name: 'lbs' }).check();
    await expect(field(page, 'Current weight')).toHaveValue('440.9');
    await expect(field(page, 'Desired weight')).toHaveValue('66.1');
    await expect(page.getByRole('button', { name: 'Increase current weight' })).toBeDisabled();
    await next(page).click();
    await expect(page).toHaveURL(/\/onboarding_8$/);
    const row = await bodyRow(email);
    expect(row.currentWeightKg).toBe(200);
    expect(row.desiredWeightKg).toBe(30);
  });
});
