// npm run bench:dashboard [-- --no-build] — builds, seeds one user with three years of wearable data in a
// database of its own on the PostgreSQL server, serves the production build on it, signs in through the
// real POST /api/login and loads the dashboard's data calls with autocannon (50 connections): the seven
// calls in rotation for 20 s, then each alone for 5 s, then the rotation again while a history import is read
// in another process (a 2-million-record Apple Health export, as the job reads it). It also prints the gzipped first-load JavaScript of
// /main_dashboard, and, for reference, the rotation again with the answer cache off. Targets: p95 ≤ 100 ms with no non-2xx answers or errors, first-load JS ≤ 200 kB; a miss
// exits 1. The database (vitality_bench_dashboard) is dropped and recreated on each run, and kept afterwards
// so its rows and plans can be looked at.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response as BrowserResponse } from '@playwright/test';
import autocannon from 'autocannon';
import { hashPassword } from '@/lib/auth/password';
import { createPrismaClient } from '@/lib/db';
import { env } from '@/lib/env';
import { demoCheckins } from '@/lib/demo/checkins';
import { demoDays, ringDay, scaleDay } from '@/lib/demo/metrics';
import { demoHeartRateSamples, SAMPLE_INTERVAL_MS } from '@/lib/demo/heart-rate';
import { gaussian, seededRandom } from '@/lib/seeded-random';
import { SUPPLEMENTS } from '@/lib/demo/supplements';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { BiohackingExperience, Energy, MetricSource, Mood, ScanSource, Track } from '@/lib/generated/prisma/enums';
import { NG_DL_PER_NMOL_L, toNgPerDl } from '@/lib/labs/testosterone';
import { startBenchServer } from './production-server';
import { recreateDatabase } from './server-database';
import { percentile } from './stats';
import { streamLargeExport } from '../tests/support/apple-health-export';

const CONNECTIONS = 50;
const MIX_SECONDS = 20;
const SOLO_SECONDS = 5;
/** The reference run with the answer cache off. */
const UNCACHED_SECONDS = 10;
/** An untimed run of the mix first, so the timed runs see warm JIT, route modules and a full pool. */
const WARMUP_SECONDS = 3;
const P95_TARGET_MS = 100;
const JS_BUDGET_KB = 200;

const METRIC_DAYS = 3 * 365 + 1; // three years of days, today included
const HEART_RATE_DAYS = 365;
const HEART_RATE_BATCH = 17_500; // samples per INSERT
const DAY_MS = 86_400_000;

const DATABASE = 'vitality_bench_dashboard';
const EMAIL = 'bench-dashboard@example.test';
const PASSWORD = 'Bench-Dashboard-Oak-2026!';

type Endpoint = { method: 'GET' | 'POST'; path: string; body?: unknown };
const labelOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

// The calls the dashboard makes when it opens (its cards and the alert banner).
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/vitals' },
  { method: 'GET', path: '/api/activity' },
  { method: 'GET', path: '/api/sleep_score' },
  { method: 'GET', path: '/api/trends/testosterone' },
  { method: 'GET', path: '/api/todays_actions' },
  { method: 'GET', path: '/api/notification/next' },
  { method: 'POST', path: '/api/recommendations', body: { lat: 51.5, lon: -0.13 } },
];

/** One autocannon run: every answer's time and status, per endpoint, and the run's totals. */
type Run = { seconds: number; samples: number[][]; statuses: Map<number, number>[]; errors: number };
type FirstCall = { status: number; ms: number };

const today = new Date();
const noBuild = process.argv.includes('--no-build');
const serverProcesses = process.env.WEB_CONCURRENCY?.trim() || '1';
const progress = (message: string) => process.stderr.write(`${message}\n`);

// Best-effort cleanup if the run is interrupted (Ctrl-C); normal and failed runs clean up in finally blocks.
const onInterrupt = new Set<() => Promise<void>>();
process.once('SIGINT', () => {
  progress('Interrupted: cleaning up…');
  void Promise.allSettled([...onInterrupt].map((cleanup) => cleanup())).then(() => process.exit(130));
});

