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
