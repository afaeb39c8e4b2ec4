// The dashboard's data (SPEC §3 "Vitals response" / "Activity response", §7 "Dashboard data"), read
// straight from the lib functions the route handlers call, on rows written here. Every expected number
// is worked out by hand in the comment beside it.
import { afterAll, describe, expect, it } from '@jest/globals';
import { activity } from '@/lib/dashboard/activity';
import { lastNightSleep, sleepScore } from '@/lib/dashboard/sleep';
import { testosteroneTrend } from '@/lib/dashboard/testosterone-trend';
import { verdictText } from '@/lib/labs/reference-change';
import { heartRateMeansSql, vitals } from '@/lib/dashboard/vitals';
import { db } from '@/lib/db';
import { DEMO_EMAIL } from '@/lib/demo/account';
import { seedDemoData } from '@/lib/demo/seed';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { MetricSource } from '@/lib/generated/prisma/enums';
import { addTestosterone, createMember } from '../support/members';
import { budget } from '../setup/machine-speed.js';

afterAll(() => db.$disconnect());

// Wednesday 18 March 2026, 10:30 UTC. This ISO week began on Monday 16 March; the next begins on Monday 23 March.
const NOW = new Date('2026-03-18T10:30:00Z');
const THIS_WEEK = ['2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17', '2026-03-18'];

type Values = Omit<Prisma.DailyMetricUncheckedCreateInput, 'userId' | 'day' | 'source'>;
/** One source's row for a day; a second call for the same day and source adds its values to the row. */
const metric = (userId: string, day: string, source: MetricSource, values: Values) => {
  const key = { userId, day: new Date(`${day}T00:00:00Z`), source };
  return db.dailyMetric.upsert({ where: { userId_day_source: key }, create: { ...key, ...values }, update: values });
};

const samples = (userId: string, rows: [string, number][], source: MetricSource = 'OURA') =>
  db.heartRateSample.createMany({ data: rows.map(([at, bpm]) => ({ userId, recordedAt: new Date(at), bpm, source })) });

const NOTHING_THIS_WEEK = (key: 'rate' | 'value') => THIS_WEEK.map((day) => ({ day, [key]: null }));

