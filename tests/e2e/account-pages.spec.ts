import { expect, test } from './support/fixtures';

test('/instructions (the older screen): the tick is required, then the flag is saved and /dashboard opens; once read it goes there at once', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await page.goto('/instructions');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Vitality' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You must confirm that you have read the instructions to proceed.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I have read the instructions' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/main_dashboard$/);
  await page.goto('/instructions');
  await expect(page).toHaveURL(/\/main_dashboard$/);
});

test('/help: three FAQ tabs by keyboard, expandable questions; /refer_a_friend says coming soon', async ({ page, users }) => {
  await users.signIn();
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Help topics' }).getByRole('tab');
  await expect(tabs).toHaveText(['General questions', 'Account settings', 'Technical support']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  // Arrow keys move between the tabs, as WAI-ARIA's tabs pattern says.
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Account settings' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Account settings' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  const technical = page.getByRole('tabpanel', { name: 'Technical support' });
  await expect(technical).toBeVisible();

  // A question opens to its answer.
  const question = technical.getByText('What does the camera scan measure?');
  await question.click();
  await expect(technical.getByText(/heart rate, heart-rate variability \(SDNN and lnRMSSD\), breathing rate/)).toBeVisible();
  await page.screenshot({ path: 'test-results/help.png', fullPage: true });

  await page.goto('/refer_a_friend');
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
  await expect(page.getByText('Coming soon...', { exact: true })).toBeVisible();
});

test('/complete-profile (the older screen): prefilled, the required fields checked, saved to /dashboard; complete, it goes there at once and the profile marks it Completed', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Fill in the health history form' }).click();
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Health history' })).toBeVisible();
  await expect(page.getByText(/are required\./)).toBeVisible();
  // Onboarding's answers are already in.
  await expect(page.getByLabel('Height (cm) *')).not.toHaveValue('');
  await page.getByLabel('Weight (kg) *').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter your weight in kg.')).toBeVisible();
  await expect(page.getByText('Please choose a gender.')).toBeVisible();

  await page.getByLabel('Weight (kg) *').fill('86.5');
  await page.getByLabel('Gender *').selectOption('Male');
  await page.getByLabel('Goal weight (kg)').fill('80');
  await page.getByLabel('Daily time for your health (hours)').fill('1');
  await page.getByLabel('Activity level').selectOption('Lightly Active');
  await page.getByLabel('Diet pattern').selectOption('Mediterranean');
  await page.getByLabel('Plan preference').selectOption('Structured');
  await page.getByLabel('Current biohacks').fill('Morning light, creatine');
  await page.getByLabel('Health conditions').fill('None');
  await page.getByLabel('Additional focus areas').fill('Sleep');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/main_dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('profileComplete'))).toBe('true');

  await page.goto('/complete-profile');
  await expect(page).toHaveURL(/\/main_dashboard$/);
  await page.goto('/profile');
  await expect(page.getByRole('listitem').filter({ hasText: 'Health history form' }).getByText('Completed')).toBeVisible();
});
