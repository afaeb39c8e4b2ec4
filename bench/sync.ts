// npm run bench:sync [-- --days N] [--gc-each-page] [--cpu-prof] — backfills N days (365 unless told),
// then 2N days, of one member's history from the fake Whoop API (its real page size of 25, its rate limit
// off) and from the fake Oura API (its real pages: 50 daily records, 288 heart rates, heart rate asked for
// 30 days at a time), each with the app's own syncWhoop / syncOura into a database of its own on the
// PostgreSQL server, checks that every day (and for Oura every hourly heart rate) landed once, and prints
// days per second and peak RSS. Targets: N = 365 days in ≤ 5 s per provider, and memory flat as the day
// count doubles (the syncs stream pages; they never hold the whole history).
//
// Each backfill runs in a child process of its own (this file with `--worker`), so that its peak RSS
// (process.resourceUsage().maxRSS at the end) is the sync's process alone: the fakes, the setup and the
// row checks run in this process. That RSS includes the worker's baseline (Node, tsx, the Prisma client),
// so the RSS it had when the sync started is printed beside it. The fakes (in this process) and
// PostgreSQL share the machine, so the seconds include their CPU time too. The worker also splits the
// time into waiting for the provider and database calls (a timing wrapper around fetch and around the
// Prisma client lib/db.ts uses), and records the heap in use after each page.
//
// --gc-each-page: a full GC after every page, so the heap column is the live heap (what the sync keeps
//   between pages); the seconds then include the GCs and are not judged.
// --cpu-prof: each worker writes a CPU profile (open it in Chrome DevTools) to a temporary directory.
//
// The database (vitality_bench_sync) is dropped and recreated on each run, and dropped at the end (also
// when the run fails). BENCH_ADMIN_DATABASE_URL names the server (postgresql://postgres@127.0.0.1:5432/postgres
// unless set). A missed target prints FAIL and still exits 0; an error (a row count that is off, a failed
// sync, no database) exits 1.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../tests/fakes/wearable-oauth-peer';
import { applyMigrations } from '../scripts/lib/migrator';
import { dropDatabase, messageOf, recreateDatabase } from './server-database';

const DATABASE = 'vitality_bench_sync';
const DEFAULT_DAYS = 365;
const TARGET_SECONDS = 5;
/**
 * Memory counts as flat when the peak RSS at 2N days is at most this many times the peak at N days. (Not a
 * fixed margin such as +15 MB: a longer run lets V8 grow its heap further before a full collection, which
 * alone has added 20–40 MB of uncollected garbage to the Whoop worker's peak at 730 days while its live
 * heap stayed within 1 MB.)
 */
const FLAT_RATIO = 1.2;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const WORKER_FLAG = '--worker';
const GC_FLAG = '--gc-each-page';

const PROVIDERS = ['whoop', 'oura'] as const;
type Provider = (typeof PROVIDERS)[number];
const SOURCE = { whoop: 'WHOOP', oura: 'OURA' } as const;
const CLIENTS: Record<Provider, { clientId: string; clientSecret: string }> = {
  whoop: { clientId: 'bench-sync-whoop', clientSecret: 'bench-sync-whoop-secret' },
  oura: { clientId: 'bench-sync-oura', clientSecret: 'bench-sync-oura-secret' },
};

/** What a worker reports on its stdout, as one line of JSON. */
type WorkerReport = { days: number; requests: number; seconds: number; providerSeconds: number; dbSeconds: number; dbCalls: number; rssBeforeMb: number; peakRssMb: number; peakHeapMb: number };
type Run = WorkerReport & { provider: Provider; heartRates: number | null };

const progress = (message: string) => process.stderr.write(`${message}\n`);
const mb = (bytes: number) => bytes / (1024 * 1024);

// ───────────────────────────── the worker: one backfill ─────────────────────────────