describe('vitals: heart rate', () => {
  it('takes a day’s mean from its samples, else its resting heart rate, and averages this week and last', async () => {
    const { id } = await createMember();
    await samples(id, [
      ['2026-03-12T23:55:00Z', 80], // the last 5 minutes of the 12th still count for the 12th
      ['2026-03-18T00:00:00Z', 60],
      ['2026-03-18T06:00:00Z', 70],
      ['2026-03-18T09:00:00Z', 83], // (60 + 70 + 83) / 3 = 71
      ['2026-03-11T12:00:00Z', 70], // last week
      ['2026-03-04T23:55:00Z', 200], // 15 days ago: in neither week
    ]);
    await samples(id, [['2026-03-16T08:00:00Z', 61], ['2026-03-16T20:00:00Z', 62]], 'APPLE_HEALTH'); // 61.5 → 62
    await metric(id, '2026-03-18', 'OURA', { restingHeartRateBpm: 55 }); // samples win over the resting rate
    await metric(id, '2026-03-17', 'OURA', { restingHeartRateBpm: 58.4 }); // no samples: 58
    await metric(id, '2026-03-14', 'APPLE_HEALTH', { restingHeartRateBpm: 64 });
    await metric(id, '2026-03-14', 'WHOOP', { restingHeartRateBpm: 60 }); // Whoop outranks Apple Health for recovery
    await metric(id, '2026-03-05', 'OURA', { restingHeartRateBpm: 50 }); // last week

    // Another user's samples and rows on the same days change nothing.
    const other = await createMember();
    await samples(other.id, [['2026-03-13T12:00:00Z', 150], ['2026-03-18T08:00:00Z', 150]]);
    await metric(other.id, '2026-03-15', 'OURA', { restingHeartRateBpm: 99, stressScore: 99 });

    const answer = await vitals(id, NOW);
    expect(answer.heart_rate_history).toEqual([
      { day: '2026-03-12', rate: 80 },
      { day: '2026-03-13', rate: null },
      { day: '2026-03-14', rate: 60 },
      { day: '2026-03-15', rate: null },
      { day: '2026-03-16', rate: 62 },
      { day: '2026-03-17', rate: 58 },
      { day: '2026-03-18', rate: 71 },
    ]);
    expect(answer.heart_rate_today).toBe(66); // (80 + 60 + 62 + 58 + 71) / 5 = 66.2
    expect(answer.heart_rate_yesterday).toBe(60); // (70 + 50) / 2
    // Oura gave three of the week's days (12th, 17th, 18th), Apple Health and Whoop one each.
    expect(answer.heart_rate_from).toBe('From Oura, Apple Health and Whoop.');
    // The 12th, 16th and 18th are all-day means, the 14th and 17th resting rates: the card says it is both.
    expect(answer.heart_rate_kind).toBe('mixed');
  });

  it('shows a new member’s onboarding scan on day one: its heart rate, said to be the camera’s', async () => {
    const { id } = await createMember();
    // A stored scan leaves its heart rate as a sample of that instant (lib/scans/results.ts).
    await samples(id, [['2026-03-18T08:00:00Z', 72]], 'SCAN');
    expect(await vitals(id, NOW)).toMatchObject({ heart_rate_today: 72, heart_rate_kind: 'scan', heart_rate_from: 'From your camera scan.' });
    // A day of a ring's readings beside it is an all-day mean.
    await samples(id, [['2026-03-17T08:00:00Z', 64]]);
    expect(await vitals(id, NOW)).toMatchObject({ heart_rate_today: 68, heart_rate_kind: 'mixed' });
  });

  it('says which heart rate the week is: all-day means, resting rates, or some of each', async () => {
    const resting = await createMember();
    await metric(resting.id, '2026-03-17', 'WHOOP', { restingHeartRateBpm: 52 });
    expect(await vitals(resting.id, NOW)).toMatchObject({ heart_rate_today: 52, heart_rate_kind: 'resting' });
    const allDay = await createMember();
    await samples(allDay.id, [['2026-03-17T08:00:00Z', 70]]);
    expect(await vitals(allDay.id, NOW)).toMatchObject({ heart_rate_today: 70, heart_rate_kind: 'all_day' });
  });

  it('reads only the asked days from a year of 5-minute samples, through the (userId, recordedAt, source) index', async () => {
    const { id } = await createMember();
    const other = await createMember();
    // bpm = 50 + the day of the month, all day long: 105,121 samples for this user, and the same for another.
    for (const userId of [id, other.id]) {
      await db.$executeRaw`
        INSERT INTO heart_rate_samples ("userId", "recordedAt", bpm, source)
        SELECT ${userId}, t, 50 + extract(day FROM t)::int, 'oura'::"MetricSource"
        FROM generate_series('2025-03-18 10:30'::timestamp, '2026-03-18 10:30'::timestamp, interval '5 minutes') AS t`;
    }
    await db.$executeRawUnsafe('ANALYZE heart_rate_samples');

    const answer = await vitals(id, NOW);
    expect(answer.heart_rate_history.map((p) => p.rate)).toEqual([62, 63, 64, 65, 66, 67, 68]);
    expect(answer.heart_rate_today).toBe(65); // (62 + … + 68) / 7
    expect(answer.heart_rate_yesterday).toBe(58); // 5 to 11 March: (55 + … + 61) / 7

    const plan = (await db.$queryRaw<{ 'QUERY PLAN': string }[]>`EXPLAIN ${heartRateMeansSql(id, '2026-03-05', '2026-03-18')}`).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('heart_rate_samples_userId_recordedAt_source_key');
    expect(plan).not.toContain('Seq Scan');
  });
});

