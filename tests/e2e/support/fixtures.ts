// Playwright's fixture callback is named `use`, which is not React's hook.
/* eslint-disable react-hooks/rules-of-hooks */
import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/demo/account';
import type { OnboardingStep } from '@/lib/routes';
import { appHeaders, nextClientAddress } from './client-address';
import { demoStatePath } from './demo-state';
import { answeringStepBefore, answerThrough, type Answers } from './onboarding-answers';
import { expectAccessible, watchCsp } from './page-checks';

export const PASSWORD = 'Longevity-e2e-2026';

export type TestUser = { email: string; password: string; firstName: string; lastName: string; address: string };
type CreateOptions = { firstName?: string; lastName?: string; password?: string; at?: OnboardingStep; answers?: Answers; /** Answers every step, terms included. */ onboarded?: boolean };

export type Users = {
  /** Registers a unique user through POST /api/register, signing the page's context in, then answers every step before `at`. */
  create(options?: CreateOptions): Promise<TestUser>;
  /** The user this test created last. */
  current(): TestUser;
  /** Signs the page's context in through POST /api/login (the demo by default), with a session of its own. */
  signIn(email?: string, password?: string): Promise<void>;
  /** Ends the page's session through POST /api/logout, as another tab of the same browser would. */
  signOutElsewhere(): Promise<void>;
};

type TestFixtures = { users: Users; signedInAsDemo: boolean; pageChecks: void };
type WorkerFixtures = { clientAddress: () => string };

let counter = 0;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  clientAddress: [async ({}, use, workerInfo) => use(() => nextClientAddress(workerInfo.parallelIndex)), { scope: 'worker' }],

  // Tests that read as the demo use its per-worker session from the setup project (demo.setup.ts).
  signedInAsDemo: [false, { option: true }],
  storageState: async ({ signedInAsDemo, storageState }, use, testInfo) => {
    await use(signedInAsDemo ? demoStatePath(testInfo.parallelIndex) : storageState);
  },

  users: async ({ page, baseURL, clientAddress }, use, testInfo) => {
    const address = clientAddress();
    const headers = () => appHeaders(baseURL!, address);
    let last: TestUser | undefined;
    await use({
      current() {
        if (!last) throw new Error('users.create() first');
        return last;
      },
      async create({ at, answers, onboarded = false, firstName = 'Marcus', lastName = 'Aurelius', password = PASSWORD } = {}) {
        const email = `e2e-w${testInfo.parallelIndex}-${Date.now()}-${++counter}@example.test`;
        const response = await page.request.post('/api/register', { data: { firstName, lastName, email, password }, headers: headers() });
        expect(response.status(), await response.text()).toBe(201);
        const before = onboarded ? 'terms' : at ? answeringStepBefore(at) : null;
        if (before) await answerThrough(page.request, baseURL!, address, before, answers);
        last = { email, password, firstName, lastName, address };
        return last;
      },
      async signIn(email = DEMO_EMAIL, password = DEMO_PASSWORD) {
        const response = await page.request.post('/api/login', { data: { email, password }, headers: headers() });
        expect(response.status(), await response.text()).toBe(200);
      },
      async signOutElsewhere() {
        const response = await page.request.post('/api/logout', { headers: headers() });
        expect(response.ok(), await response.text()).toBe(true);
      },
    });
  },

  // Every test: no CSP violation in any page, and the page it ends on passes axe-core (WCAG 2.2 AA).
  pageChecks: [
    async ({ context, page }, use) => {
      const csp = await watchCsp(context);
      await use();
      expect(csp, 'Content Security Policy violations').toEqual([]);
      if (!page.isClosed() && page.url().startsWith('http')) {
        // axe waits on timers: a test that left the page's clock paused would leave the audit hanging.
        await page.clock.resume().catch(() => undefined);
        await expectAccessible(page);
      }
    },
    { auto: true },
  ],

  // Each page a test opens with goto is checked with axe-core once it has loaded.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      if (page.url().startsWith('http')) await expectAccessible(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
