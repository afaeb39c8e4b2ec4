// npx tsx --conditions=react-server bench/export.ts — the "Download my data" ZIP (lib/export/data-export.ts)
// over a long history: two members in a database of their own on the PostgreSQL server, one with 18 months
// and one with three years of data (a ring's daily figures every day, a heart rate every 5 minutes:
// about 158,000 and 316,000 rows, plus a 1 MB uploaded report and two lab results each), each exported
// into /dev/null. It prints the rows, the ZIP's bytes, the seconds, and the peak RSS and heap
// (process.memoryUsage() sampled every 10 ms while the export runs).
//
// The point is the memory: the export streams, reading a page of rows only when the ZIP's reader asks for
// more, so its peak should not grow with the history. Each export runs in a child process of its own (this
// file with --worker), so that both start from the same baseline and one's garbage is not the other's
// peak. FLAT_RATIO is the check: the three-year export's peak RSS at most that many times the 18-month
// one's. (The seconds are printed, not judged: the database and the exporter share the machine.)
//
// The database (vitality_bench_export) is dropped and recreated on each run, and dropped at the end (also
// when the run fails). BENCH_ADMIN_DATABASE_URL names the server (postgresql://postgres@127.0.0.1:5432/postgres
// unless set). A missed check prints FAIL and still exits 0; an error exits 1.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoDays, ringDay } from '@/lib/demo/metrics';
import { applyMigrations } from '../scripts/lib/migrator';
import { dropDatabase, messageOf, recreateDatabase } from './server-database';

const DATABASE = 'vitality_bench_export';
const HISTORIES = [{ label: '18 months', days: 548 }, { label: '3 years', days: 3 * 365 + 1 }] as const;
const UPLOAD_BYTES = 1024 * 1024;
const SAMPLE_EVERY_MS = 10;
const WORKER_FLAG = '--worker';
/** Memory counts as flat when the longer history's peak RSS is at most this many times the shorter one's. */
const FLAT_RATIO = 1.2;

type Lib = {
  db: typeof import('@/lib/db').db;
  exporter: typeof import('@/lib/export/data-export');
  storage: typeof import('@/lib/labs/storage');
};
type Seeding = Pick<Lib, 'db' | 'storage'>;
/** What a worker reports on its stdout, as one line of JSON. */
type WorkerReport = { zipBytes: number; seconds: number; rssBeforeMb: number; peakRssMb: number; peakHeapMb: number };
type Run = WorkerReport & { label: string; rows: number };

const progress = (message: string) => process.stderr.write(`${message}\n`);
const mb = (bytes: number) => bytes / (1024 * 1024);

/** One member with `days` days of ring figures and 5-minute heart rates up to now; answers the id and the row count. */
async function seedMember({ db, storage }: Seeding, days: number): Promise<{ userId: string; rows: number }> {
  const now = new Date();
  const { id: userId } = await db.user.create({ data: { email: `bench-export-${days}-${randomBytes(4).toString('hex')}@bench.invalid`, firstName: 'Bench', gender: 'MALE' } });
  const dayList = demoDays(now, days);
  await db.dailyMetric.createMany({ data: dayList.map((day, i) => ({ userId, day, source: 'OURA' as const, ...ringDay(day, i / (days - 1)) })) });
  // In the database itself: 300,000 rows through Prisma would time the seeding, not the export.
  const heartRates = await db.$executeRaw`
    INSERT INTO heart_rate_samples ("userId", "recordedAt", bpm, source)
    SELECT ${userId}, t, 55 + (20 * sin(extract(epoch FROM t) / 7200))::int + (random() * 6)::int, 'oura'::"MetricSource"
    FROM generate_series(${dayList[0]!}::timestamp, ${now}::timestamp, interval '5 minutes') AS t`;
  const storageKey = await storage.storeUpload(new Uint8Array(randomBytes(UPLOAD_BYTES)), 'pdf');
  const report = await db.labReport.create({ data: { userId, fileName: 'blood-test.pdf', mimeType: 'application/pdf', sizeBytes: UPLOAD_BYTES, storageKey } });
  const takenAt = new Date(now.getTime() - 30 * 86_400_000);
  await db.labResult.createMany({
    data: [
      { userId, reportId: report.id, marker: 'total_testosterone', value: 14.2, unit: 'nmol/L', referenceLow: 8.6, referenceHigh: 29, takenAt },
      { userId, reportId: report.id, marker: 'hba1c', value: 48, unit: 'mmol/mol', takenAt },
    ],
  });
  return { userId, rows: dayList.length + heartRates + 2 };
}

// ───────────────────────────── the worker: one export ─────────────────────────────