describe('vitals: stress', () => {
  it('takes each day’s merged stress score and averages this week and last', async () => {
    const { id } = await createMember();
    await metric(id, '2026-03-18', 'OURA', { stressScore: 40.4 });
    await metric(id, '2026-03-18', 'MANUAL', { stressScore: 70 }); // Oura outranks a typed value for recovery
    await metric(id, '2026-03-17', 'WHOOP', { stressScore: 30.6 }); // 31
    await metric(id, '2026-03-16', 'SCAN', { stressScore: 50 });
    await metric(id, '2026-03-10', 'OURA', { stressScore: 20 });
    await metric(id, '2026-03-11', 'OURA', { stressScore: 27 });

    const answer = await vitals(id, NOW);
    expect(answer.stress_history).toEqual([
      { day: '2026-03-12', value: null },
      { day: '2026-03-13', value: null },
      { day: '2026-03-14', value: null },
      { day: '2026-03-15', value: null },
      { day: '2026-03-16', value: 50 },
      { day: '2026-03-17', value: 31 },
      { day: '2026-03-18', value: 40 },
    ]);
    expect(answer.stress_today).toBe(40); // (50 + 31 + 40) / 3 = 40.33
    expect(answer.stress_yesterday).toBe(24); // (20 + 27) / 2 = 23.5
    expect(answer.stress_from).toBe('From Oura, Whoop and your camera scan.');
  });
});

describe('vitals: blood pressure and the weekly check-in', () => {
  it('shows the most recent of a scan, a typed cuff reading and a device, and counts the days to Monday once this week’s scan is done', async () => {
    const { id } = await createMember();
    const scan = (measuredAt: string, source: 'ONBOARDING' | 'WEEKLY', systolic: number | null, diastolic: number | null, bloodPressureSource: 'CUFF' | 'CAMERA' | null = 'CAMERA') =>
      db.vitalScan.create({ data: { userId: id, source, measuredAt: new Date(measuredAt), systolicBloodPressureMmhg: systolic, diastolicBloodPressureMmhg: diastolic, bloodPressureSource } });
    const bp = async () => {
      const { bp_systolic, bp_diastolic, bp_source, bp_device, bp_measured_at, bp_next_in_days } = await vitals(id, NOW);
      return { bp_systolic, bp_diastolic, bp_source, bp_device, bp_measured_at, bp_next_in_days };
    };

    await metric(id, '2026-03-10', 'WITHINGS', { systolicBpMmhg: 131, diastolicBpMmhg: 86 });
    // A device's reading names the device.
    expect(await bp()).toEqual({ bp_systolic: 131, bp_diastolic: 86, bp_source: 'device', bp_device: 'Withings', bp_measured_at: '2026-03-10T00:00:00.000Z', bp_next_in_days: 0 });

    await metric(id, '2026-03-13', 'MANUAL', { systolicBpMmhg: 130, diastolicBpMmhg: 85 });
    expect(await bp()).toMatchObject({ bp_systolic: 130, bp_diastolic: 85, bp_source: 'cuff', bp_measured_at: '2026-03-13T00:00:00.000Z' });

    // Last week's weekly check-in with a cuff reading typed in: the newest reading, a cuff's, but this week's scan is still to do.
    await scan('2026-03-14T08:00:00Z', 'WEEKLY', 121.6, 79.4, 'CUFF');
    expect(await bp()).toEqual({ bp_systolic: 122, bp_diastolic: 79, bp_source: 'cuff', bp_device: null, bp_measured_at: '2026-03-14T08:00:00.000Z', bp_next_in_days: 0 });

    // A cuff reading on the 15th counts as 00:00 that day, after the scan on the 14th…
    await metric(id, '2026-03-15', 'MANUAL', { systolicBpMmhg: 118, diastolicBpMmhg: 76 });
    expect(await bp()).toMatchObject({ bp_systolic: 118, bp_diastolic: 76, bp_source: 'cuff', bp_measured_at: '2026-03-15T00:00:00.000Z' });
    // …and a Withings reading the same day outranks the typed one.
    await metric(id, '2026-03-15', 'WITHINGS', { systolicBpMmhg: 126, diastolicBpMmhg: 82 });
    expect(await bp()).toMatchObject({ bp_systolic: 126, bp_diastolic: 82, bp_source: 'device' });

    // Half readings, and a scan after `now`, are no readings.
    await scan('2026-03-16T09:00:00Z', 'ONBOARDING', 140, null);
    await metric(id, '2026-03-17', 'WITHINGS', { systolicBpMmhg: 150 });
    await scan('2026-03-18T11:00:00Z', 'WEEKLY', 100, 60);
    expect(await bp()).toEqual({ bp_systolic: 126, bp_diastolic: 82, bp_source: 'device', bp_device: 'Withings', bp_measured_at: '2026-03-15T00:00:00.000Z', bp_next_in_days: 0 });

    // This week's weekly scan (Monday 16th): newest reading, and the next opens on Monday 23rd, 4 d 13.5 h away → 5.
    // (A camera engine that measures blood pressure measured this one.)
    await scan('2026-03-16T07:15:00Z', 'WEEKLY', 117, 75);
    expect(await bp()).toEqual({ bp_systolic: 117, bp_diastolic: 75, bp_source: 'scan', bp_device: null, bp_measured_at: '2026-03-16T07:15:00.000Z', bp_next_in_days: 5 });
    // A scan whose vendor engine did not say where its pressures came from claims neither the camera nor a cuff.
    await scan('2026-03-16T08:00:00Z', 'ONBOARDING', 119, 77, null);
    expect(await bp()).toMatchObject({ bp_systolic: 119, bp_diastolic: 77, bp_source: 'checkin' });
    // On Sunday evening it is 1 day, rounded up.
    expect((await vitals(id, new Date('2026-03-22T20:00:00Z'))).bp_next_in_days).toBe(1);
  });
});

