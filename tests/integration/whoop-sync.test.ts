// The Whoop backfill against the fake Whoop data API (pages of 25, a 429 now and then) and this
// file's own PostgreSQL database: every day lands once with Whoop's figures, and a rerun adds nothing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeWhoop, whoopFiguresFor, type FakeWhoop } from '../fakes/wearable-oauth-peer';
import { memberWithWearable } from '../support/members';
import { budget } from '../setup/machine-speed.js';
import { waitFor } from '../support/wait-for';

const CLIENT = { clientId: 'whoop-sync-client', clientSecret: 'whoop-sync-secret' };
let whoop: FakeWhoop;
type Lib = {
  db: typeof import('@/lib/db').db;
  sync: typeof import('@/lib/wearables/whoop/sync');
  jobs: typeof import('@/lib/jobs/queues') & typeof import('@/scripts/job-worker');
  send: typeof import('@/lib/jobs/send');
};
let lib: Lib;

beforeAll(async () => {
  whoop = await startFakeWhoop(CLIENT);
  Object.assign(process.env, { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64url'), WHOOP_CLIENT_ID: CLIENT.clientId, WHOOP_CLIENT_SECRET: CLIENT.clientSecret, WHOOP_BASE_URL: whoop.baseUrl });
  lib = { db: (await import('@/lib/db')).db, sync: await import('@/lib/wearables/whoop/sync'), jobs: { ...(await import('@/lib/jobs/queues')), ...(await import('@/scripts/job-worker')) }, send: await import('@/lib/jobs/send') };
});
afterAll(async () => {
  await lib?.send.stopSender();
  await lib?.db.$disconnect();
  await whoop?.stop();
});

const LAST_DAY = '2026-11-21';
const DAYS = 60;
const dayAt = (index: number) => new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) - (DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10);

async function connected() {
  const issued = whoop.issue();
  return memberWithWearable('WHOOP', { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: new Date(Date.now() + 3_600_000) });
}

describe('the Whoop backfill', () => {
  it('pages through sleeps, recoveries and cycles, waits out 429s, and stores each day once with Whoop’s figures', async () => {
    whoop.setHistory({ days: DAYS, lastDay: LAST_DAY });
    whoop.setRateLimit(5, 1);
    const connection = await connected();
    const window = { from: new Date(`${dayAt(0)}T00:00:00Z`), to: new Date(`${LAST_DAY}T23:59:59Z`) };
    const before = whoop.dataRequests.length;

    const first = await lib.sync.syncWhoop(connection.id, window, { now: new Date('2026-11-22T08:00:00Z') });
    expect(first.days).toBe(DAYS);
    const seen = whoop.dataRequests.slice(before);
    // 60 records a collection in pages of 25: 3 pages each, 9 in all, plus the 429s that were retried.
    expect(seen.filter((r) => r.status === 200)).toHaveLength(9);
    expect(seen.filter((r) => r.status === 429).length).toBeGreaterThan(0);

    const rows = await lib.db.dailyMetric.findMany({ where: { userId: connection.userId, source: 'WHOOP' }, orderBy: { day: 'asc' } });
    expect(rows).toHaveLength(DAYS);
    for (const index of [0, 17, DAYS - 1]) {
      const f = whoopFiguresFor(index);
      expect(rows[index]!.day.toISOString().slice(0, 10)).toBe(dayAt(index));
      expect(rows[index]).toMatchObject({
        sleepDurationMinutes: f.lightMin + f.deepMin + f.remMin,
        // The same sleep's stage_summary: slow wave as deep; awake is the minutes and 29 s, rounded down.
        sleepDeepMinutes: f.deepMin,
        sleepLightMinutes: f.lightMin,
        sleepRemMinutes: f.remMin,
        sleepAwakeMinutes: f.awakeMin,
        sleepScore: f.performance,
        recoveryScore: f.recovery,
        restingHeartRateBpm: f.restingHeartRate,
        hrvMs: f.hrv,
        totalCaloriesKcal: Math.round(f.kilojoule / 4.184),
      });
    }
    expect(rows.every((row) => row.sleepDeepMinutes !== null && row.sleepAwakeMinutes !== null)).toBe(true);
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastSyncAt?.toISOString()).toBe('2026-11-22T08:00:00.000Z');

    // A rerun (or a run resumed after dying half-way) writes the same rows again, never a second set.
    // A day's stages stored from another sleep (here made up) give way to its night's, with its time asleep.
    await lib.db.dailyMetric.update({ where: { id: rows[17]!.id }, data: { sleepDurationMinutes: 30, sleepDeepMinutes: 0, sleepLightMinutes: 25, sleepRemMinutes: 5, sleepAwakeMinutes: 99 } });
    whoop.setRateLimit(0);
    await lib.sync.syncWhoop(connection.id, window);
    expect(await lib.db.dailyMetric.count({ where: { userId: connection.userId, source: 'WHOOP' } })).toBe(DAYS);
    const f17 = whoopFiguresFor(17);
    expect(await lib.db.dailyMetric.findUniqueOrThrow({ where: { id: rows[17]!.id } })).toMatchObject({
      sleepDurationMinutes: f17.lightMin + f17.deepMin + f17.remMin,
      sleepDeepMinutes: f17.deepMin,
      sleepLightMinutes: f17.lightMin,
      sleepRemMinutes: f17.remMin,
      sleepAwakeMinutes: f17.awakeMin,
    });
  }, budget(60_000));

  it('runs as a job on the queue: queued once per connection however often it is asked for, then the days are in', async () => {
    const today = new Date().toISOString().slice(0, 10);
    whoop.setHistory({ days: 20, lastDay: today });
    whoop.setRateLimit(0);
    const connection = await connected();
    // Asked for three times before any worker runs: one job waits.
    await Promise.all([lib.send.queueWearableSync(connection.id, 'connect'), lib.send.queueWearableSync(connection.id, 'connect'), lib.send.queueWearableSync(connection.id, 'connect')]);
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const waiting = await client.query("SELECT data FROM pgboss.job WHERE name = 'wearable-sync' AND data->>'connectionId' = $1", [connection.id]);
    await client.end();
    expect(waiting.rows).toEqual([{ data: { connectionId: connection.id, reason: 'connect' } }]);

    const stored = () => lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } });
    const running = await lib.jobs.startJobs(process.env.DATABASE_URL!, { schedule: false, pollingIntervalSeconds: 0.5 });
    try {
      await waitFor(async () => (await stored()).lastSyncAt !== null, 'the queued sync to finish', { intervalMs: 100 });
    } finally {
      await running.stop();
    }
    expect(await lib.db.dailyMetric.count({ where: { userId: connection.userId, source: 'WHOOP' } })).toBe(20);
    // The backfill is done: the card's "Syncing" state is over, and the next sync will be incremental.
    const after = await waitFor(async () => {
      const now = await stored();
      return now.backfilledAt !== null && now;
    }, 'the backfill to be marked done', { timeoutMs: 5_000, intervalMs: 100 });
    expect(after).toMatchObject({ syncStartedAt: null, syncProgress: null });
    expect(after.backfilledAt).not.toBeNull();
  }, budget(60_000));

  it('reports its progress while it runs, rising to the end, and a later sync asks only for the days since the last one', async () => {
    const today = new Date().toISOString().slice(0, 10);
    whoop.setHistory({ days: 90, lastDay: today });
    whoop.setRateLimit(0);
    const connection = await connected();
    const job = await import('@/lib/wearables/sync-job');
    const now = new Date();
    // The sync tells its progress after each page: rising, and at 1 when done.
    const seen: number[] = [];
    await lib.sync.syncWhoop(connection.id, job.syncWindow({ backfilledAt: null, lastSyncAt: null }, now), { now, onProgress: (fraction) => void seen.push(fraction) });
    // 4 pages of each of 3 collections, and the end of each collection.
    expect(seen.length).toBe(15);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.at(-1)).toBe(1);
    // The job shows it on the connection while it runs and clears it after.
    await job.markSyncing(connection.id, now);
    expect(await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).toMatchObject({ syncProgress: 0, syncStartedAt: now });
    await job.runWearableSync({ connectionId: connection.id, reason: 'connect' }, now);
    expect(await lib.db.dailyMetric.count({ where: { userId: connection.userId, source: 'WHOOP' } })).toBe(90);
    const done = await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(done).toMatchObject({ syncProgress: null, syncStartedAt: null });
    expect(done.backfilledAt?.toISOString()).toBe(now.toISOString());

    // The incremental sync starts two days before the last one finished.
    const before = whoop.dataRequests.length;
    const later = new Date(now.getTime() + 3_600_000);
    await job.runWearableSync({ connectionId: connection.id, reason: 'poll' }, later);
    expect(whoop.dataRequests.length - before).toBe(3);
    expect(job.syncWindow(done, later).from.toISOString()).toBe(new Date(now.getTime() - job.OVERLAP_MS).toISOString());
    expect(await lib.db.dailyMetric.count({ where: { userId: connection.userId, source: 'WHOOP' } })).toBe(90);
  }, budget(60_000));

  it('a sync that dies half-way leaves the last sync where it was, and its retry fills every day once', async () => {
    const today = new Date().toISOString().slice(0, 10);
    whoop.setHistory({ days: 40, lastDay: today });
    whoop.setRateLimit(0);
    const connection = await connected();
    const job = await import('@/lib/wearables/sync-job');
    // Whoop fails once the sleeps are in: the recoveries and cycles never come.
    whoop.failWith('server-error', '/developer/v2/recovery');
    await expect(job.runWearableSync({ connectionId: connection.id, reason: 'connect' })).rejects.toThrow();
    whoop.failWith(null);
    const half = await lib.db.dailyMetric.findMany({ where: { userId: connection.userId, source: 'WHOOP' } });
    expect(half.length).toBe(40);
    expect(half.every((row) => row.recoveryScore === null)).toBe(true);
    // The nights came whole, their stages with them.
    expect(half.every((row) => row.sleepDurationMinutes !== null && row.sleepRemMinutes !== null)).toBe(true);
    expect(await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).toMatchObject({ lastSyncAt: null, backfilledAt: null, syncStartedAt: null });

    // The queue's retry: the same backfill window again.
    await job.runWearableSync({ connectionId: connection.id, reason: 'connect' });
    const rows = await lib.db.dailyMetric.findMany({ where: { userId: connection.userId, source: 'WHOOP' }, orderBy: { day: 'asc' } });
    expect(rows).toHaveLength(40);
    expect(rows.map((row) => row.recoveryScore)).toEqual(Array.from({ length: 40 }, (_, index) => whoopFiguresFor(index).recovery));
    // The recoveries and cycles filled their columns and left the nights' stages as they were.
    expect(rows.map((row) => row.sleepAwakeMinutes)).toEqual(Array.from({ length: 40 }, (_, index) => whoopFiguresFor(index).awakeMin));
  }, budget(60_000));
});