// ───────────────────────────── the database ─────────────────────────────

/** Drops and recreates the benchmark's database and migrates it with the real CLI; answers its URL and server version. */
async function freshDatabase(): Promise<{ url: string; major: number }> {
  const database = await recreateDatabase(DATABASE);
  execFileSync('node_modules/.bin/tsx', ['scripts/db/migrate.ts'], { env: { ...process.env, DATABASE_URL: database.url }, stdio: 'pipe' });
  return database;
}

/**
 * One onboarded user: three years of ring and scale rows (one per source per day), a year of five-minute
 * heart rates, quarterly testosterone results in both units, an onboarding and a weekly scan, two
 * weeks of check-ins, and the supplement catalogue. Answers the row counts.
 */
async function seed(db: PrismaClient): Promise<{ metricRows: number; heartRateRows: number; labResults: number }> {
  const days = demoDays(today, METRIC_DAYS);
  const first = days[0]!;
  const user = await db.user.create({
    data: {
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Bench',
      lastName: 'Mark',
      name: 'Bench Mark',
      dateOfBirth: new Date(Date.UTC(1982, 8, 3)),
      country: 'gb',
      city: 'London',
      allowLocationAccess: true,
      heightCm: 181,
      currentWeightKg: 95,
      desiredWeightKg: 88,
      shenaiTutorialWatched: true,
      biohackingExperience: BiohackingExperience.TAKING_ACTION,
      healthGoals: 'Sleep deeper and lose the last 7 kg.',
      devicesIntegrated: true,
      track: Track.TWO,
      instructionsRead: true,
      termsAcceptedAt: first,
      trialStartedAt: first,
      trialEndsAt: new Date(first.getTime() + 30 * DAY_MS),
    },
    select: { id: true },
  });
  const userId = user.id;

  const perDay = days.map((day, index) => ({ day, ring: ringDay(day, index / (days.length - 1)), scale: scaleDay(day, index / (days.length - 1)) }));
  const metrics = await db.dailyMetric.createMany({
    data: perDay.flatMap(({ day, ring, scale }) => [
      { userId, day, source: MetricSource.OURA, ...ring },
      { userId, day, source: MetricSource.WITHINGS, ...scale },
    ]),
  });

  // A multi-row INSERT from two arrays per batch: about ten times faster than createMany here.
  let heartRateRows = 0;
  const samples = demoHeartRateSamples(today, HEART_RATE_DAYS); // the demo's own rhythm, a year of it, none later than now
  for (let start = 0; start < samples.length; start += HEART_RATE_BATCH) {
    const batch = samples.slice(start, start + HEART_RATE_BATCH);
    heartRateRows += await db.$executeRaw`
      INSERT INTO heart_rate_samples ("userId", "recordedAt", bpm, source)
      SELECT ${userId}, recorded_at, bpm, 'oura'::"MetricSource"
      FROM unnest(${batch.map((s) => s.recordedAt)}::timestamp[], ${batch.map((s) => s.bpm)}::int[]) AS t(recorded_at, bpm)`;
  }

  // A blood test every quarter, rising slowly from about 390 to 520 ng/dL; every other lab reports nmol/L.
  const labs = Array.from({ length: 12 }, (_, quarter) => {
    const takenAt = new Date(first.getTime() + (quarter * 91 + 5) * DAY_MS + 8 * 3_600_000);
    const ngDl = 390 + quarter * 12 + gaussian(seededRandom(quarter + 101), 25);
    const [value, unit] = quarter % 2 === 0 ? [Math.round(ngDl), 'ng/dL'] : [Math.round((ngDl / NG_DL_PER_NMOL_L) * 10) / 10, 'nmol/L'];
    return { userId, marker: 'total_testosterone', value, unit, valueNgDl: toNgPerDl(value, unit), takenAt };
  });
  await db.labResult.createMany({ data: labs });

  const scan = { averageSignalQuality: 0.91, breathingRateBpm: 14.6, cardiacWorkloadMmhgPerSec: 165, heightCm: 181, hrvLnrmssdMs: 3.8, parasympatheticActivity: 54 };
  await db.vitalScan.createMany({
    data: [
      { userId, source: ScanSource.ONBOARDING, measuredAt: new Date(first.getTime() + 9 * 3_600_000), ...scan, ageYears: 41, bmiKgPerM2: 29, diastolicBloodPressureMmhg: 84, heartRateBpm: 67, hrvSdnnMs: 44, stressIndex: 150, systolicBloodPressureMmhg: 130, weightKg: 95 },
      { userId, source: ScanSource.WEEKLY, measuredAt: new Date(today.getTime() - 2 * DAY_MS), ...scan, ageYears: 40, bmiKgPerM2: 27.6, diastolicBloodPressureMmhg: 80, heartRateBpm: 61, hrvSdnnMs: 52, stressIndex: 121, systolicBloodPressureMmhg: 123, weightKg: 91 },
    ],
  });

  await db.dailyCheckin.createMany({
    data: demoCheckins(days.slice(-14)).map(({ day, mood, energy, symptoms, reflection }) => ({ userId, day, mood: Mood[mood], energy: Energy[energy], symptoms, reflection })),
  });
  await db.supplement.createMany({ data: SUPPLEMENTS });
  // As autovacuum would on a server that has been running a while.
  await db.$executeRawUnsafe('ANALYZE');
  return { metricRows: metrics.count, heartRateRows, labResults: labs.length };
}