describe('vitals: an older blood-pressure reading', () => {
  it('finds a reading from before the two weeks the charts cover, the source priority still choosing', async () => {
    const { id } = await createMember();
    await metric(id, '2026-01-20', 'MANUAL', { systolicBpMmhg: 128, diastolicBpMmhg: 84 });
    await metric(id, '2026-01-20', 'WITHINGS', { systolicBpMmhg: 133, diastolicBpMmhg: 88 });
    await metric(id, '2026-01-05', 'WITHINGS', { systolicBpMmhg: 140, diastolicBpMmhg: 90 });
    const { bp_systolic, bp_diastolic, bp_source, bp_measured_at } = await vitals(id, NOW);
    expect({ bp_systolic, bp_diastolic, bp_source, bp_measured_at }).toEqual({ bp_systolic: 133, bp_diastolic: 88, bp_source: 'device', bp_measured_at: '2026-01-20T00:00:00.000Z' });
  });
});

describe('activity', () => {
  it('computes the goal by hand (Mifflin-St Jeor × the steps factor), intake, remaining, steps (today shown, not averaged), VO2 max and cardio age, with their sources', async () => {
    // 40 on 18 March 2026 (birthday in June), 180 cm, gender unset → the men's formula.
    const { id } = await createMember({ dateOfBirth: new Date('1985-06-15T00:00:00Z'), heightCm: 180, currentWeightKg: 90 });
    const steps: [string, number][] = [
      ['2026-03-11', 8000],
      ['2026-03-12', 9000],
      ['2026-03-14', 7000],
      ['2026-03-15', 10000],
      ['2026-03-16', 6000],
      ['2026-03-17', 8500],
      ['2026-03-05', 5000], // last week: the 7 days before this week's six full days
      ['2026-03-10', 4000],
      ['2026-03-04', 50000], // 14 days ago: in neither week
    ];
    for (const [day, count] of steps) await metric(id, day, 'APPLE_HEALTH', { steps: count });
    await metric(id, '2026-03-11', 'OURA', { steps: 3000 }); // Apple Health outranks the ring for steps
    await metric(id, '2026-03-13', 'OURA', { steps: 7500 }); // the ring alone on the 13th
    await metric(id, '2026-03-18', 'APPLE_HEALTH', { steps: 20000, caloriesIntakeKcal: 1900 }); // today: steps still growing
    await metric(id, '2026-03-18', 'MANUAL', { caloriesIntakeKcal: 2100 }); // Apple Health (a food log) outranks a typed intake
    await metric(id, '2026-03-01', 'MANUAL', { weightKg: 87 });
    await metric(id, '2026-03-16', 'MANUAL', { weightKg: 91 });
    await metric(id, '2026-03-16', 'WITHINGS', { weightKg: 88.4 }); // the scale outranks the typed weight
    await metric(id, '2026-03-10', 'OURA', { vo2Max: 41.26 });
    await metric(id, '2026-03-16', 'OURA', { vo2Max: 45 });
    await metric(id, '2026-03-16', 'APPLE_HEALTH', { vo2Max: 34.96 }); // movement: Apple Health first → 35.0

    expect(await activity(id, NOW)).toEqual({
      // The same 7 days as the vital-signs charts, today's count so far included.
      steps_history: [
        { day: '2026-03-12', steps: 9000 },
        { day: '2026-03-13', steps: 7500 },
        { day: '2026-03-14', steps: 7000 },
        { day: '2026-03-15', steps: 10000 },
        { day: '2026-03-16', steps: 6000 },
        { day: '2026-03-17', steps: 8500 },
        { day: '2026-03-18', steps: 20000 },
      ],
      steps_today: 8000, // the six full days: 48,000 / 6
      steps_yesterday: 5667, // 5, 10 and 11 March: (5,000 + 4,000 + 8,000) / 3 = 5,666.7
      steps_from: 'From Apple Health and Oura.',
      // (10 × 88.4 + 6.25 × 180 − 5 × 40 + 5) × 1.55 (7,500–9,999 steps) = 1,814 × 1.55 = 2,811.7
      goal: 2812,
      goal_needs: [],
      intake: 1900,
      remaining: 912,
      vo2_max: 35,
      vo2_range: 'Poor', // 40–49: 30.5 ≤ 35.0 < 35.9
      cardio_age: 50, // 45 + (37.8 − 35.0) / (37.8 − 32.6) × 10 = 50.4
      cardio_diff: 10,
      vo2_from: 'From Apple Health, 16 Mar 2026.',
      next_refresh: '2026-03-19T00:00:00.000Z',
    });
  });

  it('without steps uses the profile’s activity level, the women’s constant, and the current weight: the newest weighing however old, over the profile’s undated figure', async () => {
    // Born 18 March 1990: 36 today.
    const { id } = await createMember({ dateOfBirth: new Date('1990-03-18T00:00:00Z'), gender: 'FEMALE', heightCm: 165, currentWeightKg: 60, activityLevel: 'VERY_ACTIVE' });
    await metric(id, '2026-02-16', 'WITHINGS', { weightKg: 70 }); // 30 days ago, and still the newest weighing: the current weight
    await metric(id, '2026-03-17', 'APPLE_HEALTH', { vo2Max: 38 });

    const answer = await activity(id, NOW);
    // (10 × 70 + 6.25 × 165 − 5 × 36 − 161) × 1.725 = 1,390.25 × 1.725 = 2,398.2
    expect(answer.goal).toBe(2398);
    expect(answer).toMatchObject({ intake: null, remaining: null, steps_today: null, steps_yesterday: null });
    // The FRIEND table is the men's: no verdict for a woman.
    expect(answer).toMatchObject({ vo2_max: 38, vo2_range: null, cardio_age: null, cardio_diff: null });
  });

  it('has no goal without steps or an activity level, and no verdict without a date of birth', async () => {
    const { id } = await createMember({ heightCm: 180, currentWeightKg: 90, dateOfBirth: new Date('1985-06-15T00:00:00Z') });
    await metric(id, '2026-03-18', 'MANUAL', { caloriesIntakeKcal: 2400, steps: 12000 }); // today's steps do not count
    // Age, height and weight are there: the goal names the one input it lacks.
    expect(await activity(id, NOW)).toMatchObject({ goal: null, goal_needs: ['activity_level'], intake: 2400, remaining: null });

    const undated = await createMember({ heightCm: 180, currentWeightKg: 90 });
    await metric(undated.id, '2026-03-17', 'OURA', { vo2Max: 52.04, steps: 13000 });
    expect(await activity(undated.id, NOW)).toMatchObject({ goal: null, goal_needs: ['date_of_birth'], vo2_max: 52, vo2_range: null, cardio_age: null, cardio_diff: null, steps_today: 13000 });

    // A scale's weight stands in for the profile's; the level comes from the profile.
    const weighed = await createMember({ activityLevel: 'SEDENTARY' });
    await metric(weighed.id, '2026-03-17', 'WITHINGS', { weightKg: 82 });
    expect(await activity(weighed.id, NOW)).toMatchObject({ goal: null, goal_needs: ['date_of_birth', 'height'] });
  });
});

