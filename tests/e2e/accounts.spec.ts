import type { Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/demo/account';
import { expect, test } from './support/fixtures';
import { newestMailTo } from './support/mail';

// The browser's own requests share one IP, and /api/login allows 30 per IP in 15 minutes:
// this file makes 5 login attempts and 3 registrations through the browser.

const PASSWORD = 'Longevity-e2e-2026';
const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';
let counter = 0;
const uniqueEmail = () => `e2e-${Date.now()}-${++counter}@example.test`;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const authFlag = (page: Page) => page.evaluate(() => localStorage.getItem('isAuthenticated'));

test.describe('accounts', () => {
  test('sign up on /onboarding_3 with Enter, log out, and log back in on /login', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/onboarding_3');
    await expect(page.getByRole('progressbar', { name: 'Step 3 of 14' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_2');
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    // The e2e server has no Google or Apple client: the e-mail form stands alone, with no divider
    // leading from buttons that are not there.
    await expect(page.getByRole('button', { name: /Google|Apple/ })).toHaveCount(0);
    await expect(page.getByText('or sign up with e-mail', { exact: true })).toHaveCount(0);

    await field(page, 'First name').fill('Marcus');
    await field(page, 'Surname').fill('Aurelius');
    await field(page, 'E-mail').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Repeat password').fill(PASSWORD);
    await field(page, 'Repeat password').press('Enter');

    await expect(page).toHaveURL(/\/onboarding_4$/);
    await expect(page.getByRole('progressbar', { name: 'Step 4 of 14' })).toBeVisible();
    expect(await authFlag(page)).toBe('true');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await authFlag(page)).toBe('false');
    // The session is gone, not just the page.
    await page.goto('/main_dashboard');
    await expect(page).toHaveURL(/\/login$/);

    // Back in by the keyboard alone: the e-mail, Tab, the password, Enter. Tab goes from the e-mail to the
    // password (not to "Forgot password?", which comes after it).
    await page.goto('/login');
    await page.screenshot({ path: 'test-results/login.png' });
    await field(page, 'E-mail').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(field(page, 'Password')).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/onboarding_4$/);
    await expect(page.getByRole('progressbar', { name: 'Step 4 of 14' })).toBeVisible();
    expect(await authFlag(page)).toBe('true');
  });

  test('/onboarding_3 asks for every field, then matching passwords', async ({ page }) => {
    await page.goto('/onboarding_3');
    await field(page, 'First name').fill('Marcus');
    await field(page, 'E-mail').fill('   ');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill all the fields.' })).toBeVisible();

    await field(page, 'Surname').fill('Aurelius');
    await field(page, 'E-mail').fill(uniqueEmail());
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Repeat password').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
    await expect(page.getByText('Please fill all the fields.')).toHaveCount(0);
    await expect(page).toHaveURL(/\/onboarding_3$/);
  });

  test('/onboarding_3 with an e-mail that has an account sends the user to /login', async ({ page }) => {
    await page.goto('/onboarding_3');
    await field(page, 'First name').fill('Alex');
    await field(page, 'Surname').fill('Again');
    await field(page, 'E-mail').fill(DEMO_EMAIL);
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText('An account with this email already exists. You will be redirected to the login page.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/login shows the SPEC texts and links, and clears a session cookie that no longer works', async ({ context, page, users, request, baseURL }) => {
    await users.signIn();
    // The session ends elsewhere (a logout sent with a copy of the cookie): the browser still sends it.
    const token = (await context.cookies()).find((c) => c.name === 'next-auth.session-token')!.value;
    expect((await request.post('/api/logout', { headers: { cookie: `next-auth.session-token=${token}`, origin: baseURL! } })).ok()).toBe(true);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(page.getByText('Glad to see you again!', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByText("Don't have an account? Sign up", { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/');
    // No client ids in the e2e environment: no social buttons, and no divider leading from them
    // (tests/integration/http/social-sign-in.test.ts shows both with the providers configured).
    await expect(page.getByRole('button', { name: /Google|Apple/ })).toHaveCount(0);
    await expect(page.getByText('or login with', { exact: true })).toHaveCount(0);
    await expect.poll(() => authFlag(page)).toBe('false');

    // The sign-out that opening /login starts clears the dead cookie (a live session goes to the dashboard instead).
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'next-auth.session-token' && c.value)).toBe(false);
    await page.goto('/main_dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/login with a wrong password shows "Login failed" with the server message', async ({ page }) => {
    await logIn(page, DEMO_EMAIL, 'not-the-demo-password');
    const alert = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Incorrect e-mail or password.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await authFlag(page)).toBe('false');
  });

  test('/login validates the fields and reports a network error', async ({ context, page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Please enter your e-mail.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();

    await field(page, 'E-mail').fill(DEMO_EMAIL);
    await field(page, 'Password').fill('anything');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'An error occurred during login' })).toBeVisible();
    await context.setOffline(false);
  });

  test('a login waits for the sign-out that opening /login started', async ({ context, page }) => {
    // Were the login sent before the sign-out's answer, that late answer would clear the new session cookie.
    // A slow network (the browser's own emulation) keeps the sign-out in flight while the form is filled.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 800, downloadThroughput: -1, uploadThroughput: -1 });
    const events: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/login') && events.push('login sent'));
    page.on('requestfinished', (r) => r.url().endsWith('/api/logout') && events.push('logout answered'));

    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/main_dashboard$/);
    expect(events).toEqual(['logout answered', 'login sent']);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    const password = field(page, 'Password');
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue('secret-value');
  });

  test('/signup checks the passwords match, then registers, and /login passes the new user on', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await field(page, 'E-mail').fill(uniqueEmail());
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Repeat password').fill('something-else');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();

    await field(page, 'Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Signup successful! You can now log in.', { exact: true })).toBeVisible();
    // Registering signed the browser in, so /login passes it on to the dashboard, which resumes onboarding.
    await expect(page).toHaveURL(/\/onboarding_4$/);
  });

  test('/reset-password checks the passwords match', async ({ page }) => {
    await page.goto('/reset-password/some-token-that-does-not-matter-here');
    await field(page, 'New password').fill(PASSWORD);
    await field(page, 'Repeat new password').fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  });

  test('forgot password: the mailed link sets a new password once', async ({ context, page, users }) => {
    test.slow(); // Two argon2 resets, four sign-ins and an axe pass on each page.
    const { email } = await users.create({ password: PASSWORD });
    await context.clearCookies();
    const newPassword = 'Fresh-start-2026';

    await page.goto('/forgot-password');
    await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await field(page, 'E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Password reset link sent to your email.', { exact: true })).toBeVisible();

    const mail = await newestMailTo(email);
    const link = mail.text.match(/https?:\/\/\S+(\/reset-password\/[A-Za-z0-9_-]+)/)?.[1];
    expect(link, 'reset link in the mail').toBeTruthy();

    await page.goto(link!);
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Repeat new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password has been reset successfully!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, email, newPassword);
    // A fresh user's dashboard resumes onboarding at its first step.
    await expect(page).toHaveURL(/\/onboarding_4$/);

    // Signed in, /login would go straight to the dashboard: sign out before trying the old password.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toBeVisible();

    await page.goto(link!);
    await field(page, 'New password').fill('Another-start-2026');
    await field(page, 'Repeat new password').fill('Another-start-2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Password reset failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(INVALID_LINK);
  });

  test('a failed log-out says so and stays signed in', async ({ context, page, users }) => {
    await users.signIn();
    await page.goto('/main_dashboard');
    await context.setOffline(true);
    // On the signed-in pages, Log out sits in the header's menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'An error occurred while logging out. Please try again.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/main_dashboard$/);
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();
  });

  test('/dev/mail does not exist in production, and Apple\'s return page answers', async ({ page, request }) => {
    const response = await page.goto('/dev/mail');
    expect(response?.status()).toBe(404);

    for (const method of ['GET', 'POST'] as const) {
      const answer = await request.fetch('/authorize/apple/service', { method });
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toContain('You can close this window.');
    }
  });
});
