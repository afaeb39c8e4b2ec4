import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { budget } from '../../setup/machine-speed.js';

// WCAG 2.2 AA, as the product promises (common brief, "Accessibility").
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's minified build: the same rules as the 1.5 MB `source` it exports, in under half the bytes to send and parse. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** What AxeBuilder evaluates instead of its own copy once the document has axe. */
const AXE_PRESENT = 'void 0';

/**
 * The same file over HTTP from this worker, cacheable: a document that loads it as a script gets it from
 * the browser's cache and, from the third load in a browser context on, V8's compiled code too, where
 * sending the source through the DevTools protocol cost a third of a CPU-second in every document.
 */
let axeUrl: Promise<string> | undefined;
function servedAxe(): Promise<string> {
  axeUrl ??= new Promise((resolve, reject) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400, immutable' });
      response.end(AXE_SOURCE);
    });
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`));
  });
  return axeUrl;
}

/**
 * Puts axe into the page's document: as a script carrying the nonce of the page's own scripts (which the
 * app's Content Security Policy allows from any address), or, in a document with no nonced script (no
 * such policy to satisfy, or one that a script element would break), through the DevTools protocol.
 */
async function injectAxe(page: Page): Promise<void> {
  const loaded = await page.evaluate(
    (url) =>
      new Promise<boolean>((resolve) => {
        const nonce = (document.querySelector('script[nonce]') as HTMLScriptElement | null)?.nonce;
        if (!nonce) return resolve(false);
        const script = document.createElement('script');
        script.src = url;
        script.nonce = nonce;
        script.onload = () => {
          script.remove();
          resolve(typeof (window as { axe?: unknown }).axe === 'object');
        };
        script.onerror = () => resolve(false);
        document.head.append(script);
      }),
    await servedAxe(),
  );
  if (!loaded) await page.evaluate(AXE_SOURCE);
}

/**
 * axe-core on `page`, through @axe-core/playwright in legacy mode, with every node of every violation and
 * only a sample of the passes. On two cores the defaults made each check cost one to two seconds: the
 * finishing pass opens a blank page for every check (the app has no frames whose results it would merge),
 * and the 1.5 MB source is evaluated twice per check. Here the minified build goes into each document
 * once (injectAxe), and later checks of the same document reuse it.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const builder = (source: string) => new AxeBuilder({ page, axeSource: source }).withTags(WCAG_TAGS).setLegacyMode().options({ resultTypes: ['violations'] });
  // A page with frames gets the source from AxeBuilder, which puts it into every frame.
  if (page.frames().length > 1) return builder(AXE_SOURCE).analyze();
  // Asked apart: the source wrapped in a test would still be parsed whole each time.
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await injectAxe(page);
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
  // A page that goes on by itself while it is checked (/login signing a passkey in through the autofill)
  // destroys the document under the check: the page it lands on is checked instead, once it has loaded.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await checkDocument(page);
    } catch (error) {
      if (attempt === 3 || !/Execution context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState('load');
    }
  }
}

async function checkDocument(page: Page): Promise<void> {
  // A page that refreshes itself (router.refresh() while a sync runs) has no <title> for the moment React
  // swaps its head: the check waits for the title a reader meets, and still fails a page that never has one.
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: budget(2_000) }).catch(() => undefined);
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