describe('sleep score', () => {
  it('is today’s, else yesterday’s, else none', async () => {
    const today = await createMember();
    await metric(today.id, '2026-03-18', 'APPLE_HEALTH', { sleepScore: 90 });
    await metric(today.id, '2026-03-18', 'OURA', { sleepScore: 81 });
    await metric(today.id, '2026-03-17', 'OURA', { sleepScore: 70 });
    expect(await sleepScore(today.id, NOW)).toEqual({ score: 81, day: '2026-03-18', from: 'From Oura.' });

    const yesterday = await createMember();
    await metric(yesterday.id, '2026-03-18', 'OURA', { steps: 4000 }); // a row today without a score
    await metric(yesterday.id, '2026-03-17', 'WHOOP', { sleepScore: 74 });
    expect(await sleepScore(yesterday.id, NOW)).toEqual({ score: 74, day: '2026-03-17', from: 'From Whoop.' });

    const stale = await createMember();
    await metric(stale.id, '2026-03-16', 'OURA', { sleepScore: 88 });
    expect(await sleepScore(stale.id, NOW)).toBeNull();
  });
});

describe('testosterone trend', () => {
  it('lists total testosterone in ng/dL oldest first, by month, the latest highlighted; by day once two share a month', async () => {
    const { id } = await createMember();
    const lab = (takenAt: string, marker: string, value: number, unit: string, valueNgDl: number | null) =>
      db.labResult.create({ data: { userId: id, marker, value, unit, valueNgDl, takenAt: new Date(takenAt) } });
    await lab('2026-01-20T08:00:00Z', 'total_testosterone', 17.1, 'nmol/L', 493.2);
    await lab('2025-11-03T08:00:00Z', 'total_testosterone', 412.6, 'ng/dL', 412.6);
    await lab('2026-03-02T08:00:00Z', 'free_testosterone', 9.1, 'ng/dL', 9.1);
    await lab('2026-03-05T08:00:00Z', 'total_testosterone', 4000, 'pg/mL', null); // a unit we cannot convert

    expect(await testosteroneTrend(id)).toEqual({
      data: [
        { label: 'Nov 2025', raw: 413, highlight: false },
        { label: 'Jan 2026', raw: 493, highlight: true },
      ],
      // In the member's units (no country given: conventional), each from the figure as entered.
      shown: { unit: 'ng/dL', points: [412.6, 493], change: { since: '2025-11-03', verdict: expect.objectContaining({ direction: 'up', real: false }) } },
    });
    // 412.6 ng/dL to 17.1 nmol/L (× 28.842 = 493.2 ng/dL): 20 % up, within testosterone's usual variation.
    expect(verdictText((await testosteroneTrend(id)).shown!.change!.verdict)).toBe('up 20 %, within this test’s usual variation of 64 %');

    await lab('2026-01-05T08:00:00Z', 'total_testosterone', 505, 'ng/dL', 505);
    expect(await testosteroneTrend(id)).toEqual({
      data: [
        { label: '3 Nov 2025', raw: 413, highlight: false },
        { label: '5 Jan 2026', raw: 505, highlight: false },
        { label: '20 Jan 2026', raw: 493, highlight: true },
      ],
      shown: { unit: 'ng/dL', points: [412.6, 505, 493], change: { since: '2026-01-05', verdict: expect.objectContaining({ direction: 'down', real: false }) } },
    });
  });
});

