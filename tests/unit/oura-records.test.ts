import { describe, expect, it } from '@jest/globals';
import { mainSleeps, ouraDays, ouraHeartRates, type OuraSleep } from '@/lib/wearables/oura/records';

const period = (over: Partial<OuraSleep> = {}): OuraSleep => ({
  id: 'night',
  day: '2026-11-20',
  type: 'long_sleep',
  total_sleep_duration: 27_030,
  lowest_heart_rate: 48,
  average_hrv: 61.37,
  average_breath: 13.875,
  average_heart_rate: 55.2,
  bedtime_start: '2026-11-19T23:05:00+01:00',
  bedtime_end: '2026-11-20T07:10:00+01:00',
  ...over,
});

describe('ouraDays', () => {
  it('takes the night’s figures from the day’s longest long_sleep, never from a nap, a rest or a deleted period', () => {
    const sleeps = [
      period({ id: 'nap', type: 'late_nap', total_sleep_duration: 40_000, lowest_heart_rate: 60, average_hrv: 20 }),
      period({ id: 'broken', total_sleep_duration: 5_400, lowest_heart_rate: 70, average_hrv: 11, average_breath: 19 }),
      period(),
      period({ id: 'rest', type: 'rest', total_sleep_duration: 50_000, lowest_heart_rate: 41 }),
      period({ id: 'deleted', type: 'deleted', total_sleep_duration: 60_000, lowest_heart_rate: 40 }),
      period({ id: 'short', type: 'sleep', total_sleep_duration: 45_000, lowest_heart_rate: 59 }),
    ];
    expect(mainSleeps(sleeps).get('2026-11-20')?.id).toBe('night');
    expect(ouraDays({ sleeps }).get('2026-11-20')).toEqual({ sleepDurationMinutes: 451, restingHeartRateBpm: 48, hrvMs: 61.4, respiratoryRateBpm: 13.9 });
    // Only naps: no night, no day.
    expect(ouraDays({ sleeps: [period({ type: 'late_nap' })] }).size).toBe(0);
  });

  it('leaves a night alone when a longer one for that day came in an earlier page', () => {
    expect(ouraDays({ sleeps: [period({ total_sleep_duration: 5_400 })], longestKnown: new Map([['2026-11-20', 27_030]]) }).size).toBe(0);
    expect(ouraDays({ sleeps: [period({ total_sleep_duration: 30_000 })], longestKnown: new Map([['2026-11-20', 5_400]]) }).get('2026-11-20')?.sleepDurationMinutes).toBe(500);
  });

  // A sleep period with the fields and types of Oura's v2 sleep model (PublicModifiedSleepModel, the
  // items of GET /v2/usercollection/sleep: https://cloud.ouraring.com/v2/docs#tag/Sleep-Routes): stages
  // in whole seconds, deep + light + REM making total_sleep_duration, awake_time besides.
  const documented = {
    id: '8f9a5221-639e-4a85-81cb-4065ef23f979',
    average_breath: 12.625,
    average_heart_rate: 52.25,
    average_hrv: 117,
    awake_time: 4_800,
    bedtime_end: '2022-07-13T07:09:00+03:00',
    bedtime_start: '2022-07-12T22:53:00+03:00',
    day: '2022-07-13',
    deep_sleep_duration: 4_170,
    efficiency: 84,
    latency: 840,
    light_sleep_duration: 15_030,
    low_battery_alert: false,
    lowest_heart_rate: 48,
    period: 0,
    readiness_score_delta: 0,
    rem_sleep_duration: 5_760,
    restless_periods: 261,
    sleep_phase_5_min: '4422222233322222111122222',
    sleep_score_delta: 0,
    sleep_algorithm_version: 'v2',
    time_in_bed: 29_760,
    total_sleep_duration: 24_960,
    type: 'long_sleep',
  };

  it('takes the night’s stages (deep, light, REM, awake) from the same long_sleep as its time asleep, in whole minutes', () => {
    // 24,960 s asleep = 416 min; 4,170 s deep = 69.5 → 70; 15,030 s light = 250.5 → 251; 5,760 s REM = 96; 4,800 s awake = 80.
    const night = { sleepDurationMinutes: 416, restingHeartRateBpm: 48, hrvMs: 117, respiratoryRateBpm: 12.6, sleepDeepMinutes: 70, sleepLightMinutes: 251, sleepRemMinutes: 96, sleepAwakeMinutes: 80 };
    expect(ouraDays({ sleeps: [documented] }).get('2022-07-13')).toEqual(night);
    // A shorter long_sleep, a nap and a rest that day bring none of their stages, nor are theirs added.
    const others = [
      { ...documented, id: 'broken', total_sleep_duration: 5_400, deep_sleep_duration: 1_200, light_sleep_duration: 3_000, rem_sleep_duration: 1_200, awake_time: 900 },
      { ...documented, id: 'nap', type: 'late_nap', total_sleep_duration: 2_400, deep_sleep_duration: 300, light_sleep_duration: 1_500, rem_sleep_duration: 600, awake_time: 300 },
      { ...documented, id: 'rest', type: 'rest', total_sleep_duration: 40_000, deep_sleep_duration: 9_000 },
    ];
    expect(ouraDays({ sleeps: [others[0]!, documented, ...others.slice(1)] }).get('2022-07-13')).toEqual(night);
  });

  it('leaves out a stage Oura gave as null, left out or as no number (never a 0), and gives no stages without the time asleep', () => {
    const partial = { ...documented, deep_sleep_duration: null, rem_sleep_duration: undefined, awake_time: 'n/a' as unknown as number };
    expect(ouraDays({ sleeps: [partial] }).get('2022-07-13')).toEqual({ sleepDurationMinutes: 416, restingHeartRateBpm: 48, hrvMs: 117, respiratoryRateBpm: 12.6, sleepLightMinutes: 251 });
    const none = { ...documented, deep_sleep_duration: null, light_sleep_duration: null, rem_sleep_duration: null, awake_time: null };
    expect(ouraDays({ sleeps: [none] }).get('2022-07-13')).toEqual({ sleepDurationMinutes: 416, restingHeartRateBpm: 48, hrvMs: 117, respiratoryRateBpm: 12.6 });
    // A night without its time asleep: its stages are not kept either.
    expect(ouraDays({ sleeps: [{ ...documented, total_sleep_duration: null }] }).get('2022-07-13')).toEqual({ restingHeartRateBpm: 48, hrvMs: 117, respiratoryRateBpm: 12.6 });
  });

  it('brings a longer night’s stages with its time asleep on a later page, and a shorter one’s not at all', () => {
    const known = new Map([['2022-07-13', 5_400]]);
    expect(ouraDays({ sleeps: [documented], longestKnown: known }).get('2022-07-13')).toMatchObject({ sleepDurationMinutes: 416, sleepDeepMinutes: 70, sleepLightMinutes: 251, sleepRemMinutes: 96, sleepAwakeMinutes: 80 });
    expect(ouraDays({ sleeps: [documented], longestKnown: new Map([['2022-07-13', 30_000]]) }).size).toBe(0);
  });

  it('maps the daily scores, activity and readiness (readiness as the recovery score) onto their days', () => {
    const days = ouraDays({
      dailySleeps: [{ id: 'ds', day: '2026-11-20', score: 82, contributors: { deep_sleep: 80 } }],
      activities: [{ id: 'a', day: '2026-11-20', score: 90, steps: 9_123, active_calories: 412, total_calories: 2_510 }],
      readiness: [{ id: 'r', day: '2026-11-21', score: 77, temperature_deviation: -0.2 }],
    });
    expect(days.get('2026-11-20')).toEqual({ sleepScore: 82, steps: 9_123, activeCaloriesKcal: 412, totalCaloriesKcal: 2_510 });
    expect(days.get('2026-11-21')).toEqual({ recoveryScore: 77 });
  });

  it('writes no field for a figure Oura left null or out (never a 0), and no day with none', () => {
    const days = ouraDays({
      dailySleeps: [{ id: 'ds', day: '2026-11-20', score: null }],
      sleeps: [period({ average_hrv: null, average_breath: undefined, lowest_heart_rate: null })],
      activities: [{ id: 'a', day: '2026-11-20', steps: 0, active_calories: null }],
      readiness: [{ id: 'r', day: '2026-11-22', score: null }, { id: 'bad', day: 'yesterday', score: 50 }],
    });
    expect(days.get('2026-11-20')).toEqual({ sleepDurationMinutes: 451, steps: 0 });
    expect([...days.keys()]).toEqual(['2026-11-20']);
  });
});

describe('ouraHeartRates', () => {
  it('keeps valid samples as whole bpm at their instant and drops the rest', () => {
    expect(
      ouraHeartRates([
        { bpm: 61, source: 'awake', timestamp: '2026-11-20T08:00:00+00:00' },
        { bpm: 57.6, source: 'rest', timestamp: '2026-11-20T09:05:00+01:00' },
        { bpm: null, source: 'awake', timestamp: '2026-11-20T08:10:00+00:00' },
        { bpm: 0, source: 'awake', timestamp: '2026-11-20T08:15:00+00:00' },
        { bpm: 400, source: 'awake', timestamp: '2026-11-20T08:20:00+00:00' },
        { bpm: 70, source: 'awake', timestamp: 'not a time' },
      ]),
    ).toEqual([
      { recordedAt: new Date('2026-11-20T08:00:00Z'), bpm: 61 },
      { recordedAt: new Date('2026-11-20T08:05:00Z'), bpm: 58 },
    ]);
  });
});
