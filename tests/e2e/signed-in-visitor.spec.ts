import { query } from './support/database';
import { expect, test } from './support/fixtures';

// A signed-in visitor on the public screens keeps their session: /login sends them on, the header offers the dashboard.

test('a signed-in user who opens /login goes to the dashboard and stays signed in', async ({ page, users }) => {
  // The real register call, through page.request, signs this browser in.
  const { email } = await users.create();

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  const dashboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
  await expect(dashboard).toHaveAttribute('href', '/main_dashboard');

  await page.goto('/login');
  // The dashboard sends an unfinished onboarding to its first step: either way, not the login form.
  await expect(page).toHaveURL(/\/(main_dashboard|onboarding_4)$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);

  const sessions = await query<{ count: string }>(
    'SELECT count(*) FROM sessions s JOIN users u ON u.id = s."userId" WHERE u.email = $1 AND s.expires > now()',
    [email],
  );
  expect(sessions[0]!.count).toBe('1');
  await page.goto('/main_dashboard');
  await expect(page).not.toHaveURL(/\/login$/);
});

test('a signed-out visitor sees "Log in" in the header and the login form on /login', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});