/** `--worker <provider> <connectionId> <fromIso> <toIso>`: one sync, then its report as JSON on stdout. */
async function worker(args: string[]): Promise<void> {
  const [provider, connectionId, from, to] = args;
  const gcEachPage = args.includes(GC_FLAG);
  if ((provider !== 'whoop' && provider !== 'oura') || !connectionId || !from || !to) throw new Error(`usage: bench/sync.ts ${WORKER_FLAG} whoop|oura <connectionId> <from> <to>`);
  // The parent set DATABASE_URL, TOKEN_ENCRYPTION_KEY and the providers' addresses in this process's environment.
  const { createPrismaClient, db } = await import('@/lib/db');
  const sync = provider === 'whoop' ? (await import('@/lib/wearables/whoop/sync')).syncWhoop : (await import('@/lib/wearables/oura/sync')).syncOura;

  // Where the time goes. The sync runs one thing at a time, so these sums are wall time: waiting for the
  // provider's answers (until their headers; the fake sends each page in one piece), and database calls
  // (Prisma's own work included). `db` is lib/db.ts's per-process client, which takes the one it finds on
  // globalThis.prisma: here the app's client with a timing wrapper around each query.
  const spent = { providerMs: 0, dbMs: 0, dbCalls: 0 };
  const timed = createPrismaClient(process.env.DATABASE_URL ?? '').$extends({
    query: {
      async $allOperations({ args, query }) {
        const started = performance.now();
        try {
          return await query(args);
        } finally {
          spent.dbMs += performance.now() - started;
          spent.dbCalls += 1;
        }
      },
    },
  });
  (globalThis as { prisma?: unknown }).prisma = timed;
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (...request: Parameters<typeof fetch>) => {
    const started = performance.now();
    try {
      return await realFetch(...request);
    } finally {
      spent.providerMs += performance.now() - started;
    }
  };

  try {
    await db.$queryRawUnsafe('SELECT 1'); // connect the pool before the clock starts
    const window = { from: new Date(from), to: new Date(to) };
    // Start from a settled heap (the worker runs with --expose-gc); the sync itself collects as Node would.
    (globalThis as { gc?: () => void }).gc?.();
    const rssBefore = process.memoryUsage().rss;
    // After each page the sync reports its progress: the heap in use then, at its highest, is the most the
    // sync kept between pages, plus garbage not yet collected (none with --gc-each-page: then it is the live heap).
    let peakHeap = process.memoryUsage().heapUsed;
    const onProgress = () => {
      if (gcEachPage) (globalThis as { gc?: () => void }).gc?.();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    };
    Object.assign(spent, { providerMs: 0, dbMs: 0, dbCalls: 0 });
    const started = performance.now();
    const result = await sync(connectionId, window, { now: window.to, onProgress });
    const seconds = (performance.now() - started) / 1000;
    const peakRssMb = process.resourceUsage().maxRSS / 1024; // the process's high-water mark; kB on Linux and macOS
    const report: WorkerReport = {
      days: result.days,
      requests: result.requests,
      seconds,
      providerSeconds: spent.providerMs / 1000,
      dbSeconds: spent.dbMs / 1000,
      dbCalls: spent.dbCalls,
      rssBeforeMb: mb(rssBefore),
      peakRssMb,
      peakHeapMb: mb(peakHeap),
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await db.$disconnect();
  }
}

// ───────────────────────────── the parent: database, fakes, runs ─────────────────────────────

// Best-effort cleanup if the run is interrupted (Ctrl-C); normal and failed runs clean up in finally blocks.
const onInterrupt = new Set<() => Promise<void>>();

/** Drops and recreates the benchmark's database and migrates it; answers its URL, the server's major version and how to drop it. */
async function freshDatabase(): Promise<{ url: string; major: number; drop: () => Promise<void> }> {
  const { url, major } = await recreateDatabase(DATABASE);
  const drop = () => dropDatabase(DATABASE);
  try {
    await applyMigrations(url);
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return { url, major, drop };
}

/** Runs this file as a worker and answers its report; throws with its output when it fails. */
function runWorker(args: string[], profileDir: string | null): Promise<WorkerReport> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--expose-gc', '--conditions=react-server', 'bench/sync.ts', WORKER_FLAG, ...args], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const kill = async () => void child.kill('SIGTERM');
    onInterrupt.add(kill);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      onInterrupt.delete(kill);
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`the worker exited with ${signal ?? code}:\n${stderr.trim() || stdout.trim()}`));
      try {
        resolve(JSON.parse(line) as WorkerReport);
      } catch {
        reject(new Error(`the worker answered no report:\n${stdout}\n${stderr}`));
      }
    });
  });
}

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