/** Streams one member's export into /dev/null, counting its bytes and sampling the process's memory meanwhile. */
async function exportToDevNull(exporter: Lib['exporter'], userId: string): Promise<WorkerReport> {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  }, SAMPLE_EVERY_MS);
  const sink = await open('/dev/null', 'w');
  const started = performance.now();
  let zipBytes = 0;
  try {
    const reader = exporter.dataExportStream(userId).getReader();
    // One chunk written before the next is asked for: the reader is as slow as its sink, as a download is.
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      zipBytes += next.value.length;
      await sink.write(next.value);
    }
  } finally {
    clearInterval(sampler);
    await sink.close();
  }
  return { zipBytes, seconds: (performance.now() - started) / 1000, rssBeforeMb: mb(before.rss), peakRssMb: mb(peakRss), peakHeapMb: mb(peakHeap) };
}

/** `--worker <userId>`: one export, then its report as JSON on stdout. The parent set DATABASE_URL. */
async function worker(userId: string | undefined): Promise<void> {
  if (!userId) throw new Error(`usage: bench/export.ts ${WORKER_FLAG} <userId>`);
  const { db } = await import('@/lib/db');
  const exporter = await import('@/lib/export/data-export');
  try {
    await db.$queryRaw`SELECT 1`; // the pool's first connection, outside the timing
    console.log(JSON.stringify(await exportToDevNull(exporter, userId)));
  } finally {
    await db.$disconnect();
  }
}

/** Runs this file as a worker and answers its report; throws with its output when it fails. */
function runWorker(userId: string): Promise<WorkerReport> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['--conditions=react-server', 'bench/export.ts', WORKER_FLAG, userId], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`the worker exited with ${signal ?? code}:\n${stderr.trim() || stdout.trim()}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as WorkerReport);
      } catch {
        reject(new Error(`the worker answered no report:\n${stdout}\n${stderr}`));
      }
    });
  });
}

// ───────────────────────────── the parent: seed, export each, report ─────────────────────────────

function printReport(runs: Run[], major: number): void {
  const header = ['history', 'rows', 'ZIP MB', 'seconds', 'rows/s', 'RSS before MB', 'peak RSS MB', 'peak heap MB'];
  const body = runs.map((r) => [r.label, r.rows.toLocaleString('en-GB'), mb(r.zipBytes).toFixed(1), r.seconds.toFixed(2), (r.rows / r.seconds).toFixed(0), r.rssBeforeMb.toFixed(0), r.peakRssMb.toFixed(0), r.peakHeapMb.toFixed(0)]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\nData export into /dev/null (PostgreSQL ${major}, Node ${process.version}):`);
  console.log(line(header));
  for (const cells of body) console.log(line(cells));
  const [short, long] = runs;
  if (short && long) {
    const ratio = long.peakRssMb / short.peakRssMb;
    console.log(`memory flat as the history doubles: ${ratio <= FLAT_RATIO ? 'PASS' : 'FAIL'} (peak RSS ×${ratio.toFixed(2)}, ${short.label} → ${long.label}; limit ×${FLAT_RATIO})`);
  }
}

async function main(): Promise<void> {
  progress(`Recreating database ${DATABASE} and migrating it…`);
  const { url, major } = await recreateDatabase(DATABASE);
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'bench-export-uploads-'));
  const cleanUp = async () => {
    rmSync(uploadsDir, { recursive: true, force: true });
    await dropDatabase(DATABASE).catch((error: unknown) => progress(`Could not drop database ${DATABASE}: ${messageOf(error)}`));
  };
  process.once('SIGINT', () => {
    progress('Interrupted: cleaning up…');
    void cleanUp().then(() => process.exit(130));
  });
  const runs: Run[] = [];
  try {
    await applyMigrations(url);
    // The app's modules read these when first imported.
    Object.assign(process.env, { DATABASE_URL: url, UPLOADS_DIR: uploadsDir });
    const lib: Seeding = { db: (await import('@/lib/db')).db, storage: await import('@/lib/labs/storage') };
    try {
      const members = [];
      for (const history of HISTORIES) {
        progress(`Seeding ${history.label} (${history.days} days)…`);
        members.push({ ...history, ...(await seedMember(lib, history.days)) });
      }
      await lib.db.$executeRawUnsafe('ANALYZE'); // as autovacuum would have by now on a running server
      for (const member of members) {
        progress(`Exporting ${member.label}…`);
        runs.push({ label: member.label, rows: member.rows, ...(await runWorker(member.userId)) });
      }
    } finally {
      await lib.db.$disconnect();
    }
  } finally {
    await cleanUp();
  }
  printReport(runs, major);
}

if (process.argv[2] === WORKER_FLAG) {
  try {
    await worker(process.argv[3]);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  }
} else {
  try {
    await main();
  } catch (error) {
    progress(`bench/export.ts failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
