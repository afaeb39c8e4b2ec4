import { describe, expect, it } from '@jest/globals';
import {
  measureValue,
  withingsActivityDays,
  withingsLocalDay,
  withingsMeasureDays,
  withingsSleepDays,
  type WithingsMeasure,
  type WithingsMeasureGroup,
} from '@/lib/wearables/withings/records';

const at = (iso: string) => Date.parse(iso) / 1000;
const group = (date: string, measures: WithingsMeasure[], over: Partial<WithingsMeasureGroup> = {}): WithingsMeasureGroup => ({
  grpid: Math.floor(at(date)),
  attrib: 0,
  date: at(date),
  created: at(date) + 60,
  category: 1,
  deviceid: 'scale',
  measures,
  ...over,
});

describe('measureValue', () => {
  it('is value × 10^unit, to 2 decimals', () => {
    expect(measureValue({ value: 82_400, unit: -3 })).toBe(82.4);
    expect(measureValue({ value: 82_345, unit: -3 })).toBe(82.35);
    expect(measureValue({ value: 2_153, unit: -2 })).toBe(21.53);
    expect(measureValue({ value: 121, unit: 0 })).toBe(121);
    expect(measureValue({ value: 7, unit: 1 })).toBe(70);
  });
});

describe('withingsLocalDay', () => {
  it('is the calendar day where the member was, near midnight', () => {
    // 23:30 UTC on 20 November is already the 21st in Paris, still the 20th in New York.
    expect(withingsLocalDay(at('2026-11-20T23:30:00Z'), 'Europe/Paris')).toBe('2026-11-21');
    expect(withingsLocalDay(at('2026-11-21T03:30:00Z'), 'America/New_York')).toBe('2026-11-20');
    // London keeps summer time: 23:30 UTC on 1 July is 00:30 on the 2nd.
    expect(withingsLocalDay(at('2026-07-01T23:30:00Z'), 'Europe/London')).toBe('2026-07-02');
    expect(withingsLocalDay(at('2026-11-20T23:30:00Z'), 'Europe/London')).toBe('2026-11-20');
    // A zone Intl does not know (or none) falls back to UTC.
    expect(withingsLocalDay(at('2026-11-20T23:30:00Z'), 'Mars/Olympus')).toBe('2026-11-20');
    expect(withingsLocalDay(at('2026-11-20T23:30:00Z'), undefined)).toBe('2026-11-20');
  });
});

describe('withingsMeasureDays', () => {
  it('puts weight, fat ratio and blood pressure on the local day, and pulse into heart-rate samples', () => {
    const { days, heartRates } = withingsMeasureDays(
      [
        group('2026-11-20T23:30:00Z', [
          { value: 82_400, type: 1, unit: -3 },
          { value: 2_153, type: 6, unit: -2 },
          { value: 791, type: 9, unit: -1 },
          { value: 1_214, type: 10, unit: -1 },
          { value: 64, type: 11, unit: 0 },
        ]),
      ],
      'Europe/Paris',
    );
    expect(Object.fromEntries(days)).toEqual({ '2026-11-21': { weightKg: 82.4, bodyFatPercent: 21.53, diastolicBpMmhg: 79, systolicBpMmhg: 121 } });
    expect(heartRates).toEqual([{ recordedAt: new Date('2026-11-20T23:30:00Z'), bpm: 64 }]);
  });

  it('lets the latest group of a day win, field by field, even across pages', () => {
    const latest = new Map<string, number>();
    const first = withingsMeasureDays(
      [
        group('2026-11-20T19:00:00Z', [{ value: 81_900, type: 1, unit: -3 }]),
        group('2026-11-20T07:00:00Z', [
          { value: 82_600, type: 1, unit: -3 },
          { value: 120, type: 10, unit: 0 },
        ]),
      ],
      'Etc/UTC',
      latest,
    );
    // The evening weight wins over the morning one; the morning's blood pressure is the day's only one.
    expect(Object.fromEntries(first.days)).toEqual({ '2026-11-20': { weightKg: 81.9, systolicBpMmhg: 120 } });
    // A later page with an older group of the same day changes nothing already stored; a newer one does.
    const second = withingsMeasureDays(
      [
        group('2026-11-20T06:00:00Z', [{ value: 83_000, type: 1, unit: -3 }]),
        group('2026-11-20T21:00:00Z', [{ value: 118, type: 10, unit: 0 }]),
      ],
      'Etc/UTC',
      latest,
    );
    expect(Object.fromEntries(second.days)).toEqual({ '2026-11-20': { systolicBpMmhg: 118 } });
  });

  it('ignores objectives (category 2), unknown types and measures without a value', () => {
    const { days, heartRates } = withingsMeasureDays(
      [
        group('2026-11-20T08:00:00Z', [{ value: 75_000, type: 1, unit: -3 }], { category: 2 }),
        group('2026-11-20T07:00:00Z', [
          { value: 5, type: 4, unit: 0 },
          { value: null as unknown as number, type: 6, unit: -2 },
          { value: 82_000, type: 1, unit: -3 },
        ]),
        group('2026-11-21T07:00:00Z', [{ value: 180, type: 4, unit: -2 }]),
      ],
      'Etc/UTC',
    );
    expect(Object.fromEntries(days)).toEqual({ '2026-11-20': { weightKg: 82 } });
    expect(heartRates).toEqual([]);
  });
});

