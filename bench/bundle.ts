// npm run bench:bundle [-- --no-build] [--files] [--only=/a,/b] — builds, serves the production build on a throwaway embedded
// database (with the demo member seeded), loads every public page, each onboarding step (a new member) and
// every signed-in page (the demo member, whose pages have data and charts) in Chromium, and prints the
// gzipped JavaScript each first load downloads. Budgets: 180 kB on the public and onboarding pages, 150 kB
// on the signed-in ones; pages over the budget are flagged and the exit code is 1.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Response } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/demo/account';

const BUDGET_KB = 180;
const SIGNED_IN_BUDGET_KB = 150;
const PORT = process.env.BENCH_PORT ?? '3290';
const DB_PORT = process.env.BENCH_DB_PORT ?? '54490';
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench-Longevity-Oak-2026!';

const PUBLIC_PAGES = ['/', '/login', '/signup', '/forgot-password', '/reset-password/bench-token', '/onboarding_1', '/onboarding_2', '/onboarding_3', '/order_devices', '/pillars_overview', '/mobile-notice'];
const ONBOARDING_PAGES = Array.from({ length: 11 }, (_, i) => `/onboarding_${i + 4}`);
const SIGNED_IN_PAGES = [
  '/main_dashboard', '/insights', '/insights_zoom', '/my_actions', '/my_devices', '/my_results', '/profile', '/complete-profile', '/settings', '/daily_checkins',
  '/weekly_checkin', '/chat', '/help', '/refer_a_friend', '/master_your_mind', '/fuel_and_build', '/recharge_and_strengthen', '/connect_and_lead',
];
// The two older screens (SPEC §2), which send a member who has confirmed them (the demo member, or one
// who confirmed the devices step) on to the dashboard: measured as the new member before any answer.
const FIRST_TIME_PAGES = ['/instructions', '/devices-integrated'];
// The onboarding answers before the terms, through the real endpoints, so steps 4 to 14 all open.
const ANSWERS: [string, unknown][] = [
  ['/api/update_dob', { date_of_birth: '1985-04-12' }],
  ['/api/update_location', { country: 'gb', city: 'London', allow_location_access: true }],
  ['/api/update_height', { height: 180 }],
  ['/api/update_weight', { current_weight: 90, desired_weight: 82 }],
  ['/api/shenai-tutorial-watched', {}],
  ['/api/update_biohacking_experience', { biohacking_experience: 'Taking action' }],
  ['/api/update_health_goals', { health_goals: 'Sleep deeper.' }],
  ['/api/update_devices_integrated', { devices_integrated: true }],
  ['/api/set-track', { track: 'one' }],
];

type Row = { page: string; landed: string; files: number; gzipBytes: number; budget: number | null; sizes: [string, number][] };

// --only=/profile,/settings: measure just these pages (a quicker loop while working on them).
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',') ?? null;
const wanted = (page: string) => ONLY === null || ONLY.includes(page);

const budgetOf = (page: string, signedIn: boolean): number | null =>
  signedIn ? SIGNED_IN_BUDGET_KB : page === '/' || page === '/login' || /^\/onboarding_\d+$/.test(page) ? BUDGET_KB : null;

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer on ${BASE}/api/health`);
}

/**
 * Loads `page` in a fresh tab and sums the gzipped size of every JavaScript response until the load
 * event: the first load, without the prefetches of linked routes that start once the page is idle.
 */
async function measure(context: BrowserContext, pagePath: string, signedIn = false): Promise<Row> {
  const tab = await context.newPage();
  const bodies = new Map<string, Promise<number>>();
  const collect = (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    bodies.set(response.url(), response.body().then((body) => gzipSync(body).length, () => 0));
  };
  tab.on('response', collect);
  await tab.goto(`${BASE}${pagePath}`, { waitUntil: 'load' });
  tab.off('response', collect);
  const sizes = await Promise.all(bodies.values());
  const landed = new URL(tab.url()).pathname;
  await tab.close();
  const named = [...bodies.keys()].map((url, i): [string, number] => [new URL(url).pathname.split('/').pop() ?? url, sizes[i] ?? 0]);
  return { page: pagePath, landed, files: sizes.length, gzipBytes: sizes.reduce((a, b) => a + b, 0), budget: budgetOf(pagePath, signedIn), sizes: named };
}

async function post(context: BrowserContext, url: string, data: unknown): Promise<void> {
  const response = await context.request.post(`${BASE}${url}`, { data, headers: { origin: BASE, 'content-type': 'application/json' } });
  if (!response.ok()) throw new Error(`${url} answered ${response.status()}: ${await response.text()}`);
}

function print(rows: Row[]): boolean {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`\nGzipped first-load JavaScript (budget ${BUDGET_KB} kB on /, /login and /onboarding_1 to 14; ${SIGNED_IN_BUDGET_KB} kB on every signed-in page, as the demo member)\n`);
  console.log(`${'page'.padEnd(30)}${'files'.padStart(6)}${'kB gz'.padStart(9)}  status`);
  let over = false;
  for (const row of rows) {
    const tooBig = row.budget !== null && row.gzipBytes > row.budget * 1024;
    const moved = row.landed !== row.page.split('?')[0];
    over ||= tooBig || (row.budget !== null && moved);
    const status = moved ? `redirected to ${row.landed}` : tooBig ? `OVER BUDGET (${row.budget} kB)` : row.budget !== null ? `ok (${row.budget} kB)` : '';
    console.log(`${row.page.padEnd(30)}${String(row.files).padStart(6)}${kb(row.gzipBytes).padStart(9)}  ${status}`);
    // --files: each page's scripts, largest first, to see what a page over its budget carries.
    if (process.argv.includes('--files')) for (const [name, size] of [...row.sizes].sort((a, b) => b[1] - a[1])) console.log(`    ${name.padEnd(44)}${kb(size).padStart(9)}`);
  }
  return !over;
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vt-bench-bundle-'));
  // Its own process group, so stopping it also stops the embedded database it started.
  const server = spawn('npm', ['start'], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, SEED_DEMO: '1', DATABASE_URL: '', EMBEDDED_DB_DIR: path.join(dataDir, 'pglite'), EMBEDDED_DB_PORT: DB_PORT, PORT, NODE_ENV: 'production' },
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitForHealth();
    const rows: Row[] = [];
    const visitor = await browser.newContext();
    for (const page of PUBLIC_PAGES.filter(wanted)) rows.push(await measure(visitor, page));

    const member = await browser.newContext();
    await post(member, '/api/register', { firstName: 'Bench', lastName: 'Mark', email: `bench-${Date.now()}@example.test`, password: PASSWORD });
    for (const page of FIRST_TIME_PAGES.filter(wanted)) rows.push(await measure(member, page, true));
    for (const [url, body] of ANSWERS) await post(member, url, body);
    for (const page of ONBOARDING_PAGES.filter(wanted)) rows.push(await measure(member, page));
    await post(member, '/api/assign-terms', { accepted: true });

    const demo = await browser.newContext();
    await post(demo, '/api/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    for (const page of SIGNED_IN_PAGES.filter(wanted)) rows.push(await measure(demo, page, true));

    const rowsByPage = rows;
    if (!print(rowsByPage)) process.exitCode = 1;
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
