// The Withings backfill against the fake Withings data API (form-encoded POSTs answered `{status, body}`,
// pages of 30 with `more`/`offset`, a status 601 now and then) and this file's own PostgreSQL database:
// every day lands once with Withings' figures, pulse readings become heart-rate samples, and a rerun
// adds nothing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../fakes/wearable-oauth-peer';
import { withingsFiguresFor } from '../fakes/withings-data';
import { memberWithWearable } from '../support/members';
import { budget } from '../setup/machine-speed.js';

const CLIENT = { clientId: 'withings-sync-client', clientSecret: 'withings-sync-secret' };
let withings: FakeOAuthProvider;
type Lib = {
  db: typeof import('@/lib/db').db;
  sync: typeof import('@/lib/wearables/withings/sync');
  http: typeof import('@/lib/wearables/provider-requests');
};
let lib: Lib;

beforeAll(async () => {
  withings = await startFakeOAuthProvider('withings', CLIENT);
  Object.assign(process.env, {
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    WITHINGS_CLIENT_ID: CLIENT.clientId,
    WITHINGS_CLIENT_SECRET: CLIENT.clientSecret,
    WITHINGS_API_BASE_URL: withings.baseUrl,
    WITHINGS_AUTH_BASE_URL: withings.baseUrl,
  });
  lib = { db: (await import('@/lib/db')).db, sync: await import('@/lib/wearables/withings/sync'), http: await import('@/lib/wearables/provider-requests') };
});
afterAll(async () => {
  await lib?.db.$disconnect();
  await withings?.stop();
});

const LAST_DAY = '2026-11-21';
const DAYS = 60;
const dayAt = (index: number) => new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) - (DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10);
const scaled = ({ value, unit }: { value: number; unit: number }) => Math.round((value / 10 ** -unit) * 100) / 100;

const connected = (accessToken = withings.issue().accessToken) =>
  memberWithWearable('WITHINGS', { accessToken, refreshToken: `withings-refresh-${randomBytes(6).toString('hex')}`, expiresAt: new Date(Date.now() + 3_600_000) });

