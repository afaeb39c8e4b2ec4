import type { Page } from '@playwright/test';
import { query } from './support/database';
import { expect, test } from './support/fixtures';

// A new member's first forms, at 1440×900: the date of birth starts empty, heights and weights can be
// typed beside their sliders, the city list picks only what the member moves to, and the check-in's
// mood keeps every quick arrow press. Users register and answer the earlier steps through the real calls.

test.use({ viewport: { width: 1440, height: 900 } });

const DOB_REQUIRED = 'Please choose the day, month and year you were born.';
const HEIGHT_MESSAGE = 'Invalid height value. Please enter a value between 30 cm (1 ft) and 250 cm (8 ft 2 in).';
const EARLIER = { 'date-of-birth': { date_of_birth: '1980-06-15' } };
const LONDON = { latitude: 51.5072, longitude: -0.1276 };

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const selected = (page: Page, label: string) => field(page, label).locator('option:checked');
// Scoped to <main>: Next's route announcer is an empty role=alert of its own.
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

async function userColumn<T>(email: string, sql: string): Promise<T | undefined> {
  const [row] = await query<{ value: T }>(`SELECT ${sql} AS value FROM users WHERE email = $1`, [email]);
  return row?.value;
}

/** Counts the page's POSTs to `path`, so a test can say nothing was sent. */
function countPosts(page: Page, path: string) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) seen.count += 1;
  });
  return seen;
}

test('/onboarding_4 starts empty, refuses an empty date, and shows the saved date on coming back', async ({ page, users }) => {
  const { email } = await users.create();
  const posts = countPosts(page, '/api/update_dob');
  await page.goto('/onboarding_4');
  await expect(page.getByRole('progressbar', { name: 'Step 4 of 14' })).toBeVisible();

  // Nothing is chosen for the member: no 2005, no age.
  for (const part of ['Day', 'Month', 'Year']) await expect(field(page, part)).toHaveValue('');
  await expect(selected(page, 'Day')).toHaveText('DD');
  await expect(selected(page, 'Month')).toHaveText('Month');
  await expect(selected(page, 'Year')).toHaveText('YYYY');
  await expect(field(page, 'Year').locator('option:not([value=""])')).toHaveCount(100);

  await next(page).click();
  await expect(alert(page)).toHaveText(DOB_REQUIRED);
  await expect(field(page, 'Day')).toBeFocused();
  for (const part of ['Day', 'Month', 'Year']) {
    await expect(field(page, part)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, part)).toHaveAccessibleDescription(DOB_REQUIRED);
  }

  // A year alone is still not a date: the first part missing takes the focus.
  await field(page, 'Year').selectOption('1990');
  await next(page).click();
  await expect(alert(page)).toHaveText(DOB_REQUIRED);
  await expect(field(page, 'Day')).toBeFocused();
  await expect(field(page, 'Year')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/onboarding_4$/);
  expect(posts.count).toBe(0);
  expect(await userColumn<string | null>(email, `to_char("dateOfBirth", 'YYYY-MM-DD')`)).toBeNull();
  await page.screenshot({ path: 'test-results/first-hour-dob-empty.png', fullPage: true });

  await field(page, 'Month').selectOption({ label: 'March' });
  await field(page, 'Day').selectOption({ label: '07' });
  await expect(alert(page)).toHaveCount(0);
  await next(page).click();
  await expect(page).toHaveURL(/\/onboarding_5$/);
  expect(await userColumn<string>(email, `to_char("dateOfBirth", 'YYYY-MM-DD')`)).toBe('1990-03-07');

  // Back from step 5 shows what was saved, not a default.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/onboarding_4$/);
  await expect(selected(page, 'Day')).toHaveText('07');
  await expect(selected(page, 'Month')).toHaveText('March');
  await expect(selected(page, 'Year')).toHaveText('1990');
  await page.screenshot({ path: 'test-results/first-hour-dob-saved.png', fullPage: true });
});

