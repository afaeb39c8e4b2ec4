// The Oura backfill against the fake Oura data API (v2/usercollection, pages with next_token, a 429 now
// and then, heart rate in ranges of at most 30 days) and this file's own PostgreSQL database: every day
// lands once with Oura's figures, every heart-rate sample once, and a rerun adds nothing. A collection
// the member did not grant is not asked for (or, on a 403, skipped) while the rest still sync.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { denyOuraScopes, HEART_RATES_PER_DAY, ouraFiguresFor, ouraHeartRateFor } from '../fakes/oura-data';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../fakes/wearable-oauth-peer';
import { memberWithWearable } from '../support/members';
import { budget } from '../setup/machine-speed.js';

const CLIENT = { clientId: 'oura-sync-client', clientSecret: 'oura-sync-secret' };
const ALL_SCOPES = ['personal', 'daily', 'heartrate', 'workout', 'session', 'spo2Daily'];
let oura: FakeOAuthProvider;
type Lib = {
  db: typeof import('@/lib/db').db;
  tokens: typeof import('@/lib/wearables/tokens');
  sync: typeof import('@/lib/wearables/oura/sync');
};
let lib: Lib;

beforeAll(async () => {
  oura = await startFakeOAuthProvider('oura', CLIENT);
  Object.assign(process.env, { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64url'), OURA_CLIENT_ID: CLIENT.clientId, OURA_CLIENT_SECRET: CLIENT.clientSecret, OURA_API_BASE_URL: oura.baseUrl, OURA_AUTH_BASE_URL: oura.baseUrl });
  lib = { db: (await import('@/lib/db')).db, tokens: await import('@/lib/wearables/tokens'), sync: await import('@/lib/wearables/oura/sync') };
});
afterAll(async () => {
  await lib?.db.$disconnect();
  await oura?.stop();
});

const LAST_DAY = '2026-11-21';
const DAYS = 60;
const HEART_RATE_PATH = '/v2/usercollection/heartrate';
const dayAt = (index: number) => new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) - (DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10);
const window = { from: new Date(`${dayAt(0)}T00:00:00Z`), to: new Date(`${LAST_DAY}T23:59:59Z`) };

/** A night's stored stages (whole minutes, rounded as its time asleep is), or nulls when Oura gave none. */
const stagesOf = (stages: { deep: number; light: number; rem: number; awake: number } | null) => ({
  sleepDeepMinutes: stages ? Math.round(stages.deep / 60) : null,
  sleepLightMinutes: stages ? Math.round(stages.light / 60) : null,
  sleepRemMinutes: stages ? Math.round(stages.rem / 60) : null,
  sleepAwakeMinutes: stages ? Math.round(stages.awake / 60) : null,
});

async function connected(scopes: string[]) {
  const issued = oura.issue();
  const connection = await memberWithWearable('OURA', { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: new Date(Date.now() + 86_400_000), scopes });
  return { connection, accessToken: issued.accessToken };
}

describe('the Oura backfill', () => {
  it('pages through the nights, daily scores, activity, readiness and heart rate, waits out 429s, and stores each day and sample once', async () => {
    oura.setHistory({ days: DAYS, lastDay: LAST_DAY, offset: '+01:00' });
    oura.setRateLimit(5, 1);
    const { connection } = await connected(ALL_SCOPES);
    const before = oura.dataRequests.length;
    const progress: number[] = [];

    const first = await lib.sync.syncOura(connection.id, window, { now: new Date('2026-11-22T08:00:00Z'), onProgress: (fraction) => void progress.push(fraction) });
    expect(first.days).toBe(DAYS);
    const seen = oura.dataRequests.slice(before);
    expect(seen.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(seen.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    // 104 sleep periods (3 pages of 50), 60 daily scores and activities and 57 readiness records (2 pages
    // each), and 1,440 hourly samples asked for in two ranges of at most 30 days (3 pages of 288 each).
    expect(seen.filter((r) => r.status === 200)).toHaveLength(15);
    expect(seen.filter((r) => r.status === 200 && r.path === HEART_RATE_PATH)).toHaveLength(6);
    expect(first.requests).toBe(seen.length);

    const rows = await lib.db.dailyMetric.findMany({ where: { userId: connection.userId, source: 'OURA' }, orderBy: { day: 'asc' } });
    expect(rows).toHaveLength(DAYS);
    for (let index = 0; index < DAYS; index++) {
      const f = ouraFiguresFor(index);
      expect(rows[index]!.day.toISOString().slice(0, 10)).toBe(dayAt(index));
      expect(rows[index]).toMatchObject({
        sleepScore: f.sleepScore,
        sleepDurationMinutes: Math.round(f.sleepSeconds / 60),
        ...stagesOf(f.stages),
        restingHeartRateBpm: f.lowestHeartRate,
        hrvMs: f.hrv,
        respiratoryRateBpm: Math.round(f.breath * 10) / 10,
        steps: f.steps,
        activeCaloriesKcal: f.activeCalories,
        totalCaloriesKcal: f.totalCalories,
        recoveryScore: f.readiness,
        stressScore: null,
        weightKg: null,
      });
    }
    // A day without an HRV or a readiness record has nothing written there, not a 0; nor does a night
    // Oura gave no stages for (its four fields null).
    expect(rows.filter((row) => row.hrvMs === null).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.sleepDeepMinutes === null && row.sleepLightMinutes === null && row.sleepRemMinutes === null && row.sleepAwakeMinutes === null).map((row) => row.day.toISOString().slice(0, 10))).toEqual(
      [3, 13, 23, 33, 43, 53].map(dayAt),
    );
    expect(rows.filter((row) => row.recoveryScore === null).length).toBeGreaterThan(0);

    const samples = await lib.db.heartRateSample.findMany({ where: { userId: connection.userId, source: 'OURA' }, orderBy: { recordedAt: 'asc' } });
    expect(samples).toHaveLength(DAYS * HEART_RATES_PER_DAY);
    expect(samples[0]).toMatchObject({ recordedAt: new Date(`${dayAt(0)}T00:00:00Z`), bpm: ouraHeartRateFor(0, 0) });
    expect(samples.at(-1)).toMatchObject({ recordedAt: new Date(`${LAST_DAY}T23:00:00Z`), bpm: ouraHeartRateFor(DAYS - 1, 23) });
    expect(samples[30 * HEART_RATES_PER_DAY + 5]).toMatchObject({ recordedAt: new Date(`${dayAt(30)}T05:00:00Z`), bpm: ouraHeartRateFor(30, 5) });

    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(1);
    progress.forEach((fraction, i) => {
      expect(fraction).toBeGreaterThanOrEqual(i === 0 ? 0 : progress[i - 1]!);
      expect(fraction).toBeLessThanOrEqual(1);
    });
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastSyncAt?.toISOString()).toBe('2026-11-22T08:00:00.000Z');

    // A rerun (or a run resumed after dying half-way) writes the same rows again, never a second set.
    oura.setRateLimit(0);
    const again = await lib.sync.syncOura(connection.id, window);
    expect(again.days).toBe(DAYS);
    expect(await lib.db.dailyMetric.count({ where: { userId: connection.userId, source: 'OURA' } })).toBe(DAYS);
    expect(await lib.db.heartRateSample.count({ where: { userId: connection.userId, source: 'OURA' } })).toBe(DAYS * HEART_RATES_PER_DAY);
  }, budget(60_000));

  it('replaces a day’s stages with its night’s as a set, with the time asleep they belong to (nulls where the night has none)', async () => {
    // As when a shorter period of the day came on an earlier page (or an earlier sync): its time asleep
    // and stages are stored; the night's then replace them all, leaving none of the shorter period's.
    oura.setHistory({ days: 10, lastDay: LAST_DAY });
    oura.setRateLimit(0);
    const { connection } = await connected(['personal', 'daily']);
    const first = DAYS - 10;
    const stale = { sleepDurationMinutes: 90, sleepDeepMinutes: 20, sleepLightMinutes: 50, sleepRemMinutes: 20, sleepAwakeMinutes: 15 };
    // History day 3 is a night without stages; day 4's has them.
    for (const index of [3, 4]) await lib.db.dailyMetric.create({ data: { userId: connection.userId, source: 'OURA', day: new Date(`${dayAt(first + index)}T00:00:00Z`), ...stale } });

    await lib.sync.syncOura(connection.id, { from: new Date(`${dayAt(first)}T00:00:00Z`), to: window.to });
    const row = (index: number) => lib.db.dailyMetric.findUniqueOrThrow({ where: { userId_day_source: { userId: connection.userId, day: new Date(`${dayAt(first + index)}T00:00:00Z`), source: 'OURA' } } });
    for (const index of [3, 4]) {
      const f = ouraFiguresFor(index);
      expect(await row(index)).toMatchObject({ sleepDurationMinutes: Math.round(f.sleepSeconds / 60), ...stagesOf(f.stages) });
    }
    expect(ouraFiguresFor(3).stages).toBeNull();
    expect(ouraFiguresFor(4).stages).not.toBeNull();
  }, budget(60_000));

  it('does not ask for heart rate when the stored grant leaves `heartrate` out, and still stores the days', async () => {
    oura.setHistory({ days: DAYS, lastDay: LAST_DAY });
    oura.setRateLimit(0);
    const { connection } = await connected(['personal', 'daily']);
    const before = oura.dataRequests.length;
    const progress: number[] = [];

    const result = await lib.sync.syncOura(connection.id, window, { onProgress: (fraction) => void progress.push(fraction) });
    expect(result.days).toBe(DAYS);
    expect(oura.dataRequests.slice(before).filter((r) => r.path === HEART_RATE_PATH)).toEqual([]);
    expect(await lib.db.heartRateSample.count({ where: { userId: connection.userId } })).toBe(0);
    expect(await lib.db.dailyMetric.count({ where: { userId: connection.userId, source: 'OURA' } })).toBe(DAYS);
    expect(progress.at(-1)).toBe(1);
  }, budget(60_000));

  it('skips a collection Oura answers 403 for (a scope unticked but not recorded) and syncs the rest', async () => {
    oura.setHistory({ days: 10, lastDay: LAST_DAY });
    oura.setRateLimit(0);
    const { connection, accessToken } = await connected([]);
    denyOuraScopes(accessToken, ['heartrate']);
    const before = oura.dataRequests.length;
    const shortWindow = { from: new Date(`${dayAt(DAYS - 10)}T00:00:00Z`), to: window.to };

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await lib.sync.syncOura(connection.id, shortWindow);
    const warned = warn.mock.calls.slice();
    warn.mockRestore();
    expect(warned).toEqual([[expect.stringContaining('"heartrate"')]]);
    expect(result.days).toBe(10);
    expect(oura.dataRequests.slice(before).filter((r) => r.path === HEART_RATE_PATH)).toEqual([{ path: HEART_RATE_PATH, status: 403 }]);
    expect(await lib.db.heartRateSample.count({ where: { userId: connection.userId } })).toBe(0);
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastSyncAt).not.toBeNull();
  }, budget(60_000));

  it('fails with the provider’s error when the token is refused', async () => {
    oura.setHistory({ days: 10, lastDay: LAST_DAY });
    const { connection } = await connected(ALL_SCOPES);
    // Another token than the one the fake issued, sealed for this connection.
    const sealed = lib.tokens.sealedColumns(connection.userId, 'OURA', { accessToken: 'oura-access-unknown', refreshToken: null, expiresAt: new Date(Date.now() + 86_400_000), scopes: [], externalUserId: null });
    await lib.db.wearableConnection.update({ where: { id: connection.id }, data: sealed });
    await expect(lib.sync.syncOura(connection.id, window)).rejects.toMatchObject({ name: 'ProviderSyncError', kind: expect.stringMatching(/^HTTP 401/) });
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastSyncAt).toBeNull();
  }, budget(60_000));
});
