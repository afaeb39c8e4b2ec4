// npm run bench:db — times a daily-metric upsert and a 90-day metrics read on the embedded
// database (a throwaway PGlite) and on the PostgreSQL server (a throwaway database on it).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db';
import { demoDays, ringDay, scaleDay } from '@/lib/demo/metrics';
import { seedDemoData } from '@/lib/demo/seed';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { startPglite } from '../scripts/lib/embedded-postgres';
import { applyMigrations } from '../scripts/lib/migrator';
import { ADMIN_URL, messageOf, redacted } from './server-database';
import { median, ms, percentile, timeEach } from './stats';

const WARMUP = 20;
const UPSERT_ITERATIONS = 300;
const READ_ITERATIONS = 200;
const OTHER_USERS = 50;
const HISTORY_DAYS = 120;
const READ_DAYS = 90;
const DAY_MS = 86_400_000;

type Result = { database: string; operation: string; samples: number[] };

const today = new Date();
const progress = (message: string) => process.stderr.write(`${message}\n`);

// Best-effort cleanup if the run is interrupted (Ctrl-C); normal and failed runs clean up in finally blocks.
const onInterrupt = new Set<() => Promise<void>>();
process.once('SIGINT', () => {
  progress('Interrupted: cleaning up…');
  void Promise.allSettled([...onInterrupt].map((cleanup) => cleanup())).then(() => process.exit(130));
});

/** 50 other users with 120 days × 2 sources each, then the demo user (120 days × 2 sources). */
async function populate(db: PrismaClient): Promise<string> {
  const days = demoDays(today, HISTORY_DAYS);
  const perDay = days.map((day, index) => ({ day, ring: ringDay(day, index / (days.length - 1)), scale: scaleDay(day, index / (days.length - 1)) }));
  const emails = Array.from({ length: OTHER_USERS }, (_, i) => `bench-${i}@bench.invalid`);
  await db.user.createMany({ data: emails.map((email, i) => ({ email, name: `Bench User ${i}` })) });
  const others = await db.user.findMany({ where: { email: { in: emails } }, select: { id: true } });
  for (const { id: userId } of others) {
    await db.dailyMetric.createMany({
      data: perDay.flatMap(({ day, ring, scale }) => [
        { userId, day, source: MetricSource.OURA, ...ring },
        { userId, day, source: MetricSource.WITHINGS, ...scale },
      ]),
    });
  }
  const { userId } = await seedDemoData(db, today);
  // As autovacuum would on a server that has been running a while; PGlite has no autovacuum.
  await db.$executeRawUnsafe('ANALYZE');
  return userId;
}

/** Upserts cycle twice over 150 days of a fresh user: the first pass inserts, the second updates. */
async function benchUpsert(db: PrismaClient): Promise<number[]> {
  const { id: userId } = await db.user.create({ data: { email: 'bench-upsert@bench.invalid' }, select: { id: true } });
  const timedDays = demoDays(today, UPSERT_ITERATIONS / 2);
  const warmDays = demoDays(new Date(today.getTime() - 400 * DAY_MS), WARMUP / 2);
  const samples = await timeEach(WARMUP, UPSERT_ITERATIONS, (index, warm) => {
    const days = warm ? warmDays : timedDays;
    const day = days[index % days.length]!;
    const values = ringDay(day, index < days.length ? 0.25 : 0.75); // the second pass changes the values
    return db.dailyMetric.upsert({
      where: { userId_day_source: { userId, day, source: MetricSource.OURA } },
      create: { userId, day, source: MetricSource.OURA, ...values },
      update: values,
    });
  });
  const rows = await db.dailyMetric.count({ where: { userId } });
  if (rows !== timedDays.length + warmDays.length) throw new Error(`Upsert check: expected ${timedDays.length + warmDays.length} rows, found ${rows}.`);
  return samples;
}

async function benchRead(db: PrismaClient, userId: string): Promise<{ samples: number[]; rows: number }> {
  const days = demoDays(today, READ_DAYS);
  const where = { userId, day: { gte: days[0]!, lte: days[days.length - 1]! } };
  let rows = 0;
  const samples = await timeEach(WARMUP, READ_ITERATIONS, async () => {
    rows = (await db.dailyMetric.findMany({ where, orderBy: { day: 'asc' } })).length;
  });
  return { samples, rows };
}

async function benchmark(database: string, url: string): Promise<Result[]> {
  progress(`${database}: migrating and loading ${(OTHER_USERS + 1) * HISTORY_DAYS * 2} metric rows…`);
  await applyMigrations(url);
  const db = createPrismaClient(url);
  try {
    const userId = await populate(db);
    progress(`${database}: timing…`);
    const upserts = await benchUpsert(db);
    const read = await benchRead(db, userId);
    return [
      { database, operation: 'daily-metric upsert', samples: upserts },
      { database, operation: `${READ_DAYS}-day read (${read.rows} rows)`, samples: read.samples },
    ];
  } finally {
    await db.$disconnect();
  }
}

async function embedded(): Promise<Result[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pglite-'));
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  onInterrupt.add(removeDir);
  try {
    const pglite = await startPglite(dir, 0);
    try {
      return await benchmark('embedded (PGlite)', pglite.url);
    } finally {
      await pglite.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    onInterrupt.delete(removeDir);
  }
}


/** Results, or the reason the server was skipped. */
async function server(): Promise<Result[] | string> {
  const adminUrl = ADMIN_URL;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  admin.on('error', () => {}); // a dropped admin connection surfaces as a failed query instead
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return `server: skipped, ${redacted(adminUrl)} is unreachable (${messageOf(error) || 'connection refused'})`;
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    const { rows } = await admin.query<{ server_version_num: string }>('SHOW server_version_num');
    const major = Math.floor(Number(rows[0]?.server_version_num ?? 0) / 10_000);
    await admin.query(`CREATE DATABASE ${name}`);
    onInterrupt.add(drop);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return await benchmark(`server (PG ${major})`, url.toString());
    } finally {
      onInterrupt.delete(drop);
      await drop().catch((error: unknown) => progress(`Could not drop database ${name}: ${messageOf(error)}`));
    }
  } finally {
    await admin.end().catch(() => {});
  }
}

function table(results: Result[]): string[] {
  const header = ['database', 'operation', 'median ms', 'p95 ms'];
  const body = results.map((r) => [r.database, r.operation, ms(median(r.samples)), ms(percentile(r.samples, 95))]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((row) => row[column]!.length)));
  return [header, ...body].map((row) =>
    row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   '),
  );
}

const started = performance.now();
const results: Result[] = [];
const notes: string[] = [];
try {
  results.push(...(await embedded()));
} catch (error) {
  notes.push(`embedded (PGlite): failed: ${messageOf(error)}`);
  process.exitCode = 1;
}
try {
  const outcome = await server();
  if (typeof outcome === 'string') notes.push(outcome);
  else results.push(...outcome);
} catch (error) {
  notes.push(`server: failed: ${messageOf(error)}`);
  process.exitCode = 1;
}

console.log(
  `bench:db  (node ${process.version}, ${os.availableParallelism()} cores)  iterations: upsert ${UPSERT_ITERATIONS}, read ${READ_ITERATIONS}  (warm-up ${WARMUP} each)`,
);
if (results.length > 0) console.log(table(results).join('\n'));
for (const note of notes) console.log(note);
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)}s`);