// ───────────────────────────── the app ─────────────────────────────

// One server process unless WEB_CONCURRENCY says otherwise: here autocannon and PostgreSQL share the
// cores with the app, and once answers are cached a second Node process adds more contention than
// throughput (the README shows runs of both).
const startServer = (databaseUrl: string, extraEnv: Record<string, string> = {}) => startBenchServer(databaseUrl, { WEB_CONCURRENCY: serverProcesses, ...extraEnv });

/** Signs in through POST /api/login and answers the cookies it set, as `name=value` pairs. */
async function signIn(base: string): Promise<Map<string, string>> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    redirect: 'manual',
  });
  if (!response.ok) throw new Error(`POST /api/login answered ${response.status}: ${await response.text()}`);
  const jar = new Map<string, string>();
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(';', 1)[0]!;
    const index = pair.indexOf('=');
    if (index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  if (jar.size === 0) throw new Error('POST /api/login set no cookie.');
  return jar;
}

function requestOf(endpoint: Endpoint, base: string, cookie: string): { method: Endpoint['method']; path: string; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { cookie };
  if (endpoint.method === 'GET') return { method: 'GET', path: endpoint.path, headers };
  // State-changing calls must be same-origin JSON.
  return { method: endpoint.method, path: endpoint.path, headers: { ...headers, origin: base, 'content-type': 'application/json' }, body: JSON.stringify(endpoint.body ?? {}) };
}

/** Each endpoint once, one after the other: the cold first call (which may generate and cache the day's answer). */
async function firstCalls(base: string, cookie: string): Promise<FirstCall[]> {
  const calls: FirstCall[] = [];
  for (const endpoint of ENDPOINTS) {
    const { method, path: pathname, headers, body } = requestOf(endpoint, base, cookie);
    const started = performance.now();
    const response = await fetch(`${base}${pathname}`, { method, headers, body, redirect: 'manual' });
    await response.arrayBuffer();
    calls.push({ status: response.status, ms: performance.now() - started });
  }
  return calls;
}

/**
 * An autocannon run of `endpoints`, each connection cycling through them in order. Every answer's time
 * is recorded against its endpoint: autocannon calls the request's `onResponse` and then, in the same
 * tick, emits `response` with the time.
 */
