import type { Page } from '@playwright/test';
import { query } from './support/database';
import { expect, test } from './support/fixtures';
import { budget } from '../setup/machine-speed.js';

// One new user through every onboarding screen, 4 to 14, in the browser, with the DB row checked
// after each step. Each step's own spec covers its validation texts and failure paths in depth.
const PASSWORD = 'Journey-Pass-2026';

type Row = Record<string, unknown>;
const userRow = async (email: string) => (await query<Row>('SELECT * FROM users WHERE email = $1', [email]))[0]!;
const stepBar = (page: Page, n: number) => page.getByRole('progressbar', { name: `Step ${n} of 14` });
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

test('a new user goes from /onboarding_4 to /onboarding_14 through every screen', async ({ page, context, users }) => {
  test.setTimeout(budget(90_000));
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 51.5072, longitude: -0.1276 });
  const { email } = await users.create({ firstName: 'Jonah', lastName: 'Reid', password: PASSWORD });

  // The dashboard sends an unfinished onboarding to its first missing step.
  await page.goto('/main_dashboard');
  await expect(page).toHaveURL(/\/onboarding_4$/);

  // 4: date of birth, empty until chosen.
  await expect(stepBar(page, 4)).toBeVisible();
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue('');
  await page.getByLabel('Year', { exact: true }).selectOption('1984');
  await page.getByLabel('Month', { exact: true }).selectOption({ label: 'February' });
  await page.getByLabel('Day', { exact: true }).selectOption({ label: '29' });
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/onboarding_5$/);
  expect((await userRow(email)).dateOfBirth).toEqual(new Date('1984-02-29T00:00:00Z'));

  // 5: location; Continue needs location access first.
  await expect(stepBar(page, 5)).toBeVisible();
  await page.getByRole('combobox', { name: 'Country' }).fill('United Kingdom');
  await page.getByRole('listbox', { name: 'Country' }).getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByRole('combobox', { name: 'City' }).fill('Edinburgh');
  await page.getByRole('listbox', { name: 'City' }).getByRole('option').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enable location access to continue.')).toBeVisible();
  await page.getByRole('switch', { name: 'Allow location access' }).click();
  await expect(page.getByRole('switch', { name: 'Allow location access' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding_6$/);
  expect(await userRow(email)).toMatchObject({ country: 'gb', city: 'Edinburgh', allowLocationAccess: true });

  // 6: height in feet and inches.
  await expect(stepBar(page, 6)).toBeVisible();
  await page.getByRole('radio', { name: 'ft/in' }).check();
  await page.getByLabel('Feet', { exact: true }).fill('5');
  await page.getByLabel('Inches', { exact: true }).fill('11');
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/onboarding_7$/);
  expect((await userRow(email)).heightCm).toBe(180);

  // 7: weights in pounds, converted to kg; a full page load into the tutorial.
  await expect(stepBar(page, 7)).toBeVisible();
  await page.getByRole('radio', { name: 'lbs' }).check();
  await page.getByLabel('Current weight', { exact: true }).fill('220');
  await page.getByLabel('Desired weight', { exact: true }).fill('190');
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/onboarding_8$/);
  expect(await userRow(email)).toMatchObject({ currentWeightKg: 99.8, desiredWeightKg: 86.2 });

  // Halfway: a reload, or a jump ahead, lands on the first missing step.
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding_8$/);
  await page.goto('/onboarding_12');
  await expect(page).toHaveURL(/\/onboarding_8$/);
  await page.goto('/main_dashboard');
  await expect(page).toHaveURL(/\/onboarding_8$/);

  // 8: the tutorial, paused on slide 1 so that its 5 s auto-advance cannot race the clicks, Next four times, then Finish.
  await expect(stepBar(page, 8)).toBeVisible();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: /^Show slide 1:/ }).click();
  for (let i = 0; i < 4; i += 1) await nextButton(page).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/onboarding_9$/);
  expect((await userRow(email)).shenaiTutorialWatched).toBe(true);

  // 9: the camera measurement; this browser has no camera, so the step says so and leads on
  // (the measurement itself: vitals-scan.spec.ts, with a fake camera).
  await expect(stepBar(page, 9)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The camera isn’t available' })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding_10$/);

  // 10: biohacking experience.
  await page.getByRole('radio', { name: 'Becoming aware', exact: true }).check();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/onboarding_11$/);
  expect((await userRow(email)).biohackingExperience).toBe('becoming_aware');

  // 11: goals; blank is refused with SPEC's text.
  const goals = page.getByPlaceholder('Describe your health goals...');
  await goals.fill('   ');
  await nextButton(page).click();
  await expect(page.getByText('Please enter your health goals before proceeding.')).toBeVisible();
  await goals.fill('Lose 14 kg and sleep through the night.');
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/onboarding_12$/);
  expect((await userRow(email)).healthGoals).toBe('Lose 14 kg and sleep through the night.');

  // Reloading on a later step now keeps the user where they are.
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding_12$/);

  // 12: devices; Next appears once the checks have run.
  await expect(page.getByRole('heading', { name: 'Got a wearable device?' })).toBeVisible();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/onboarding_13$/);
  expect((await userRow(email)).devicesIntegrated).toBe(true);

  // 13: track one.
  await page.getByRole('button', { name: 'Get started with track one' }).click();
  await expect(page).toHaveURL(/\/onboarding_14$/);
  expect((await userRow(email)).track).toBe('one');

  // 14: the terms, unticked first.
  await page.getByRole('button', { name: 'Open my dashboard' }).click();
  await expect(page.getByText('You must accept the Terms and Conditions to proceed.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Agree to the Terms and Conditions' }).check();
  await page.getByRole('button', { name: 'Open my dashboard' }).click();
  await expect(page).toHaveURL(/\/main_dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Jonah' })).toBeVisible();
  const done = await userRow(email);
  expect(done.termsAcceptedAt).not.toBeNull();
  expect(Math.round(((done.trialEndsAt as Date).getTime() - (done.termsAcceptedAt as Date).getTime()) / 86_400_000)).toBe(30);

  // Finished: the steps send the user to the dashboard, except the track choice.
  await page.goto('/onboarding_6');
  await expect(page).toHaveURL(/\/main_dashboard$/);
  await page.goto('/onboarding_13');
  await expect(page).toHaveURL(/\/onboarding_13$/);
});
