import { expect, test } from './support/fixtures';

test('/instructions (the older screen): the tick is required, then the flag is saved and /dashboard opens; once read it goes there at once', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await page.goto('/instructions');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Vitality' })).toBeVisible();
  // This server connects Whoop alone (and has the iPhone app): the first habit names only those.
  await expect(page.getByText('Whoop from My devices, or Apple Health through our iOS app. Your last 90 days come in within minutes;', { exact: false })).toBeVisible();
  await expect(page.getByText(/Oura|Withings/)).toHaveCount(0);
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
  // Onboarding's answers are already in, in the words the member chose there.
  await expect(page.getByLabel('Height (cm) *')).not.toHaveValue('');
  await expect(page.getByLabel('Biohacking experience')).toHaveValue('Becoming aware');
  await expect(page.getByLabel('Biohacking experience').getByRole('option', { name: 'Intermediate' })).toHaveCount(0);
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

test('/profile on track one: the kit address follows the country, and the order says honestly whether the kit is on its way', async ({ page, users }) => {
  await users.create({ onboarded: true });
  await page.goto('/profile#kit');
  const kit = page.getByRole('region', { name: 'Your blood testing kit' });
  const form = kit.getByRole('form', { name: 'Kit delivery address' });
  // The e2e server has no KIT_ORDERS_EMAIL: no kit goes out from it, and the card says so before any order.
  await expect(kit.getByText('Kit orders are not being sent out yet.', { exact: false })).toBeVisible();
  await form.getByLabel('Country').selectOption('us');
  // A US address asks for a state and a ZIP code.
  await expect(form.getByLabel('State')).toBeVisible();
  await expect(form.getByLabel('ZIP code')).toBeVisible();
  await form.getByLabel('Country').selectOption('gb');
  await expect(form.getByLabel('County (optional)')).toBeVisible();
  await form.getByLabel('Address line 1').fill('10 Downing Street');
  await form.getByLabel('Town or city').fill('London');
  await form.getByLabel('Postcode').fill('12345');
  await form.getByRole('button', { name: 'Order my kit' }).click();
  await expect(form.getByText('Please enter a valid postal code.')).toBeVisible();
  await form.getByLabel('Postcode').fill('SW1A 2AA');
  await form.getByRole('button', { name: 'Order my kit' }).click();
  // The e2e server has no KIT_ORDERS_EMAIL: the order is kept, and the member is not told it is on its way.
  await expect(kit.getByText('Your kit is not on its way yet')).toBeVisible();
  await expect(form.getByLabel('Postcode')).toHaveValue('SW1A 2AA');
  await page.screenshot({ path: 'test-results/profile-kit-order.png', fullPage: true });
  // A waiting order is no kit on its way: the dashboard's blood step is the upload of a report, still to do.
  await page.goto('/main_dashboard');
  await expect(page.getByTestId('start-blood')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('start-blood')).toContainText('Upload a blood test');
});