describe('last night’s sleep stages', () => {
  it('come from the record the time asleep came from, and only with deep, light and REM all there, two of them with time', async () => {
    const { id } = await createMember();
    // Oura outranks Apple Health for sleep: its night and its stages are shown, never Apple's.
    await metric(id, '2026-03-18', 'OURA', { sleepDurationMinutes: 432, sleepDeepMinutes: 78, sleepLightMinutes: 251, sleepRemMinutes: 103, sleepAwakeMinutes: 41 });
    await metric(id, '2026-03-18', 'APPLE_HEALTH', { sleepDurationMinutes: 400, sleepDeepMinutes: 60, sleepLightMinutes: 240, sleepRemMinutes: 100, sleepAwakeMinutes: 30 });
    expect(await lastNightSleep(id, NOW)).toEqual({ minutes: 432, day: '2026-03-18', from: 'From Oura.', stages: { deep: 78, light: 251, rem: 103, awake: 41 } });
    // A source that gives the time asleep but not its stages: no bar, even though another source had them.
    const { id: other } = await createMember();
    await metric(other, '2026-03-18', 'WHOOP', { sleepDurationMinutes: 420 });
    await metric(other, '2026-03-18', 'APPLE_HEALTH', { sleepDurationMinutes: 400, sleepDeepMinutes: 60, sleepLightMinutes: 240, sleepRemMinutes: 100 });
    expect(await lastNightSleep(other, NOW)).toMatchObject({ minutes: 420, stages: null });
    // A night told as one stage alone (all of it "core") has no bar either.
    const { id: core } = await createMember();
    await metric(core, '2026-03-18', 'APPLE_HEALTH_EXPORT', { sleepDurationMinutes: 510, sleepDeepMinutes: 0, sleepLightMinutes: 510, sleepRemMinutes: 0 });
    expect(await lastNightSleep(core, NOW)).toMatchObject({ minutes: 510, stages: null });
  });
});