async function main(): Promise<void> {
  const at = process.argv.indexOf('--days');
  const baseDays = at >= 0 ? Number(process.argv[at + 1]) : DEFAULT_DAYS;
  if (!Number.isInteger(baseDays) || baseDays < 1) throw new Error('--days takes a whole number of days, at least 1');
  const dayCounts = [baseDays, baseDays * 2];
  const profileDir = process.argv.includes('--cpu-prof') ? mkdtempSync(path.join(os.tmpdir(), 'bench-sync-profiles-')) : null;
  const gcEachPage = process.argv.includes(GC_FLAG);
  const started = performance.now();

  progress(`Recreating database ${DATABASE} and migrating it…`);
  const database = await freshDatabase();
  onInterrupt.add(database.drop);
  const fakes: Partial<Record<Provider, FakeOAuthProvider>> = {};
  const runs: Run[] = [];
  try {
    for (const provider of PROVIDERS) fakes[provider] = await startFakeOAuthProvider(provider, CLIENTS[provider]);
    const whoop = fakes.whoop!;
    const oura = fakes.oura!;
    // The app's modules read these when first imported, here and in each worker (which inherits them).
    Object.assign(process.env, {
      DATABASE_URL: database.url,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      WHOOP_CLIENT_ID: CLIENTS.whoop.clientId,
      WHOOP_CLIENT_SECRET: CLIENTS.whoop.clientSecret,
      WHOOP_BASE_URL: whoop.baseUrl,
      OURA_CLIENT_ID: CLIENTS.oura.clientId,
      OURA_CLIENT_SECRET: CLIENTS.oura.clientSecret,
      OURA_API_BASE_URL: oura.baseUrl,
      OURA_AUTH_BASE_URL: oura.baseUrl,
    });
    const { db } = await import('@/lib/db');
    const { sealedColumns } = await import('@/lib/wearables/tokens');
    try {
      for (const provider of PROVIDERS) {
        const fake = fakes[provider]!;
        for (const days of dayCounts) {
          // A fresh member whose history is `days` days ending today (UTC), synced from the start of its first day to now.
          const now = new Date();
          const lastDay = dayOf(now);
          const from = new Date(Date.parse(`${lastDay}T00:00:00.000Z`) - (days - 1) * DAY_MS);
          fake.setHistory({ days, lastDay });
          fake.setRateLimit(0);
          const user = await db.user.create({ data: { email: `bench-sync-${provider}-${days}-${randomBytes(4).toString('hex')}@bench.invalid` }, select: { id: true } });
          const issued = fake.issue();
          const sealed = sealedColumns(user.id, SOURCE[provider], { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: new Date(now.getTime() + issued.expiresIn * 1000), scopes: [], externalUserId: issued.member });
          const connection = await db.wearableConnection.create({ data: { userId: user.id, provider: SOURCE[provider], scopes: [], externalUserId: issued.member, ...sealed }, select: { id: true } });

          progress(`${provider}: backfilling ${days} days…`);
          const requestsBefore = fake.dataRequests.length;
          const report = await runWorker([provider, connection.id, from.toISOString(), now.toISOString(), ...(gcEachPage ? [GC_FLAG] : [])], profileDir);
          const served = fake.dataRequests.slice(requestsBefore);
          const refused = served.filter((r) => r.status !== 200);
          if (refused.length) throw new Error(`${provider} ${days} days: the fake answered ${refused.length} data requests with ${[...new Set(refused.map((r) => r.status))].join(', ')}`);
          if (served.length !== report.requests) throw new Error(`${provider} ${days} days: the sync counted ${report.requests} requests, the fake served ${served.length}`);

          // Every day in, once; and for Oura every hourly heart rate from the first day's midnight up to now.
          const rows = await db.dailyMetric.count({ where: { userId: user.id, source: SOURCE[provider] } });
          if (rows !== days || report.days !== days) throw new Error(`${provider} ${days} days: expected ${days} daily rows, the sync reported ${report.days} and the database holds ${rows}`);
          let heartRates: number | null = null;
          if (provider === 'oura') {
            heartRates = await db.heartRateSample.count({ where: { userId: user.id, source: 'OURA' } });
            const expected = Math.min(Math.floor((now.getTime() - from.getTime()) / HOUR_MS) + 1, days * 24);
            if (heartRates !== expected) throw new Error(`oura ${days} days: expected ${expected} heart-rate samples, the database holds ${heartRates}`);
          }
          runs.push({ provider, ...report, heartRates });
        }
      }
    } finally {
      await db.$disconnect();
    }
  } finally {
    await Promise.allSettled(Object.values(fakes).map((fake) => fake.stop()));
    onInterrupt.delete(database.drop);
    await database.drop().catch((error: unknown) => progress(`Could not drop database ${DATABASE}: ${messageOf(error)}`));
  }

  printReport(runs, { baseDays, gcEachPage, major: database.major, totalSeconds: (performance.now() - started) / 1000 });
  if (profileDir) console.log(`CPU profiles of the workers (open in Chrome DevTools): ${profileDir}`);
}