describe('the Withings backfill', () => {
  it('pages through measures, sleep and activity, waits out status 601, and stores each day once with Withings’ figures', async () => {
    withings.setHistory({ days: DAYS, lastDay: LAST_DAY });
    withings.setRateLimit(5, 1);
    const connection = await connected();
    const window = { from: new Date(`${dayAt(0)}T00:00:00Z`), to: new Date(`${LAST_DAY}T23:59:59Z`) };
    const before = withings.dataRequests.length;
    const progress: number[] = [];

    const first = await lib.sync.syncWithings(connection.id, window, { now: new Date('2026-11-22T08:00:00Z'), onProgress: (fraction) => void progress.push(fraction) });
    expect(first.days).toBe(DAYS);
    const seen = withings.dataRequests.slice(before);
    // 60 records an endpoint in pages of 30: 2 pages each, 6 in all, plus the 601 (every 5th request) asked again.
    // Withings answers HTTP 200 either way, so the 601 shows as the 5th request being asked again.
    expect(seen.map((r) => r.path)).toEqual(['/measure', '/measure', '/v2/sleep', '/v2/sleep', '/v2/measure', '/v2/measure', '/v2/measure']);
    expect(first.requests).toBe(7);

    const rows = await lib.db.dailyMetric.findMany({ where: { userId: connection.userId, source: 'WITHINGS' }, orderBy: { day: 'asc' } });
    expect(rows).toHaveLength(DAYS);
    for (let index = 0; index < DAYS; index++) {
      const f = withingsFiguresFor(index);
      expect(rows[index]!.day.toISOString().slice(0, 10)).toBe(dayAt(index));
      expect(rows[index]).toMatchObject({
        weightKg: scaled(f.weight),
        bodyFatPercent: scaled(f.fatRatio),
        systolicBpMmhg: f.systolic,
        diastolicBpMmhg: f.diastolic,
        sleepDurationMinutes: Math.round(f.sleepSeconds / 60),
        // The same summary's stages (asked for in data_fields), or nulls for a night from an external source.
        sleepDeepMinutes: f.stages ? Math.round(f.stages.deep / 60) : null,
        sleepLightMinutes: f.stages ? Math.round(f.stages.light / 60) : null,
        sleepRemMinutes: f.stages ? Math.round(f.stages.rem / 60) : null,
        sleepAwakeMinutes: f.stages ? Math.round(f.stages.awake / 60) : null,
        sleepScore: f.sleepScore,
        restingHeartRateBpm: f.hrMin,
        steps: f.steps,
        activeCaloriesKcal: Math.round(f.calories),
        totalCaloriesKcal: Math.round(f.totalcalories),
        hrvMs: null,
        recoveryScore: null,
      });
    }
    expect(rows[0]!.weightKg).toBe(82.4);
    expect(rows.filter((row) => row.sleepDeepMinutes === null).map((row) => row.day.toISOString().slice(0, 10))).toEqual([4, 13, 22, 31, 40, 49, 58].map(dayAt));
    expect(rows.filter((row) => row.sleepDeepMinutes === null).every((row) => row.sleepDurationMinutes !== null && row.sleepLightMinutes === null && row.sleepRemMinutes === null && row.sleepAwakeMinutes === null)).toBe(true);
    expect(rows[DAYS - 1]!.weightKg).toBe(81.81);

    const samples = await lib.db.heartRateSample.findMany({ where: { userId: connection.userId, source: 'WITHINGS' }, orderBy: { recordedAt: 'asc' } });
    expect(samples).toHaveLength(DAYS);
    expect(samples[0]).toMatchObject({ recordedAt: new Date(`${dayAt(0)}T07:30:00Z`), bpm: withingsFiguresFor(0).pulse });

    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastSyncAt?.toISOString()).toBe('2026-11-22T08:00:00.000Z');

    // A rerun (or a run resumed after dying half-way) writes the same rows again, never a second set.
    withings.setRateLimit(0);
    const again = await lib.sync.syncWithings(connection.id, window);
    expect(again).toEqual({ days: DAYS, requests: 6 });
    expect(await lib.db.dailyMetric.count({ where: { userId: connection.userId, source: 'WITHINGS' } })).toBe(DAYS);
    expect(await lib.db.heartRateSample.count({ where: { userId: connection.userId, source: 'WITHINGS' } })).toBe(DAYS);
  }, budget(60_000));

  it('puts each measure on the member’s local day in their time zone', async () => {
    // 07:30 at UTC+10 is 21:30 UTC the evening before: the row is still the member's morning's day.
    withings.setHistory({ days: 3, lastDay: LAST_DAY, offset: '+10:00' });
    withings.setRateLimit(0);
    const connection = await connected();
    await lib.sync.syncWithings(connection.id, { from: new Date('2026-11-18T00:00:00Z'), to: new Date(`${LAST_DAY}T23:59:59Z`) });
    const rows = await lib.db.dailyMetric.findMany({ where: { userId: connection.userId, source: 'WITHINGS', weightKg: { not: null } }, orderBy: { day: 'asc' } });
    expect(rows.map((r) => [r.day.toISOString().slice(0, 10), r.weightKg])).toEqual([
      ['2026-11-19', scaled(withingsFiguresFor(0).weight)],
      ['2026-11-20', scaled(withingsFiguresFor(1).weight)],
      ['2026-11-21', scaled(withingsFiguresFor(2).weight)],
    ]);
  }, budget(30_000));

  it('stops with a ProviderSyncError when Withings refuses the token (status 401), writing nothing', async () => {
    withings.setHistory({ days: DAYS, lastDay: LAST_DAY });
    withings.setRateLimit(0);
    const connection = await connected('withings-access-not-issued-by-the-fake');
    const window = { from: new Date(`${dayAt(0)}T00:00:00Z`), to: new Date(`${LAST_DAY}T23:59:59Z`) };

    const failure = await lib.sync.syncWithings(connection.id, window).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(lib.http.ProviderSyncError);
    expect(failure).toMatchObject({ provider: 'withings', kind: 'token refused' });
    expect(await lib.db.dailyMetric.count({ where: { userId: connection.userId } })).toBe(0);
    expect(await lib.db.heartRateSample.count({ where: { userId: connection.userId } })).toBe(0);
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastSyncAt).toBeNull();
  }, budget(30_000));
});