describe('a history that stopped last week', () => {
  it('captions last week’s steps beside this week’s dash', async () => {
    const { id } = await createMember();
    await metric(id, '2026-03-09', 'OURA_EXPORT', { steps: 6000 });
    await metric(id, '2026-03-10', 'OURA_EXPORT', { steps: 8000 });
    const answer = await activity(id, NOW);
    expect(answer).toMatchObject({ steps_today: null, steps_yesterday: 7000 });
    expect(answer.steps_history.every((day) => day.steps === null)).toBe(true);
    expect(answer.steps_from).toMatch(/^From your imported Oura history\.$/);
  });
});

describe('several sources on one day', () => {
  it('takes sleep from Oura and steps from Apple Health, and weight from Withings over a typed one, in what the endpoints answer', async () => {
    // 40 today, 180 cm; one day of steps: 9,000 → factor 1.55.
    const { id } = await createMember({ dateOfBirth: new Date('1985-06-15T00:00:00Z'), heightCm: 180, currentWeightKg: 100 });
    await metric(id, '2026-03-17', 'OURA', { sleepScore: 77, steps: 6000 });
    await metric(id, '2026-03-17', 'APPLE_HEALTH', { sleepScore: 92, steps: 9000 });
    await metric(id, '2026-03-17', 'MANUAL', { weightKg: 95 });
    await metric(id, '2026-03-17', 'WITHINGS', { weightKg: 80 });

    expect(await sleepScore(id, NOW)).toEqual({ score: 77, day: '2026-03-17', from: 'From Oura.' });
    const answer = await activity(id, NOW);
    expect(answer.steps_history.at(-2)).toEqual({ day: '2026-03-17', steps: 9000 });
    expect(answer.steps_today).toBe(9000);
    expect(answer.steps_from).toBe('From Apple Health.');
    // (10 × 80 + 1,125 − 200 + 5) × 1.55 = 1,730 × 1.55 = 2,681.5 → 2,682 (with the typed 95 kg it would be 2,914)
    expect(answer.goal).toBe(2682);
  });
});

