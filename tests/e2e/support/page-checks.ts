import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import { expect, type BrowserContext, type Page } from '@playwright/test';

// WCAG 2.2 AA, as the product promises (common brief, "Accessibility").
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's minified build: the same rules as the 1.5 MB `source` it exports, in under half the bytes to send and parse. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** What AxeBuilder evaluates instead of its own copy once the document has axe. */
const AXE_PRESENT = 'void 0';

/**
 * axe-core on `page`, through @axe-core/playwright in legacy mode, with every node of every violation and
 * only a sample of the passes. On two cores the defaults made each check cost one to two seconds: the
 * finishing pass opens a blank page for every check (the app has no frames whose results it would merge),
 * and the 1.5 MB source is evaluated twice per check. Here the minified build goes into each document
 * once, and later checks of the same document reuse it.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const builder = (source: string) => new AxeBuilder({ page, axeSource: source }).withTags(WCAG_TAGS).setLegacyMode().options({ resultTypes: ['violations'] });
  // A page with frames gets the source from AxeBuilder, which puts it into every frame.
  if (page.frames().length > 1) return builder(AXE_SOURCE).analyze();
  // Asked apart: the source wrapped in a test would still be parsed whole each time.
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(AXE_SOURCE);
  // A document that replaced this one since has no axe: that one gets the source too.
  return builder(AXE_PRESENT)
    .analyze()
    .catch(() => builder(AXE_SOURCE).analyze());
}

/**
 * Fails on any WCAG 2.2 AA violation axe-core finds on the page as it is now, once it has its title and its
 * finite CSS transitions and animations have ended: a slide half faded in has half its contrast, which is no state a
 * reader stays in (axe measured one on /pillars_overview when the test ended mid-transition).
 */
export async function expectAccessible(page: Page): Promise<void> {
  // A page that refreshes itself (router.refresh() while a sync runs) has no <title> for the moment React
  // swaps its head: the check waits for the title a reader meets, and still fails a page that never has one.
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 2_000 }).catch(() => undefined);
  await page
    .evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))
    .catch(() => undefined);
  const { violations } = await runAxe(page);
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
