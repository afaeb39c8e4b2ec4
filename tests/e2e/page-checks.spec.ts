// The accessibility check every page visit goes through (support/page-checks.ts) puts axe-core into a
// document once and reuses it for later checks of the same document: both ways must still find a fault.
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/page-checks';

// Put straight into <body>, which React 19 leaves alone when it hydrates (an image inside <main> was sometimes
// taken out again when the test ran ahead of hydration after a reload, and the check then rightly passed).
const addUnlabelledImage = async (page: import('@playwright/test').Page) => {
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.id = 'e2e-unlabelled-image';
    image.src = '/favicon.ico';
    document.body.append(image);
  });
  await expect(page.locator('#e2e-unlabelled-image')).toBeAttached();
};

test('the accessibility check finds a fault in a document it has checked before, and in a new one', async ({ page }) => {
  // goto checks the page once, so axe is already in this document.
  await page.goto('/login');
  await addUnlabelledImage(page);
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt \(critical\)/);

  // A new document, with no axe in it yet.
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => typeof (window as { axe?: unknown }).axe)).toBe('undefined');
  await addUnlabelledImage(page);
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt \(critical\)/);

  // Put right, the same document passes (as the check at the end of every test will see).
  await page.evaluate(() => document.getElementById('e2e-unlabelled-image')?.remove());
  await expectAccessible(page);
});