/**
 * Holds back the page's scripts until `release()`: the browser shows the server's HTML alone, as on a slow
 * phone connection in the first seconds.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a date chosen while /onboarding_4 still loads is kept, and Next waits for the page', async ({ page, users }) => {
  const { email } = await users.create();
  const release = await holdScripts(page);
  await page.goto('/onboarding_4', { waitUntil: 'commit' });
  await field(page, 'Year').selectOption('1984');
  await field(page, 'Month').selectOption({ label: 'May' });
  await field(page, 'Day').selectOption({ label: '03' });
  // Pressed now, the browser would send the form itself and reload the page empty.
  await expect(next(page)).toBeDisabled();

  release();
  await expect(next(page)).toBeEnabled();
  await expect(selected(page, 'Day')).toHaveText('03');
  await next(page).click();
  await expect(page).toHaveURL(/\/onboarding_5$/);
  expect(await userColumn<string>(email, `to_char("dateOfBirth", 'YYYY-MM-DD')`)).toBe('1984-05-03');
});

test('/login pressed Enter before its script ran sends nothing: no password in the address, the fields kept', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const password = page.getByLabel('Password', { exact: true });
  await page.getByRole('textbox', { name: 'E-mail' }).fill('early@example.test');
  await password.fill('Not-in-the-address-1');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  await password.press('Enter');

  release();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('early@example.test');
  await expect(password).toHaveValue('Not-in-the-address-1');
});

test('/onboarding_7 takes a typed weight beside each slider, in kg or lbs, within the sliders’ range', async ({ page, users }) => {
  const { email } = await users.create({ at: 'weight', answers: EARLIER });
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/update_weight')) bodies.push(request.postDataJSON());
  });
  await page.goto('/onboarding_7');

  const currentSlider = field(page, 'Current weight');
  const currentTyped = field(page, 'Current weight (kg)');
  await expect(currentTyped).toHaveValue('95.0');
  await expect(currentTyped).toHaveAttribute('inputmode', 'decimal');

  // Typed → slider, in one go rather than 66 presses.
  await currentTyped.fill('72.5');
  await expect(currentSlider).toHaveValue('72.5');
  // Slider → typed.
  await currentSlider.focus();
  await currentSlider.press('ArrowRight');
  await expect(currentTyped).toHaveValue('72.6');

  // Out of range: the message in kg, linked to the field, and Next sends nothing.
  await currentTyped.fill('250');
  await currentTyped.press('Tab');
  const kgMessage = 'Current weight must be between 30 and 200 kg.';
  await expect(alert(page)).toHaveText(kgMessage);
  await expect(currentTyped).toHaveAttribute('aria-invalid', 'true');
  await expect(currentTyped).toHaveAccessibleDescription(/Current weight must be between 30 and 200 kg\.$/);
  await expect(currentSlider).toHaveValue('72.6');
  await next(page).click();
  await expect(currentTyped).toBeFocused();
  await expect(page).toHaveURL(/\/onboarding_7$/);
  expect(bodies).toEqual([]);

  await currentTyped.fill('80');
  await expect(alert(page)).toHaveCount(0);
  await expect(currentSlider).toHaveValue('80');

  // In lbs the typed fields convert with the sliders, and their bounds and words are in lbs.
  await page.getByRole('radio', { name: 'lbs' }).check();
  await expect(field(page, 'Current weight (lbs)')).toHaveValue('176.4');
  const desiredTyped = field(page, 'Desired weight (lbs)');
  await desiredTyped.fill('66');
  await desiredTyped.press('Tab');
  await expect(alert(page)).toHaveText('Goal weight must be between 66.1 and 440.9 lbs.');
  await desiredTyped.fill('165.3');
  await expect(field(page, 'Desired weight')).toHaveValue('165.3');
  // The typed field's arrow keys step by 0.1 as the slider's do.
  await desiredTyped.press('ArrowUp');
  await expect(desiredTyped).toHaveValue('165.4');
  await expect(alert(page)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/first-hour-weight-typed.png', fullPage: true });

  await next(page).click();
  await expect(page).toHaveURL(/\/onboarding_8$/);
  // 176.4 lbs is 80.01 kg, 165.4 lbs is 75.03 kg.
  expect(bodies).toEqual([{ current_weight: 80, desired_weight: 75 }]);
  expect(await userColumn<number>(email, '"currentWeightKg"')).toBe(80);
  expect(await userColumn<number>(email, '"desiredWeightKg"')).toBe(75);
});

test('/onboarding_6 has a slider beside the typed height, in cm or in feet and inches', async ({ page, users }) => {
  const { email } = await users.create({ at: 'height', answers: EARLIER });
  await page.goto('/onboarding_6');
  const height = field(page, 'Height');
  const slider = page.getByRole('slider', { name: 'Height slider' });
  await expect(height).toHaveValue('175');
  await expect(slider).toHaveValue('175');
  await expect(slider).toHaveAttribute('aria-valuetext', '175 cm');

  await height.fill('182');
  await expect(slider).toHaveValue('182');
  await slider.focus();
  await slider.press('ArrowLeft');
  await expect(height).toHaveValue('181');

  // 181 cm is 5 ft 11 in; the slider then moves an inch a step.
  await page.getByRole('radio', { name: 'ft/in' }).check();
  const feet = field(page, 'Feet');
  const inches = field(page, 'Inches');
  await expect(feet).toHaveValue('5');
  await expect(inches).toHaveValue('11');
  await expect(slider).toHaveAttribute('aria-valuetext', '5 ft 11 in');
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(feet).toHaveValue('6');
  await expect(inches).toHaveValue('0');
  await inches.fill('2');
  await expect(slider).toHaveAttribute('aria-valuetext', '6 ft 2 in');

  // 9 ft is past 8 ft 2 in: SPEC's message, linked to the fields.
  await feet.fill('9');
  await next(page).click();
  await expect(alert(page)).toHaveText(HEIGHT_MESSAGE);
  await expect(feet).toHaveAttribute('aria-invalid', 'true');
  await expect(feet).toHaveAccessibleDescription(HEIGHT_MESSAGE);
  await page.screenshot({ path: 'test-results/first-hour-height.png', fullPage: true });

  await feet.fill('6');
  await next(page).click();
  await expect(page).toHaveURL(/\/onboarding_7$/);
  // 6 ft 2 in is 187.96 cm.
  expect(await userColumn<number>(email, '"heightCm"')).toBe(188);
});

test('/onboarding_5 city list: the exact match first, nothing active until ArrowDown, which lands on it', async ({ page, context, users }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(LONDON);
  const { email } = await users.create({ at: 'location', answers: { 'date-of-birth': { date_of_birth: '1985-04-12' } } });
  const posts = countPosts(page, '/api/update_location');
  await page.goto('/onboarding_5');
  const country = page.getByRole('combobox', { name: 'Country' });
  const city = page.getByRole('combobox', { name: 'City' });
  const cityOptions = page.getByRole('listbox', { name: 'City' }).getByRole('option');

  await country.fill('United Kingdom');
  await page.getByRole('listbox', { name: 'Country' }).getByRole('option', { name: 'United Kingdom' }).click();
  await expect(city).toBeEnabled();

  // Typing opens the list with no option active: Enter on a partial name picks nothing and sends nothing.
  await city.fill('Manch');
  await expect(cityOptions.first()).toHaveText('Manchester');
  await expect(city).not.toHaveAttribute('aria-activedescendant');
  await city.press('Enter');
  await expect(city).toHaveValue('Manch');
  await expect(city).toHaveAttribute('aria-expanded', 'true');
  await expect(page).toHaveURL(/\/onboarding_5$/);
  expect(posts.count).toBe(0);

  // The full name: Manchester first, Godmanchester after it; ArrowDown lands on Manchester.
  await city.fill('Manchester');
  await expect(cityOptions.first()).toHaveText('Manchester');
  await expect(cityOptions.filter({ hasText: 'Godmanchester' })).toHaveCount(1);
  await expect(city).not.toHaveAttribute('aria-activedescendant');
  await city.press('ArrowDown');
  const firstId = await cityOptions.first().getAttribute('id');
  await expect(city).toHaveAttribute('aria-activedescendant', firstId ?? 'missing id');
  await page.screenshot({ path: 'test-results/first-hour-city-arrow-down.png', fullPage: true });
  await city.press('Enter');
  await expect(city).toHaveValue('Manchester');
  await expect(city).toHaveAttribute('aria-expanded', 'false');

  // The name typed in full, in any case, is taken by Enter without moving to it.
  await city.fill('godmanchester');
  await city.press('Enter');
  await expect(city).toHaveValue('Godmanchester');
  await city.fill('manchester');
  await city.press('Enter');
  await expect(city).toHaveValue('Manchester');

  await page.getByRole('switch', { name: 'Allow location access' }).click();
  await expect(page.getByRole('switch', { name: 'Allow location access' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding_6$/);
  expect(await userColumn<string>(email, 'city')).toBe('Manchester');
});

test('the check-in mood keeps every quick arrow press', async ({ page, users }) => {
  const { email } = await users.create({ onboarded: true });
  await page.goto('/daily_checkins');
  const happy = page.getByRole('radio', { name: 'Happy' });
  await expect(happy).toBeChecked();

  // Three presses straight after one another, no waiting in between: Happy → Neutral → Sad → Terrible.
  await happy.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Terrible' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Terrible' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Happy' })).not.toBeChecked();
  // And back right twice: Sad, then Neutral.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Neutral' })).toBeChecked();
  await page.screenshot({ path: 'test-results/first-hour-mood-keys.png', fullPage: true });

  // What is saved is what the radios show.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Neutral' })).toBeChecked();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Done for today' }).click();
  await expect(page).toHaveURL(/\/main_dashboard$/);
  const [row] = await query<{ mood: string }>('SELECT d.mood::text AS mood FROM daily_checkins d JOIN users u ON u.id = d."userId" WHERE u.email = $1', [email]);
  expect(row?.mood).toBe('neutral');
});
