import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';

// WCAG 2.2 AA, as the product promises (common brief, "Accessibility").
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails on any WCAG 2.2 AA violation axe-core finds on the page as it is now, once its finite CSS
 * transitions and animations have ended: a slide half faded in has half its contrast, which is no state a
 * reader stays in (axe measured one on /pillars_overview when the test ended mid-transition).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page
    .evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe-core on ${page.url()}`).toEqual([]);
}

/**
 * Collects Content Security Policy violations in every page of `context`: the browser's console
 * reports, and `securitypolicyviolation` events, which the init script turns into console errors.
 */
export async function watchCsp(context: BrowserContext): Promise<string[]> {
  const reports: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`[e2e] Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`),
    );
  });
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) reports.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  return reports;
}