describe('a user with no data', () => {
  it('gets nulls everywhere and empty or null histories, whatever another user has', async () => {
    const { id } = await createMember();
    // Someone else with a full set of rows on the same days.
    const other = await createMember({ dateOfBirth: new Date('1985-06-15T00:00:00Z'), heightCm: 180, currentWeightKg: 90, activityLevel: 'SEDENTARY' });
    for (const day of [...THIS_WEEK, '2026-03-05']) {
      await metric(other.id, day, 'OURA', { sleepScore: 80, steps: 9000, restingHeartRateBpm: 55, stressScore: 30, vo2Max: 44, weightKg: 90, caloriesIntakeKcal: 2000, systolicBpMmhg: 120, diastolicBpMmhg: 80 });
    }
    await samples(other.id, [['2026-03-18T08:00:00Z', 64]]);
    await db.vitalScan.create({ data: { userId: other.id, source: 'WEEKLY', measuredAt: new Date('2026-03-17T08:00:00Z'), systolicBloodPressureMmhg: 119, diastolicBloodPressureMmhg: 77 } });
    await addTestosterone(other.id, 600, new Date('2026-03-01T08:00:00Z'));

    expect(await vitals(id, NOW)).toEqual({
      heart_rate_history: NOTHING_THIS_WEEK('rate'),
      heart_rate_today: null,
      heart_rate_yesterday: null,
      stress_history: NOTHING_THIS_WEEK('value'),
      stress_today: null,
      stress_yesterday: null,
      heart_rate_from: null,
      heart_rate_kind: null,
      stress_from: null,
      bp_systolic: null,
      bp_diastolic: null,
      bp_source: null,
      bp_device: null,
      bp_measured_at: null,
      bp_next_in_days: 0,
    });
    expect(await activity(id, NOW)).toEqual({
      remaining: null,
      intake: null,
      goal: null,
      goal_needs: ['date_of_birth', 'height', 'weight', 'activity_level'],
      steps_today: null,
      steps_yesterday: null,
      steps_history: THIS_WEEK.map((day) => ({ day, steps: null })),
      steps_from: null,
      cardio_age: null,
      cardio_diff: null,
      vo2_max: null,
      vo2_range: null,
      vo2_from: null,
      next_refresh: '2026-03-19T00:00:00.000Z',
    });
    expect(await sleepScore(id, NOW)).toBeNull();
    expect(await testosteroneTrend(id)).toEqual({ data: [] });

    // The other user's own answers do have them, so the emptiness above is the filter at work.
    expect(await vitals(other.id, NOW)).toMatchObject({ heart_rate_today: 56, stress_today: 30, bp_systolic: 120, bp_source: 'device', bp_next_in_days: 5 });
    expect(await sleepScore(other.id, NOW)).toEqual({ score: 80, day: '2026-03-18', from: 'From Oura.' });
    expect((await testosteroneTrend(other.id)).data).toHaveLength(1);
  });
});

describe('demo data', () => {
  it('seeds 14 days of 5-minute heart rate, lower at night, and adds nothing when run again', async () => {
    const { userId } = await seedDemoData(db, NOW);
    const count = () => db.heartRateSample.count({ where: { userId, source: 'OURA' } });
    // 13 whole days × 288, and today from 00:00 to 10:30 inclusive: 126 + 1.
    expect(await count()).toBe(13 * 288 + 127);
    await seedDemoData(db, NOW);
    expect(await count()).toBe(13 * 288 + 127);

    const first = await db.heartRateSample.findFirstOrThrow({ where: { userId }, orderBy: { recordedAt: 'asc' } });
    expect(first.recordedAt.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    const night = await db.heartRateSample.aggregate({ where: { userId, recordedAt: { gte: new Date('2026-03-17T01:00:00Z'), lt: new Date('2026-03-17T05:00:00Z') } }, _avg: { bpm: true } });
    const afternoon = await db.heartRateSample.aggregate({ where: { userId, recordedAt: { gte: new Date('2026-03-17T13:00:00Z'), lt: new Date('2026-03-17T17:00:00Z') } }, _avg: { bpm: true } });
    expect(night._avg.bpm!).toBeLessThan(afternoon._avg.bpm! - 10);

    const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true } });
    const answer = await vitals(demo.id, NOW);
    expect(answer.heart_rate_history.every((p) => typeof p.rate === 'number' && p.rate > 45 && p.rate < 95)).toBe(true);
    // The whole demo is seeded twice (argon2 included): allow for a busy machine.
  }, budget(120_000));
});