describe('withingsSleepDays', () => {
  it('takes minutes asleep, the sleep score and the lowest heart rate as resting', () => {
    const days = withingsSleepDays([{ date: '2026-11-20', timezone: 'Europe/London', data: { total_sleep_time: 25_229, sleep_score: 81, hr_min: 49, breathing_disturbances_intensity: 12 } }]);
    // 25,229 s = 420.48 min.
    expect(Object.fromEntries(days)).toEqual({ '2026-11-20': { sleepDurationMinutes: 420, sleepScore: 81, restingHeartRateBpm: 49 } });
  });

  it('writes no figure Withings left out, and keeps the longest sleep of a day', () => {
    const days = withingsSleepDays([
      { date: '2026-11-20', data: { total_sleep_time: 26_000, sleep_score: null, hr_min: undefined } },
      { date: '2026-11-20', data: { total_sleep_time: 1_800, sleep_score: 40, hr_min: 58 } },
      { date: '2026-11-21', data: {} },
      { date: '2026-11-22' },
    ]);
    expect(Object.fromEntries(days)).toEqual({ '2026-11-20': { sleepDurationMinutes: 433 } });
  });
});

describe('withingsSleepDays: the night’s stages', () => {
  // One item of getsummary's `series`, with the fields of the reference's sleep_summary_object (its
  // top-level figures are the reference's own examples) and `data` as asked for by the sync's data_fields,
  // durations in seconds (https://developer.withings.com/api-reference/#tag/sleep/operation/sleepv2-getsummary).
  const documented = {
    id: 12345,
    timezone: 'Europe/Paris',
    model: 16,
    model_id: 51,
    startdate: 1_594_245_600,
    enddate: 1_594_257_200,
    date: '2020-07-09',
    created: 1_594_257_200,
    modified: 1_594_257_200,
    hash_deviceid: '892359876fd8805ac45bab078c4828692f0276b1',
    completed: true,
    data: {
      total_sleep_time: 25_229,
      sleep_score: 81,
      hr_min: 49,
      breathing_disturbances_intensity: 12,
      deepsleepduration: 5_430,
      lightsleepduration: 13_230,
      remsleepduration: 6_569,
      wakeupduration: 1_770,
    },
  };

  it('takes deep, light, REM and awake from the same summary as the time asleep, in whole minutes', () => {
    // 25,229 s asleep = 420.48 → 420 min; deep 5,430 s = 90.5 → 91; light 13,230 s = 220.5 → 221; REM 6,569 s = 109.48 → 109; awake 1,770 s = 29.5 → 30.
    expect(Object.fromEntries(withingsSleepDays([documented]))).toEqual({
      '2020-07-09': { sleepDurationMinutes: 420, sleepDeepMinutes: 91, sleepLightMinutes: 221, sleepRemMinutes: 109, sleepAwakeMinutes: 30, sleepScore: 81, restingHeartRateBpm: 49 },
    });
  });

  it('keeps the longest sleep’s stages (a nap’s are neither kept nor added), even across pages', () => {
    const nap = { ...documented, id: 2, data: { total_sleep_time: 1_800, deepsleepduration: 300, lightsleepduration: 1_200, remsleepduration: 300, wakeupduration: 120 } };
    const longest = new Map<string, number>();
    expect(withingsSleepDays([nap, documented], longest).get('2020-07-09')).toMatchObject({ sleepDurationMinutes: 420, sleepDeepMinutes: 91, sleepLightMinutes: 221, sleepRemMinutes: 109, sleepAwakeMinutes: 30 });
    expect(withingsSleepDays([nap], longest).size).toBe(0);
  });

  it('leaves the stages of a night from an external source (null in Withings’ answer) or left out null, never 0', () => {
    // "asleepduration: Duration of sleep when night comes from external source. Light, Deep and Rem sleep durations are null in this case."
    const external = { ...documented, data: { total_sleep_time: 24_000, sleep_score: 70, deepsleepduration: null, lightsleepduration: null, remsleepduration: null } };
    expect(Object.fromEntries(withingsSleepDays([external]))).toEqual({ '2020-07-09': { sleepDurationMinutes: 400, sleepScore: 70 } });
    const partial = { ...documented, data: { ...documented.data, remsleepduration: undefined, wakeupduration: '30' as unknown as number } };
    expect(withingsSleepDays([partial]).get('2020-07-09')).toEqual({ sleepDurationMinutes: 420, sleepDeepMinutes: 91, sleepLightMinutes: 221, sleepScore: 81, restingHeartRateBpm: 49 });
    // No time asleep: no stages either.
    const unmeasured = { ...documented, data: { ...documented.data, total_sleep_time: null } };
    expect(withingsSleepDays([unmeasured]).get('2020-07-09')).toEqual({ sleepScore: 81, restingHeartRateBpm: 49 });
  });
});

describe('withingsActivityDays', () => {
  it('takes steps, active and total calories, rounded, and leaves out what is missing', () => {
    const days = withingsActivityDays([
      { date: '2026-11-20', timezone: 'Europe/London', steps: 8_412, calories: 412.6, totalcalories: 2_305.2 },
      { date: '2026-11-21', steps: 3_001, calories: null },
      { date: '2026-11-22' },
    ]);
    expect(Object.fromEntries(days)).toEqual({
      '2026-11-20': { steps: 8_412, activeCaloriesKcal: 413, totalCaloriesKcal: 2_305 },
      '2026-11-21': { steps: 3_001 },
    });
  });
});
