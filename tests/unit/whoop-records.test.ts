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
      '2026-11-20': { sleepDurationMinutes: 405, sleepDeepMinutes: 95, sleepLightMinutes: 200, sleepRemMinutes: 110, sleepScore: 88, respiratoryRateBpm: 15.1, recoveryScore: 67, restingHeartRateBpm: 52, hrvMs: 71.8, totalCaloriesKcal: 2500 },
    });
  });

  // WHOOP's documented sample sleep (GET /developer/v2/activity/sleep, https://developer.whoop.com/docs/developing/user-data/sleep):
  // its fields, and its stage_summary figures in milliseconds.
  const documented: WhoopSleep = {
    id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8',
    cycle_id: 93845,
    v1_id: 93845,
    user_id: 10129,
    created_at: '2022-04-24T11:25:44.774Z',
    updated_at: '2022-04-24T14:25:44.774Z',
    start: '2022-04-24T02:25:44.774Z',
    end: '2022-04-24T10:25:44.774Z',
    timezone_offset: '-05:00',
    nap: false,
    score_state: 'SCORED',
    score: {
      stage_summary: {
        total_in_bed_time_milli: 30_272_735,
        total_awake_time_milli: 1_403_507,
        total_no_data_time_milli: 0,
        total_light_sleep_time_milli: 14_905_851,
        total_slow_wave_sleep_time_milli: 6_630_370,
        total_rem_sleep_time_milli: 5_879_573,
        sleep_cycle_count: 3,
        disturbance_count: 12,
      },
      sleep_needed: { baseline_milli: 27_395_716, need_from_sleep_debt_milli: 352_230, need_from_recent_strain_milli: 208_595, need_from_recent_nap_milli: -12_312 },
      respiratory_rate: 16.11328125,
      sleep_performance_percentage: 98,
      sleep_consistency_percentage: 90,
      sleep_efficiency_percentage: 91.69533848,
    },
  } as WhoopSleep;

  it('stores the night’s stages from the same sleep as its time asleep, in whole minutes (slow wave as deep)', () => {
    // Asleep: 14,905,851 + 6,630,370 + 5,879,573 ms = 456.9 → 457 min; slow wave 110.5 → 111, light 248.4 → 248,
    // REM 98.0 → 98, awake 23.4 → 23. The night ended at 05:25 local (-05:00) on 24 April.
    expect(Object.fromEntries(whoopDays({ sleeps: [documented] }))).toEqual({
      '2022-04-24': { sleepDurationMinutes: 457, sleepDeepMinutes: 111, sleepLightMinutes: 248, sleepRemMinutes: 98, sleepAwakeMinutes: 23, sleepScore: 98, respiratoryRateBpm: 16.1 },
    });
  });

  it('takes no stages from a nap or an unscored sleep, and leaves a stage Whoop left out or sent as no number null (never 0)', () => {
    const nap = { ...documented, id: 'nap', nap: true, end: '2022-04-24T19:00:00.000Z' };
    const pending: WhoopSleep = { ...documented, id: 'pending', score_state: 'PENDING_SCORE', score: undefined };
    expect(whoopDays({ sleeps: [nap, pending] }).size).toBe(0);
    // A nap the same day adds nothing to the night's stages.
    expect(whoopDays({ sleeps: [documented, nap] }).get('2022-04-24')).toMatchObject({ sleepDurationMinutes: 457, sleepDeepMinutes: 111, sleepAwakeMinutes: 23 });

    const withoutAwake = { total_in_bed_time_milli: 30_272_735, total_no_data_time_milli: 0, total_light_sleep_time_milli: 14_905_851, total_slow_wave_sleep_time_milli: 6_630_370, total_rem_sleep_time_milli: 5_879_573, sleep_cycle_count: 3, disturbance_count: 12 };
    const noAwake: WhoopSleep = { ...documented, score: { ...documented.score!, stage_summary: withoutAwake } };
    expect(whoopDays({ sleeps: [noAwake] }).get('2022-04-24')).toEqual({ sleepDurationMinutes: 457, sleepDeepMinutes: 111, sleepLightMinutes: 248, sleepRemMinutes: 98, sleepScore: 98, respiratoryRateBpm: 16.1 });
    // Two sleeps (not naps) ending the same day: the one that gives the day's time asleep gives all its stages, none of the other's.
    expect(whoopDays({ sleeps: [documented, { ...noAwake, id: 'later' }] }).get('2022-04-24')).not.toHaveProperty('sleepAwakeMinutes');
    // Without every asleep stage there is no time asleep, and then no stages either.
    const broken = { ...documented, score: { ...documented.score!, stage_summary: { ...documented.score!.stage_summary, total_rem_sleep_time_milli: 'n/a' as unknown as number } } };
    expect(whoopDays({ sleeps: [broken] }).get('2022-04-24')).toEqual({ sleepScore: 98, respiratoryRateBpm: 16.1 });
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
