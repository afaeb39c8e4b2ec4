// npm run bench:bundle [-- --no-build] — builds, serves the production build on a throwaway embedded
// database, loads every public page and the signed-in pages in Chromium, and prints the gzipped
// JavaScript each first load downloads. Pages over the budget are flagged and the exit code is 1.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Response } from '@playwright/test';

const BUDGET_KB = 180;
const PORT = process.env.BENCH_PORT ?? '3290';
const DB_PORT = process.env.BENCH_DB_PORT ?? '54490';
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench-Longevity-Oak-2026!';

const PUBLIC_PAGES = ['/', '/login', '/signup', '/forgot-password', '/reset-password/bench-token', '/onboarding_1', '/onboarding_2', '/onboarding_3', '/order_devices', '/pillars_overview', '/mobile-notice'];
const ONBOARDING_PAGES = Array.from({ length: 11 }, (_, i) => `/onboarding_${i + 4}`);
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

type Row = { page: string; landed: string; files: number; gzipBytes: number; budgeted: boolean };

const budgeted = (page: string) => page === '/' || page === '/login' || /^\/onboarding_\d+$/.test(page);

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
async function measure(context: BrowserContext, pagePath: string): Promise<Row> {
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
  return { page: pagePath, landed, files: sizes.length, gzipBytes: sizes.reduce((a, b) => a + b, 0), budgeted: budgeted(pagePath) };
}

async function post(context: BrowserContext, url: string, data: unknown): Promise<void> {
  const response = await context.request.post(`${BASE}${url}`, { data, headers: { origin: BASE, 'content-type': 'application/json' } });
  if (!response.ok()) throw new Error(`${url} answered ${response.status()}: ${await response.text()}`);
}

function print(rows: Row[]): boolean {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`\nGzipped first-load JavaScript (budget ${BUDGET_KB} kB on /, /login and /onboarding_1 to 14)\n`);
  console.log(`${'page'.padEnd(30)}${'files'.padStart(6)}${'kB gz'.padStart(9)}  status`);
  let over = false;
  for (const row of rows) {
    const tooBig = row.budgeted && row.gzipBytes > BUDGET_KB * 1024;
    over ||= tooBig;
    const status = row.landed !== row.page ? `redirected to ${row.landed}` : tooBig ? `OVER BUDGET (${BUDGET_KB} kB)` : row.budgeted ? 'ok' : '';
    console.log(`${row.page.padEnd(30)}${String(row.files).padStart(6)}${kb(row.gzipBytes).padStart(9)}  ${status}`);
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
    env: { ...process.env, DATABASE_URL: '', EMBEDDED_DB_DIR: path.join(dataDir, 'pglite'), EMBEDDED_DB_PORT: DB_PORT, PORT, NODE_ENV: 'production' },
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitForHealth();
    const rows: Row[] = [];
    const visitor = await browser.newContext();
    for (const page of PUBLIC_PAGES) rows.push(await measure(visitor, page));

    const member = await browser.newContext();
    await post(member, '/api/register', { firstName: 'Bench', lastName: 'Mark', email: `bench-${Date.now()}@example.test`, password: PASSWORD });
    for (const [url, body] of ANSWERS) await post(member, url, body);
    for (const page of ONBOARDING_PAGES) rows.push(await measure(member, page));
    await post(member, '/api/assign-terms', { accepted: true });
    rows.push(await measure(member, '/main_dashboard'));

    const rowsByPage = [...rows].sort((a, b) => Number(b.budgeted) - Number(a.budgeted));
    if (!print(rowsByPage)) process.exitCode = 1;
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
