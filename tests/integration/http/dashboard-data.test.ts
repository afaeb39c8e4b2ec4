// SPEC §7 "Dashboard data" over HTTP: GET /api/vitals, /api/activity, /api/sleep_score and
// /api/trends/testosterone answer the signed-in user's own figures, 401 signed out, and nothing of
// another user's. The figures themselves are worked out in tests/integration/dashboard-data.test.ts;
// here the server's clock is the real one, so the rows are dated relative to today.
import { describe, expect, it } from '@jest/globals';
import { addDays, ageOn, utcDay } from '@/lib/days';
import { formatDateGB } from '@/lib/format';
import { cardioAge, vo2Category } from '@/lib/dashboard/vo2-norms';
import { db } from '@/lib/db';
import { client, registerUser, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();
const ENDPOINTS = ['/api/vitals?testing=1', '/api/activity?testing=1', '/api/sleep_score', '/api/readiness', '/api/trends/testosterone'];
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** A user onboarded with the typical answers (born 1985-06-15, 180 cm, 90 kg), and a day of ring data. */
async function userWithRows() {
  const signedIn = await registerUser(app, { onboarded: true });
  const { userId } = signedIn;
  const today = utcDay(new Date());
  const yesterday = addDays(today, -1);
  await db.dailyMetric.create({
    data: { userId, day: midnight(yesterday), source: 'OURA', sleepScore: 78, steps: 8000, restingHeartRateBpm: 57, stressScore: 33, vo2Max: 42.3 },
  });
  // Today's own row already holds the weight entered during onboarding; the intake joins it.
  const own = { userId, day: midnight(today), source: 'MANUAL' } as const;
  await db.dailyMetric.upsert({ where: { userId_day_source: own }, create: { ...own, caloriesIntakeKcal: 1800 }, update: { caloriesIntakeKcal: 1800 } });
  await db.heartRateSample.create({ data: { userId, recordedAt: midnight(today), bpm: 64, source: 'OURA' } });
  await db.vitalScan.create({
    data: { userId, source: 'WEEKLY', measuredAt: new Date(Date.now() - 60_000), systolicBloodPressureMmhg: 118, diastolicBloodPressureMmhg: 77, bloodPressureSource: 'CUFF' },
  });
  await db.labResult.create({ data: { userId, marker: 'total_testosterone', value: 17.1, unit: 'nmol/L', valueNgDl: 493.2, takenAt: midnight(addDays(today, -3)) } });
  return { ...signedIn, today, yesterday };
}

describe('GET /api/vitals, /api/activity, /api/sleep_score, /api/trends/testosterone', () => {
  it('answer the signed-in user’s figures in SPEC’s shapes, uncached', async () => {
    const { browser, today, yesterday } = await userWithRows();

    const vitals = await browser.get('/api/vitals?testing=1');
    expect(vitals.status).toBe(200);
    expect(vitals.headers.get('cache-control')).toBe('no-store');
    const week = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
    expect(vitals.json).toEqual({
      heart_rate_history: week.map((day) => ({ day, rate: day === today ? 64 : day === yesterday ? 57 : null })),
      heart_rate_today: 61, // (57 + 64) / 2 = 60.5
      heart_rate_yesterday: null,
      heart_rate_from: 'From Oura.',
      heart_rate_kind: 'mixed', // today from its samples, yesterday its resting rate
      stress_history: week.map((day) => ({ day, value: day === yesterday ? 33 : null })),
      stress_today: 33,
      stress_yesterday: null,
      stress_from: 'From Oura.',
      bp_systolic: 118,
      bp_diastolic: 77,
      bp_source: 'cuff',
      bp_device: null,
      bp_measured_at: expect.any(String),
      bp_next_in_days: expect.any(Number),
    });
    // This week's weekly scan is done: 1 to 7 days until next Monday.
    expect(vitals.json.bp_next_in_days).toBeGreaterThanOrEqual(1);
    expect(vitals.json.bp_next_in_days).toBeLessThanOrEqual(7);

    const activity = await browser.get('/api/activity?testing=1');
    expect(activity.status).toBe(200);
    const age = ageOn(new Date('1985-06-15T00:00:00Z'), today);
    // Mifflin-St Jeor for 90 kg and 180 cm, × 1.55 for 8,000 steps a day.
    const goal = Math.round((10 * 90 + 6.25 * 180 - 5 * age + 5) * 1.55);
    expect(activity.json).toEqual({
      remaining: goal - 1800,
      intake: 1800,
      goal,
      goal_needs: [],
      steps_today: 8000,
      steps_yesterday: null,
      steps_history: Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)).map((day) => ({ day, steps: day === yesterday ? 8000 : null })),
      steps_from: 'From Oura.',
      cardio_age: cardioAge(42.3),
      cardio_diff: cardioAge(42.3) - age,
      vo2_max: 42.3,
      vo2_range: vo2Category(42.3, age),
      vo2_from: `From Oura, ${formatDateGB(yesterday)}.`,
      next_refresh: `${addDays(today, 1)}T00:00:00.000Z`,
    });

    const sleep = await browser.get('/api/sleep_score');
    expect(sleep.status).toBe(200);
    expect(sleep.json).toEqual({ score: 78, day: yesterday, from: 'From Oura.' });

    // Readiness: yesterday's resting rate, none for last night yet.
    const readiness = await browser.get('/api/readiness');
    expect(readiness.status).toBe(200);
    expect(readiness.headers.get('cache-control')).toBe('no-store');
    expect(readiness.json).toMatchObject({ state: 'no-data', day: today, from: null, detail: expect.stringMatching(/^No HRV or resting heart rate for last night/) });

    const trend = await browser.get('/api/trends/testosterone');
    expect(trend.status).toBe(200);
    // `shown`: the same result in the member's units, SI for this member in the UK, as it was entered.
    expect(trend.json).toEqual({ data: [{ label: expect.stringMatching(/^[A-Z][a-z]{2,3} \d{4}$/), raw: 493, highlight: true }], shown: { unit: 'nmol/L', points: [17.1] } });
  });

  it('answer 401 signed out', async () => {
    const visitor = client(app.url);
    for (const path of ENDPOINTS) {
      const res = await visitor.get(path);
      expect([path, res.status, res.json.message]).toEqual([path, 401, 'Not authenticated']);
    }
  });

  it('show a second user none of the first one’s data', async () => {
    await userWithRows();
    const { browser } = await registerUser(app, { onboarded: true });
    const today = utcDay(new Date());

    const vitals = await browser.get('/api/vitals?testing=1');
    expect(vitals.status).toBe(200);
    expect(vitals.json).toMatchObject({
      heart_rate_today: null,
      heart_rate_yesterday: null,
      stress_today: null,
      bp_systolic: null,
      bp_diastolic: null,
      bp_source: null,
      bp_measured_at: null,
      bp_next_in_days: 0,
    });
    expect((vitals.json.heart_rate_history as { rate: unknown }[]).every((p) => p.rate === null)).toBe(true);
    expect((vitals.json.stress_history as { value: unknown }[]).every((p) => p.value === null)).toBe(true);

    const activity = await browser.get('/api/activity?testing=1');
    expect(activity.status).toBe(200);
    // The profile has weight, height and age but no steps and no activity level: no goal is assumed.
    expect(activity.json).toEqual({
      remaining: null,
      intake: null,
      goal: null,
      goal_needs: ['activity_level'],
      steps_today: null,
      steps_yesterday: null,
      steps_history: Array.from({ length: 7 }, (_, i) => ({ day: addDays(today, i - 6), steps: null })),
      steps_from: null,
      cardio_age: null,
      cardio_diff: null,
      vo2_max: null,
      vo2_range: null,
      vo2_from: null,
      next_refresh: `${addDays(today, 1)}T00:00:00.000Z`,
    });

    const sleep = await browser.get('/api/sleep_score');
    expect(sleep.status).toBe(404);
    expect(sleep.json).toEqual({ message: 'No sleep score yet.', code: 'not_found' });

    expect((await browser.get('/api/trends/testosterone')).json).toEqual({ data: [] });
  });

  it('show a change to the user’s data on the very next call (the answers are kept by data version)', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const today = utcDay(new Date());
    expect((await browser.get('/api/sleep_score')).status).toBe(404);
    expect((await browser.get('/api/vitals')).json.heart_rate_today).toBeNull();

    // Written straight to the database, as a wearable sync in another process would.
    await db.dailyMetric.create({ data: { userId, day: midnight(today), source: 'OURA', sleepScore: 84, restingHeartRateBpm: 52 } });
    const sleep = await browser.get('/api/sleep_score');
    expect([sleep.status, sleep.json]).toEqual([200, { score: 84, day: today, from: 'From Oura.' }]);
    expect((await browser.get('/api/vitals')).json.heart_rate_today).toBe(52);

    await db.dailyMetric.deleteMany({ where: { userId } });
    expect((await browser.get('/api/sleep_score')).status).toBe(404);
  });
});
