import type { Page } from '@playwright/test';
import { PILLARS } from '@/lib/pillars';
import { expect, test } from './support/fixtures';
import { budget } from '../setup/machine-speed.js';

test.describe('onboarding welcome and pitch', () => {
  test('Get started leads to /onboarding_2, and Next to /onboarding_3', async ({ page }) => {
    await page.goto('/onboarding_1');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Vitality' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page).toHaveURL('/onboarding_2');
    for (const title of ['Track', 'Connect', 'Optimise']) {
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }

    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/onboarding_3');
  });

  test('the back arrow on /onboarding_2 goes to /', async ({ page }) => {
    await page.goto('/onboarding_2');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: /Track and improve your longevity/ })).toBeVisible();
  });
});

test.describe('/pillars_overview', () => {
  const slideTitle = (page: Page, index: number) =>
    page.getByRole('heading', { level: 3, name: PILLARS[index]!.title, exact: true });

  test('preloads all four pillar images before any paging', async ({ page }) => {
    const requested = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/pillars/')) requested.add(pathname);
    });

    await page.goto('/pillars_overview');
    await expect(page.getByRole('heading', { level: 1, name: 'Longevity pillars' })).toBeVisible();
    await expect(page.getByText('1 of 4', { exact: true })).toBeVisible();

    await expect
      .poll(() => [...requested].sort())
      .toEqual(PILLARS.map((pillar) => pillar.image.src).sort());
    expect(PILLARS.map((pillar) => pillar.image.src)).toEqual([
      '/pillars/fuel-and-build.svg',
      '/pillars/recharge-and-strengthen.svg',
      '/pillars/connect-and-lead.svg',
      '/pillars/master-your-mind.svg',
    ]);
  });

  test('pages through four slides with the ends and a 400 ms click lock disabling the buttons', async ({ page }) => {
    // The page's timers run on Playwright's clock, which stands still once the page has loaded.
    await page.clock.install();
    await page.goto('/pillars_overview');
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });

    await expect(slideTitle(page, 0)).toBeVisible();
    await expect(slideTitle(page, 0)).toHaveText('Fuel & Build');
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

    await next.click();
    await expect(next).toBeDisabled();
    await expect(previous).toBeDisabled();
    await expect(slideTitle(page, 1)).toBeVisible();
    await expect(slideTitle(page, 1)).toHaveText('Recharge & Strengthen');
    await expect(page.getByText('2 of 4', { exact: true })).toBeVisible();

    // The lock lasts 400 ms of the page's time, to the millisecond.
    await page.clock.runFor(399);
    await expect(next).toBeDisabled();
    await expect(previous).toBeDisabled();
    await page.clock.runFor(1);
    await expect(next).toBeEnabled();
    await expect(previous).toBeEnabled();

    // Mid-carousel, Previous can only be disabled by the lock.
    await next.click();
    await expect(previous).toBeDisabled();
    await expect(next).toBeDisabled();
    await expect(slideTitle(page, 2)).toHaveText('Connect & Lead');
    await page.clock.runFor(400);
    await expect(previous).toBeEnabled();

    await next.click();
    await expect(slideTitle(page, 3)).toHaveText('Master Your Mind');
    await expect(page.getByText('4 of 4', { exact: true })).toBeVisible();
    await page.clock.runFor(400);
    await expect(previous).toBeEnabled();
    await expect(next).toBeDisabled();
    await expect(slideTitle(page, 2)).toBeHidden();

    await previous.click();
    await expect(slideTitle(page, 2)).toBeVisible();
    await expect(page.getByText('3 of 4', { exact: true })).toBeVisible();
  });

  test('a double click moves one slide, not two', async ({ page }) => {
    await page.goto('/pillars_overview');
    await page.getByRole('button', { name: 'Next' }).dblclick();
    await expect(slideTitle(page, 1)).toBeVisible();
    await expect(page.getByText('2 of 4', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: budget(2_000) });
    await expect(page.getByText('2 of 4', { exact: true })).toBeVisible();
  });

  test('links back to / for a visitor, and a signed-in member back where they came from or to the dashboard', async ({ page, users }) => {
    await page.goto('/pillars_overview');
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/');
    await users.create({ onboarded: true });
    await page.goto('/pillars_overview');
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/main_dashboard');
    await page.goto('/order_devices');
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/main_dashboard');
    await page.goto('/main_dashboard');
    await page.getByRole('link', { name: 'Find out more about the longevity pillars' }).click();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/main_dashboard$/);
  });

  test('/favicon.ico is the logo', async ({ request }) => {
    const answer = await request.get('/favicon.ico');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  });
});

test.describe('/order_devices', () => {
  test('links to the three retailers in a new tab', async ({ page }) => {
    await page.goto('/order_devices');
    await expect(page.getByRole('heading', { level: 1, name: 'Order a device' })).toBeVisible();

    const external = page.locator('a[target="_blank"]');
    await expect(external).toHaveCount(3);
    const expected = [
      { name: /Oura Ring/, href: 'https://ouraring.com', image: 'Illustration of a smart ring' },
      { name: /Whoop/, href: 'https://www.whoop.com', image: 'Illustration of a wrist strap tracker' },
      { name: /Withings/, href: 'https://www.withings.com', image: 'Illustration of a smart body scale' },
    ];
    for (const device of expected) {
      const link = page.getByRole('link', { name: device.name });
      await expect(link).toHaveAttribute('href', device.href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link.getByRole('img', { name: device.image })).toBeVisible();
    }
    const hosts = await external.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).host));
    expect(hosts).toEqual(['ouraring.com', 'www.whoop.com', 'www.withings.com']);
  });

  test('Back returns to the same-site origin it was opened from', async ({ page }) => {
    await page.goto('/order_devices?origin=/onboarding_11');
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/onboarding_11');
  });

  for (const origin of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    test(`Back falls back to / for ?origin=${origin}`, async ({ page }) => {
      await page.goto(`/order_devices?origin=${encodeURIComponent(origin)}`);
      const back = page.getByRole('link', { name: 'Back', exact: true });
      await expect(back).toHaveAttribute('href', '/');
      await back.click();
      await expect(page).toHaveURL('/');
    });
  }

  test('Back goes to / without an origin', async ({ page }) => {
    await page.goto('/order_devices');
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/');
  });
});

test.describe('signed in as the demo', () => {
  test.use({ signedInAsDemo: true });

  test('a signed-in user reads each pillar page and can go back to the dashboard', async ({ page }) => {
    for (const pillar of PILLARS) {
      await page.goto(`/${pillar.slug}`);
      await expect(page).toHaveURL(`/${pillar.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: pillar.title, exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: pillar.image.alt })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/main_dashboard');
    }
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL('/main_dashboard');
  });
});
