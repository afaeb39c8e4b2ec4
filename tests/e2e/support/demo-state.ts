import path from 'node:path';

/** Where the setup project saves the demo's signed-in storage state for parallel worker `index`. */
export const demoStatePath = (index: number) => path.resolve('.data/e2e-auth', `demo-${index}.json`);

/**
 * Workers for the page tests (server-db) beside the camera scan: one, on this 2-core machine, where `npm test`
 * runs Jest beside Playwright; two or three gave the same minutes for nearly twice the CPU (docs/testing.md).
 * Once the scan and billing are done, the page tests take their worker too (playwright.config.ts).
 */
export const E2E_PAGE_WORKERS = Number(process.env.E2E_WORKERS ?? 1);
/**
 * Workers in all: one more, for the camera scan and billing beside the page tests (playwright.config.ts).
 * As many demo sessions: each worker signs in once, in the setup project.
 */
export const E2E_WORKERS = E2E_PAGE_WORKERS + 1;