function load(base: string, cookie: string, endpoints: Endpoint[], seconds: number): Promise<Run> {
  const samples = endpoints.map((): number[] => []);
  const statuses = endpoints.map(() => new Map<number, number>());
  let answered = 0;
  const requests = endpoints.map((endpoint, index) => ({
    ...requestOf(endpoint, base, cookie),
    onResponse: (status: number) => {
      answered = index;
      statuses[index]!.set(status, (statuses[index]!.get(status) ?? 0) + 1);
    },
  }));
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: base, connections: CONNECTIONS, duration: seconds, requests }, (error: unknown, result) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve({ seconds: result.duration, samples, statuses, errors: result.errors }); // errors include timeouts
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => samples[answered]!.push(responseTime));
  });
}

// ───────────────────────────── readiness ─────────────────────────────

type ReadinessWatch = { checks: number; statuses: Map<number, number>; slowestMs: number };

/**
 * Asks GET /api/health/ready one check after another, as a load balancer would but without pause, until
 * `stop`: the instance must stay ready through the load (under it, the readiness check once queued
 * behind the app's pool and answered 503).
 */
function watchReadiness(base: string): { stop: () => Promise<ReadinessWatch> } {
  const watch: ReadinessWatch = { checks: 0, statuses: new Map(), slowestMs: 0 };
  let stopping = false;
  const done = (async () => {
    while (!stopping) {
      const started = performance.now();
      const status = await fetch(`${base}/api/health/ready`).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      );
      watch.checks += 1;
      watch.statuses.set(status, (watch.statuses.get(status) ?? 0) + 1);
      watch.slowestMs = Math.max(watch.slowestMs, performance.now() - started);
    }
    return watch;
  })();
  return { stop: () => ((stopping = true), done) };
}

// ───────────────────────────── during an import ─────────────────────────────

const IMPORT_RECORDS = 2_000_000;

/**
 * Runs `measure` while a child process reads an Apple Health export the way the import job does
 * (bench/import.ts --read, lib/imports/read-export.ts): how long the two overlapped, and what was read.
 */
