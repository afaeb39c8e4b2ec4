import { expect, test } from './support/fixtures';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const SUBREQUEST = { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' };

test.describe('on a phone', () => {
  test.use({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/login', '/main_dashboard']) {
    test(`${path} shows only the mobile notice`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Mobile app coming soon' })).toBeVisible();
      await expect(page.getByText('please use a desktop browser')).toBeVisible();
      await expect(page).toHaveURL(path);
    });
  }

  test('API routes are untouched', async ({ request }) => {
    const response = await request.get('/api/health', { headers: { 'user-agent': ANDROID } });
    expect(await response.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

test.describe('on a desktop', () => {
  test('the landing page has no mobile notice', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
    await expect(page.getByText('Mobile app coming soon')).toHaveCount(0);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('signed out', () => {
  test('/main_dashboard redirects to /login', async ({ page }) => {
    await page.goto('/main_dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/main_dashboard still redirects with x-middleware-subrequest', async ({ page, request }) => {
    const response = await request.get('/main_dashboard', { headers: SUBREQUEST, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toMatch(/\/login$/);

    await page.setExtraHTTPHeaders(SUBREQUEST);
    await page.goto('/main_dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a forged session cookie gets past the proxy but not the page', async ({ context, page, baseURL }) => {
    await context.addCookies([{ name: 'next-auth.session-token', value: 'forged', url: baseURL! }]);
    await page.goto('/main_dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a signed-in user reaches the dashboard, and not once signed out in another tab', async ({ page, users }) => {
  await users.signIn();
  await page.goto('/main_dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();

  await users.signOutElsewhere();
  await page.goto('/main_dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