function printReport(runs: Run[], { baseDays, gcEachPage, major, totalSeconds }: { baseDays: number; gcEachPage: boolean; major: number; totalSeconds: number }): void {
  const load = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`bench:sync  (node ${process.version}, ${os.availableParallelism()} cores, load ${load}, PG ${major})  Whoop pages of 25, Oura's of 50 (daily) and 288 (heart rate); rate limits off`);
  const header = ['provider', 'days', 'rows written', 'requests', 'seconds', 'days/s', 'provider wait s', 'database s (calls)', 'RSS before MB', 'peak RSS MB', gcEachPage ? 'live heap MB' : 'peak heap MB'];
  const body = runs.map((run) => [
    run.provider,
    String(run.days),
    run.heartRates === null ? `${run.days} days` : `${run.days} days + ${run.heartRates} HR`,
    String(run.requests),
    run.seconds.toFixed(2),
    (run.days / run.seconds).toFixed(0),
    run.providerSeconds.toFixed(2),
    `${run.dbSeconds.toFixed(2)} (${run.dbCalls})`,
    run.rssBeforeMb.toFixed(1),
    run.peakRssMb.toFixed(1),
    run.peakHeapMb.toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((row) => row[column]!.length)));
  for (const row of [header, ...body]) console.log(row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   '));
  console.log(
    [
      'Each backfill ran in a worker process of its own: peak RSS is that process\'s high-water mark (Node, tsx and the Prisma client',
      'included; "RSS before" is where it stood when the sync started). The fakes answered from the parent process and PostgreSQL ran',
      'on the same machine, so the seconds include their CPU time. "provider wait" is time spent waiting for the fakes\' answers,',
      '"database" time spent in Prisma calls (one at a time, so both are wall time); the rest is the sync\'s own CPU.',
      gcEachPage
        ? '--gc-each-page: a full GC after every page (its time included), so "live heap" is the most the sync kept between pages; seconds are not comparable.'
        : '"peak heap" is the V8 heap in use after a page at its highest, garbage not yet collected included (--gc-each-page measures the live heap).',
    ].join('\n'),
  );
  console.log('');
  console.log(`Memory counts as flat when the peak RSS at ${baseDays * 2} days is at most ${FLAT_RATIO} × the peak at ${baseDays} days.`);
  for (const provider of PROVIDERS) {
    const [base, doubled] = runs.filter((run) => run.provider === provider);
    if (!base || !doubled) continue;
    const ratio = doubled.peakRssMb / base.peakRssMb;
    const signed = (mb: number) => `${mb >= 0 ? '+' : ''}${mb.toFixed(1)} MB`;
    const timing = gcEachPage ? 'not judged (--gc-each-page)' : base.seconds <= TARGET_SECONDS ? 'PASS' : 'FAIL';
    console.log(`${provider}: ${base.days} days in ≤ ${TARGET_SECONDS} s: ${timing} (${base.seconds.toFixed(2)} s, ${(base.days / base.seconds).toFixed(0)} days/s)`);
    console.log(
      `${provider}: memory flat as days double: ${ratio <= FLAT_RATIO ? 'PASS' : 'FAIL'} ` +
        `(peak RSS ×${ratio.toFixed(2)}, ${signed(doubled.peakRssMb - base.peakRssMb)}; heap ${signed(doubled.peakHeapMb - base.peakHeapMb)}; from ${base.days} to ${doubled.days} days)`,
    );
  }
  if (baseDays !== DEFAULT_DAYS) console.log(`(--days ${baseDays}: the ${TARGET_SECONDS} s target is meant for ${DEFAULT_DAYS} days)`);
  console.log(`total ${totalSeconds.toFixed(1)}s`);
}

if (process.argv[2] === WORKER_FLAG) {
  try {
    await worker(process.argv.slice(3));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  }
} else {
  process.once('SIGINT', () => {
    progress('Interrupted: cleaning up…');
    void Promise.allSettled([...onInterrupt].map((cleanup) => cleanup())).then(() => process.exit(130));
  });
  try {
    await main();
  } catch (error) {
    progress(`bench:sync failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
