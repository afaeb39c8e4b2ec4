import { expect, test } from './support/fixtures';

// Step 9 without a camera (this project's browsers have none): the user reads why and goes on.
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
