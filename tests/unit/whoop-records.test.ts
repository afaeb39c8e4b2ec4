import { describe, expect, it } from '@jest/globals';
import { localDay, whoopDays, type WhoopCycle, type WhoopRecovery, type WhoopSleep } from '@/lib/wearables/whoop/records';

const MIN = 60_000;
const night = (over: Partial<WhoopSleep> = {}): WhoopSleep => ({
  id: 'sleep-1',
  start: '2026-11-20T04:30:00.000Z',
  end: '2026-11-20T12:10:00.000Z',
  timezone_offset: '-05:00',
  nap: false,
  score_state: 'SCORED',
  score: {
    stage_summary: { total_light_sleep_time_milli: 200 * MIN, total_slow_wave_sleep_time_milli: 95 * MIN, total_rem_sleep_time_milli: 110.4 * MIN },
    respiratory_rate: 15.06,
    sleep_performance_percentage: 87.6,
  },
  ...over,
});

describe('localDay', () => {
  it('is the member’s calendar day at that instant', () => {
    expect(localDay('2026-11-20T03:00:00.000Z', '-05:00')).toBe('2026-11-19');
    expect(localDay('2026-11-20T23:30:00.000Z', '+01:00')).toBe('2026-11-21');
    expect(localDay('2026-11-20T23:30:00.000Z', 'Z')).toBe('2026-11-20');
  });
});

describe('whoopDays', () => {
  it('puts a night, its recovery and the day’s energy on the member’s local days, in the app’s units', () => {
    const recovery: WhoopRecovery = { cycle_id: 93845, sleep_id: 'sleep-1', created_at: '2026-11-20T12:15:00.000Z', score_state: 'SCORED', score: { recovery_score: 66.6, resting_heart_rate: 52, hrv_rmssd_milli: 71.8434 } };
    const cycle: WhoopCycle = { id: 93845, start: '2026-11-20T12:10:00.000Z', timezone_offset: '-05:00', score_state: 'SCORED', score: { kilojoule: 10_460 } };
    const days = whoopDays({ sleeps: [night()], recoveries: [recovery], cycles: [cycle] });
    // 200 + 95 + 110.4 = 405.4 min asleep; 10,460 kJ / 4.184 = 2,500 kcal.
    expect(Object.fromEntries(days)).toEqual({
      '2026-11-20': { sleepDurationMinutes: 405, sleepScore: 88, respiratoryRateBpm: 15.1, recoveryScore: 67, restingHeartRateBpm: 52, hrvMs: 71.8, totalCaloriesKcal: 2500 },
    });
  });

  it('ignores naps and records not yet scored, and dates a recovery without its sleep by when it was scored', () => {
    const days = whoopDays({
      sleeps: [night({ id: 'nap', nap: true }), night({ id: 'pending', score_state: 'PENDING_SCORE', score: undefined })],
      recoveries: [
        { cycle_id: 1, sleep_id: 'elsewhere', created_at: '2026-11-18T11:00:00.000Z', score_state: 'SCORED', score: { recovery_score: 40, resting_heart_rate: 58, hrv_rmssd_milli: 35 } },
        { cycle_id: 2, sleep_id: 'pending', created_at: '2026-11-20T12:00:00.000Z', score_state: 'UNSCORABLE' },
      ],
    });
    expect(Object.fromEntries(days)).toEqual({ '2026-11-18': { recoveryScore: 40, restingHeartRateBpm: 58, hrvMs: 35 } });
  });
});