async function duringImport(measure: () => Promise<Run>): Promise<{ run: Run; overlapSeconds: number; records: number; readSeconds: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vt-bench-dashboard-import-'));
  try {
    const file = path.join(dir, 'export.zip');
    const out = createWriteStream(file);
    await streamLargeExport(IMPORT_RECORDS, (chunk) => new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve()))));
    await new Promise<void>((resolve) => out.end(resolve));
    const child = spawn(process.execPath, [...process.execArgv, '--max-old-space-size=256', path.join(import.meta.dirname, 'import.ts'), '--read', file, '--yielding'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
    const readStarted = performance.now();
    let readEnded: number | null = null;
    void exited.then(() => (readEnded = performance.now()));
    const started = performance.now();
    const run = await measure();
    const ended = performance.now();
    if ((await exited) !== 0) throw new Error('The import reader failed.');
    const read = JSON.parse(output.trim().split('\n').at(-1)!) as { records: number; seconds: number };
    return { run, overlapSeconds: (Math.min(ended, readEnded ?? ended) - started) / 1000, records: read.records, readSeconds: ((readEnded ?? ended) - readStarted) / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ───────────────────────────── the page ─────────────────────────────

/** /main_dashboard loaded signed in: where it landed and the gzipped size of its JavaScript until the load event. */
async function firstLoadJs(base: string, jar: Map<string, string>): Promise<{ landed: string; files: number; gzipBytes: number }> {
  // Debian's Chromium with playwright.config.ts's flags (the closed network refuses its background calls).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies([...jar].map(([name, value]) => ({ name, value, url: base })));
    const tab = await context.newPage();
    const bodies = new Map<string, Promise<number>>();
    const collect = (response: BrowserResponse) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
      bodies.set(response.url(), response.body().then((body) => gzipSync(body).length, () => 0));
    };
    tab.on('response', collect);
    await tab.goto(`${base}/main_dashboard`, { waitUntil: 'load' });
    tab.off('response', collect);
    const sizes = await Promise.all(bodies.values());
    return { landed: new URL(tab.url()).pathname, files: sizes.length, gzipBytes: sizes.reduce((a, b) => a + b, 0) };
  } finally {
    await browser.close();
  }
}

// ───────────────────────────── the report ─────────────────────────────

type Row = { label: string; first?: FirstCall; seconds: number; samples: number[]; statuses: Map<number, number>; errors: number; mixP95?: number };

const fmt = (value: number | undefined, places = 1) => (value === undefined ? '–' : value.toFixed(places));

/** A run's answers per status code, over all its endpoints. */
function allStatuses(run: Run): Map<number, number> {
  const total = new Map<number, number>();
  for (const counts of run.statuses) for (const [status, n] of counts) total.set(status, (total.get(status) ?? 0) + n);
  return total;
}

/** Non-2xx answers, with their status codes: "1234 (404)". */
function non2xxOf(statuses: Map<number, number>): { count: number; text: string } {
  const bad = [...statuses].filter(([status]) => status < 200 || status > 299).sort((a, b) => b[1] - a[1]);
  const count = bad.reduce((sum, [, n]) => sum + n, 0);
  return { count, text: count === 0 ? '0' : `${count} (${bad.map(([status]) => status).join(',')})` };
}

/** Prints the table; answers whether every row met the latency target. */
function printTable(rows: Row[]): boolean {
  const header = ['endpoint', 'first call', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 in mix', 'non-2xx', 'errors', `p95 ≤ ${P95_TARGET_MS} ms, 0 errors`];
  let passed = true;
  const body = rows.map((row) => {
    const non2xx = non2xxOf(row.statuses);
    const p = (q: number) => (row.samples.length ? percentile(row.samples, q) : undefined);
    const ok = row.samples.length > 0 && p(95)! <= P95_TARGET_MS && non2xx.count === 0 && row.errors === 0;
    passed &&= ok;
    return [
      row.label,
      row.first ? `${row.first.status} in ${row.first.ms.toFixed(0)} ms` : '',
      fmt(row.samples.length / row.seconds, 0),
      fmt(p(50)),
      fmt(p(95)),
      fmt(p(99)),
      fmt(row.mixP95),
      non2xx.text,
      String(row.errors),
      ok ? 'PASS' : 'FAIL',
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  for (const cells of [header, ...body]) console.log(cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  return passed;
}

/** The server's logged failures ("[api] GET /api/x failed: Error"), each once with its count. */
function serverFailures(output: string): string[] {
  const counts = new Map<string, number>();
  for (const line of output.split('\n').filter((l) => /failed|error/i.test(l))) counts.set(line.trim(), (counts.get(line.trim()) ?? 0) + 1);
  return [...counts].map(([line, count]) => (count > 1 ? `${line}  (×${count})` : line));
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!noBuild) execFileSync('npm', ['run', 'build'], { stdio: ['ignore', process.stderr, 'inherit'] });

  progress(`Recreating database ${DATABASE} and migrating it…`);
  const database = await freshDatabase();
  progress(`Seeding ${METRIC_DAYS} days × 2 sources and ${HEART_RATE_DAYS} days of ${SAMPLE_INTERVAL_MS / 60_000}-minute heart rates…`);
  const seedStarted = performance.now();
  const db = createPrismaClient(database.url);
  let seeded: Awaited<ReturnType<typeof seed>>;
  try {
    seeded = await seed(db);
  } finally {
    await db.$disconnect();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  progress('Starting the production build…');
  const server = await startServer(database.url);
  onInterrupt.add(server.stop);
  let passed = true;
  try {
    const jar = await signIn(server.url);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

    // The calls first, before the page has made them: their first answers may generate and cache the day's.
    const first = await firstCalls(server.url, cookie);
    progress('Measuring /main_dashboard in Chromium…');
    const page = await firstLoadJs(server.url, jar);

    progress(`Warming up (${WARMUP_SECONDS} s), then the mix for ${MIX_SECONDS} s and each call alone for ${SOLO_SECONDS} s, ${CONNECTIONS} connections…`);
    const readiness = watchReadiness(server.url);
    const warmup = await load(server.url, cookie, ENDPOINTS, WARMUP_SECONDS);
    const mix = await load(server.url, cookie, ENDPOINTS, MIX_SECONDS);
    const rows: Row[] = [];
    for (const [index, endpoint] of ENDPOINTS.entries()) {
      const solo = await load(server.url, cookie, [endpoint], SOLO_SECONDS);
      const mixSamples = mix.samples[index]!;
      rows.push({
        label: labelOf(endpoint),
        first: first[index],
        seconds: solo.seconds,
        samples: solo.samples[0]!,
        statuses: solo.statuses[0]!,
        errors: solo.errors,
        mixP95: mixSamples.length ? percentile(mixSamples, 95) : undefined,
      });
    }
    rows.push({ label: `all ${ENDPOINTS.length}, in rotation (${MIX_SECONDS} s)`, seconds: mix.seconds, samples: mix.samples.flat(), statuses: allStatuses(mix), errors: mix.errors });
    // The floor under every row: Next's request handling and the health probe's answer (at most one small query a
    // second, lib/observability/health-check.ts), with no session and no data.
    const floor = await load(server.url, '', [{ method: 'GET', path: '/api/health' }], SOLO_SECONDS);
    const floorSamples = floor.samples[0]!;

    console.log(
      `\nbench:dashboard  (node ${process.version}, ${os.availableParallelism()} cores, ${serverProcesses} server process${serverProcesses === '1' ? '' : 'es'}, PostgreSQL ${database.major}, pool ${env.DATABASE_POOL_SIZE} each)` +
        `\nseeded in ${seedSeconds.toFixed(1)} s: ${seeded.metricRows} daily-metric rows (${METRIC_DAYS} days × 2 sources), ${seeded.heartRateRows} heart-rate samples, ${seeded.labResults} lab results, 2 scans` +
        `\n${CONNECTIONS} connections; each call alone for ${SOLO_SECONDS} s, then "p95 in mix" and the last row from all of them in rotation for ${MIX_SECONDS} s; latencies over every answer\n`,
    );
    passed = printTable(rows);
    console.log(
      `reference, not a target: GET /api/health alone (no session, the probe's answer of the last second): ${(floorSamples.length / floor.seconds).toFixed(0)} req/s, ` +
        `p50 ${percentile(floorSamples, 50).toFixed(1)} ms, p95 ${percentile(floorSamples, 95).toFixed(1)} ms, p99 ${percentile(floorSamples, 99).toFixed(1)} ms`,
    );
    console.log(`(warm-up, untimed: ${warmup.samples.flat().length} answers, non-2xx ${non2xxOf(allStatuses(warmup)).text}, errors ${warmup.errors})`);

    const ready = await readiness.stop();
    const readyOk = ready.checks > 0 && ready.statuses.get(200) === ready.checks;
    passed &&= readyOk;
    const readyStatuses = [...ready.statuses].map(([status, n]) => `${n} × ${status || 'no answer'}`).join(', ');
    console.log(`GET /api/health/ready beside every run above, one check after another: ${ready.checks} checks, ${readyStatuses}, the slowest in ${ready.slowestMs.toFixed(0)} ms  (all 200)  ${readyOk ? 'PASS' : 'FAIL'}`);

    const kb = page.gzipBytes / 1024;
    const pageOk = page.landed === '/main_dashboard' && kb <= JS_BUDGET_KB;
    passed &&= pageOk;
    const landed = page.landed === '/main_dashboard' ? '' : ` (redirected to ${page.landed})`;
    console.log(`\n/main_dashboard first-load JS: ${page.files} files, ${kb.toFixed(1)} kB gzipped${landed}  (≤ ${JS_BUDGET_KB} kB)  ${pageOk ? 'PASS' : 'FAIL'}`);

    // The same rotation while a history import is read: the job process (here a child reading a 2-million-record
    // Apple Health export, about 400 MB of XML, as the job does, resting between stretches of work) wants a
    // core of the two.
    progress(`Writing a ${IMPORT_RECORDS.toLocaleString('en-GB')}-record Apple Health export, then the rotation for ${MIX_SECONDS} s while it is read…`);
    const during = await duringImport(() => load(server.url, cookie, ENDPOINTS, MIX_SECONDS));
    const duringSamples = during.run.samples.flat();
    const duringOk = percentile(duringSamples, 95) <= P95_TARGET_MS && non2xxOf(allStatuses(during.run)).count === 0 && during.run.errors === 0 && during.overlapSeconds >= MIX_SECONDS * 0.9;
    passed &&= duringOk;
    console.log(
      `
all ${ENDPOINTS.length} in rotation while an import is read (${during.overlapSeconds.toFixed(0)} of ${MIX_SECONDS} s overlapped; the import read ${during.records.toLocaleString('en-GB')} records in ${during.readSeconds.toFixed(1)} s): ` +
        `${(duringSamples.length / during.run.seconds).toFixed(0)} req/s, p50 ${percentile(duringSamples, 50).toFixed(1)} ms, p95 ${percentile(duringSamples, 95).toFixed(1)} ms, ` +
        `p99 ${percentile(duringSamples, 99).toFixed(1)} ms, non-2xx ${non2xxOf(allStatuses(during.run)).text}, errors ${during.run.errors}  (p95 ≤ ${P95_TARGET_MS} ms)  ${duringOk ? 'PASS' : 'FAIL'}`,
    );

    const failures = serverFailures(server.output());
    // A POST still in flight when a run stops is cut off, and the route wrapper logs that as "failed: Error".
    if (failures.length) console.log(`\nThe server logged (a POST cut off as a run stops shows as "failed: Error"):\n${failures.slice(0, 15).map((line) => `  ${line}`).join('\n')}`);
  } finally {
    onInterrupt.delete(server.stop);
    await server.stop();
  }

  // The same rotation with every answer computed afresh: what the calls cost when the data has just changed.
  progress(`The rotation again with the answer cache off (ANSWER_CACHE_SIZE=0), ${UNCACHED_SECONDS} s…`);
  const uncached = await startServer(database.url, { ANSWER_CACHE_SIZE: '0' });
  onInterrupt.add(uncached.stop);
  try {
    const cookie = [...(await signIn(uncached.url))].map(([name, value]) => `${name}=${value}`).join('; ');
    await load(uncached.url, cookie, ENDPOINTS, WARMUP_SECONDS);
    const run = await load(uncached.url, cookie, ENDPOINTS, UNCACHED_SECONDS);
    const samples = run.samples.flat();
    console.log(
      `reference, not a target: all ${ENDPOINTS.length} in rotation with the answer cache off (ANSWER_CACHE_SIZE=0), ${UNCACHED_SECONDS} s: ` +
        `${(samples.length / run.seconds).toFixed(0)} req/s, p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, ` +
        `p99 ${percentile(samples, 99).toFixed(1)} ms, non-2xx ${non2xxOf(allStatuses(run)).text}, errors ${run.errors}`,
    );
  } finally {
    onInterrupt.delete(uncached.stop);
    await uncached.stop();
  }
  console.log(`\n${passed ? 'PASS' : 'FAIL'}  total ${((performance.now() - started) / 1000).toFixed(1)} s; database ${DATABASE} kept until the next run`);
  if (!passed) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`bench:dashboard failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
