import { defineConfig } from '@playwright/test';
import { E2E_DATABASE_URL, E2E_MAIL_DIR } from './tests/e2e/support/database';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium';
import { E2E_WORKERS } from './tests/e2e/support/demo-state';
import { E2E_OPENAI_BASE_URL, E2E_OPENAI_KEY, E2E_TOKEN_KEY, E2E_WHOOP_BASE_URL, E2E_WHOOP_CLIENT } from './tests/e2e/support/openai';
import {
  E2E_BILLING_DATABASE_URL,
  E2E_BILLING_PORT,
  E2E_STRIPE_PORT,
  E2E_STRIPE_PRICE,
  E2E_STRIPE_SECRET_KEY,
  E2E_STRIPE_WEBHOOK_SECRET,
} from './tests/e2e/support/stripe';
import { E2E_SECURITY_DATABASE_URL, E2E_SECURITY_PORT, E2E_SECURITY_URL } from './tests/e2e/support/security-server';
import { budget } from './tests/setup/machine-speed.js';

// Overridable so that several checkouts can run their suites side by side.
const PORT = process.env.E2E_PORT ?? '3100';

export default defineConfig({
  testDir: 'tests/e2e',
  // Two cores here, shared with Jest (scripts/test.mjs runs both at once): one worker for the pages
  // (server-db), one more for the camera scan's browsers, which mostly wait on the camera's pace, and for
  // billing once the scan is done; each worker with its own demo session and users (support/fixtures.ts).
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: 0,
  // Each test's time too, for the summary `npm test` prints at its end (scripts/test-timings.mjs).
  reporter: [[process.env.CI ? 'line' : 'list'], ['./tests/timing/playwright-timing-reporter.mjs']],
  // Every limit is one on a good day times the machine's speed factor (tests/setup/machine-speed.js, measured
  // once by `npm test`): a limit is when a wait gives up, and on a slow day everything takes longer.
  timeout: budget(60_000),
  // An assertion's wait (Playwright's own 5 s): a page's answer to a click, which on a slow day has taken longer.
  expect: { timeout: budget(10_000) },
  use: {
    headless: true,
    // No action waits without end (Playwright's default): a label that never appears fails in 30 s with the
    // locator it sought, not at the end of a four-minute test with no word of where it hung.
    actionTimeout: budget(30_000),
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A trace records a screenshot of every change on screen, which starves the pages of the two cores (a
    // scan page playing a camera saw 1 to 3 of its 15 frames a second): kept for runs on a developer's
    // machine, off in CI, where nobody can open the files it would leave.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    // The camera scan against generated videos (browsers of its own, with a fake camera each). First, on one
    // worker, while the other runs the rest: its two 45-second measurements mostly wait on the camera's pace,
    // and its browsers run at a higher priority than everything else (support/chromium-ahead.sh), so the
    // camera keeps its pace beside the other tests.
    { name: 'scan', testMatch: /vitals-scan\.spec\.ts/, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT}` } },
    // Signs the demo in once per worker through the real POST /api/login and saves its storage state.
    { name: 'setup', testMatch: /\.setup\.ts$/, use: { baseURL: `http://127.0.0.1:${PORT}` } },
    // The page tests: E2E_PAGE_WORKERS at once beside the scan, and the scan's worker too once the scan and
    // billing are done (in the fresh-clone run at a75dcaf they ended at about 300 s, and the page tests ran
    // on alone for 400 s more).
    { name: 'server-db', testIgnore: /(billing|vitals-scan|log-scan|sign-in-security|first-hour-words)\.spec\.ts/, dependencies: ['setup'], workers: E2E_WORKERS, use: { baseURL: `http://127.0.0.1:${PORT}` } },
    // Billing on, against a fake Stripe: a server of its own, since it sends every new user to checkout.
    { name: 'billing', testMatch: /billing\.spec\.ts/, workers: 1, use: { baseURL: `http://127.0.0.1:${E2E_BILLING_PORT}` } },
    // Passkeys, the second step and step-up, on the server at http://localhost (a passkey needs a domain name);
    // and a new member's first hour on an install with no wearable, voice or kit keys, which this server also is.
    { name: 'security', testMatch: /(sign-in-security|first-hour-words)\.spec\.ts/, use: { baseURL: E2E_SECURITY_URL } },
    // Last: the servers' logs of the whole run, scanned for the passwords, addresses, tokens, health values
    // and file names the other projects used.
    { name: 'logs', testMatch: /log-scan\.spec\.ts/, dependencies: ['server-db', 'scan', 'billing', 'security'] },
  ],
  webServer: [
    {
      // The production build on a fresh database on the PostgreSQL server.
      command: 'node_modules/.bin/tsx tests/e2e/support/server.ts',
      url: `http://127.0.0.1:${PORT}/api/health`,
      env: {
        DATABASE_URL: E2E_DATABASE_URL,
        PORT,
        MAIL_DIR: E2E_MAIL_DIR,
        APP_URL: `http://127.0.0.1:${PORT}`,
        NEXTAUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        // The test runner's API calls stand in for a trusted proxy (see support/register.ts).
        TRUSTED_PROXY_COUNT: '1',
        // Voice input on, against the fake OpenAI peer that onboarding-goals-devices.spec.ts starts.
        OPENAI_API_KEY: E2E_OPENAI_KEY,
        OPENAI_BASE_URL: E2E_OPENAI_BASE_URL,
        // Whoop alone has an OAuth client, so the devices step shows both a connectable and an unavailable card;
        // it is reached at the fake Whoop that onboarding-goals-devices.spec.ts starts.
        WHOOP_CLIENT_ID: E2E_WHOOP_CLIENT.clientId,
        WHOOP_CLIENT_SECRET: E2E_WHOOP_CLIENT.clientSecret,
        WHOOP_BASE_URL: E2E_WHOOP_BASE_URL,
        TOKEN_ENCRYPTION_KEY: E2E_TOKEN_KEY,
        // This install has the iPhone app, so My devices offers its device tokens (the billing server has none).
        IOS_APP_URL: 'https://apps.apple.com/app/id0000000000',
        // The report readers (OCR) at the test processes' priority, not below them (docs/configuration.md).
        LAB_READER_NICENESS: '0',
      },
      timeout: budget(120_000),
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The same production build with billing on, on a database of its own (no demo: its tests sign up).
      command: 'node_modules/.bin/tsx tests/e2e/support/server.ts --no-demo',
      url: `http://127.0.0.1:${E2E_BILLING_PORT}/api/health`,
      env: {
        DATABASE_URL: E2E_BILLING_DATABASE_URL,
        PORT: E2E_BILLING_PORT,
        MAIL_DIR: `${E2E_MAIL_DIR}-billing`,
        APP_URL: `http://127.0.0.1:${E2E_BILLING_PORT}`,
        NEXTAUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        TRUSTED_PROXY_COUNT: '1',
        STRIPE_SECRET_KEY: E2E_STRIPE_SECRET_KEY,
        STRIPE_PRICE_ID: E2E_STRIPE_PRICE,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
      },
      timeout: budget(120_000),
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The same build at http://localhost (for the passkeys), on a database of its own, with an encryption
      // key for the authenticator apps' secrets.
      command: 'node_modules/.bin/tsx tests/e2e/support/server.ts --no-demo',
      url: `http://127.0.0.1:${E2E_SECURITY_PORT}/api/health`,
      env: {
        DATABASE_URL: E2E_SECURITY_DATABASE_URL,
        PORT: E2E_SECURITY_PORT,
        MAIL_DIR: `${E2E_MAIL_DIR}-security`,
        APP_URL: E2E_SECURITY_URL,
        NEXTAUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        TRUSTED_PROXY_COUNT: '1',
        TOKEN_ENCRYPTION_KEY: E2E_TOKEN_KEY,
      },
      timeout: budget(120_000),
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
