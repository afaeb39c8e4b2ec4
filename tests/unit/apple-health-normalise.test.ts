import { describe, expect, it } from '@jest/globals';
import { dayMetrics, dayOf, hasAny, heartRates, HK, type Sample } from '@/lib/wearables/apple-health-normalise';

const at = (iso: string) => new Date(iso);
const sample = (type: string, value: number, unit: string, start: string, end = start): Sample => ({ type, value, unit, startAt: at(start), endAt: at(end) });

describe('Apple Health samples → a day’s metrics', () => {
  it('sums steps and active energy (kJ as kcal), averages resting heart rate and HRV, and takes the latest weight and blood pressure', () => {
    const metrics = dayMetrics([
      sample(HK.steps, 4000, 'count', '2026-11-20T08:00:00Z'),
      sample(HK.steps, 2500.4, 'count', '2026-11-20T18:00:00Z'),
      sample(HK.activeEnergy, 200, 'kcal', '2026-11-20T08:00:00Z'),
      sample(HK.activeEnergy, 418.4, 'kJ', '2026-11-20T12:00:00Z'), // 100 kcal
      sample(HK.restingHeartRate, 55, 'count/min', '2026-11-20T06:00:00Z'),
      sample(HK.restingHeartRate, 58, 'count/min', '2026-11-20T20:00:00Z'),
      sample(HK.hrv, 42, 'ms', '2026-11-20T03:00:00Z'),
      sample(HK.bodyMass, 200, 'lb', '2026-11-20T07:00:00Z'), // 90.72 kg, earlier
      sample(HK.bodyMass, 89.5, 'kg', '2026-11-20T21:00:00Z'),
      sample(HK.systolic, 121, 'mmHg', '2026-11-20T09:00:00Z'),
      sample(HK.diastolic, 79, 'mmHg', '2026-11-20T09:00:00Z'),
      sample(HK.systolic, 118, 'mmHg', '2026-11-20T19:00:00Z'),
      sample(HK.diastolic, 76, 'mmHg', '2026-11-20T19:00:00Z'),
    ]);
    expect(metrics).toEqual({
      steps: 6500,
      activeCaloriesKcal: 300,
      restingHeartRateBpm: 56.5,
      hrvMs: 42,
      weightKg: 89.5,
      systolicBpMmhg: 118,
      diastolicBpMmhg: 76,
      vo2Max: null,
      sleepDurationMinutes: null,
    });
  });

  it('reads VO2 max in HealthKit’s own spelling, "mL/min·kg", and the others', () => {
    for (const unit of ['mL/min·kg', 'ml/kg*min', 'mL/(kg·min)', 'ml/kg/min']) {
      expect([unit, dayMetrics([sample(HK.vo2Max, 42.3, unit, '2026-11-20T10:00:00Z')]).vo2Max]).toEqual([unit, 42.3]);
    }
    expect(dayMetrics([sample(HK.vo2Max, 42.3, 'l/min', '2026-11-20T10:00:00Z')]).vo2Max).toBeNull();
  });

  it('counts only the asleep stages of sleep, on the day the sleep ends', () => {
    const night = [
      sample(HK.sleep, 0, 'category', '2026-11-19T22:30:00Z', '2026-11-20T06:30:00Z'), // in bed: not sleep
      sample(HK.sleep, 3, 'category', '2026-11-19T23:00:00Z', '2026-11-20T02:00:00Z'), // core: 180 min
      sample(HK.sleep, 2, 'category', '2026-11-20T02:00:00Z', '2026-11-20T02:20:00Z'), // awake
      sample(HK.sleep, 4, 'category', '2026-11-20T02:20:00Z', '2026-11-20T03:30:00Z'), // deep: 70 min
      sample(HK.sleep, 5, 'category', '2026-11-20T03:30:00Z', '2026-11-20T06:00:00Z'), // REM: 150 min
    ];
    expect(dayMetrics(night).sleepDurationMinutes).toBe(400);
    expect(night.map(dayOf)).toEqual(Array(5).fill('2026-11-20'));
    expect(dayOf(sample(HK.steps, 1, 'count', '2026-11-19T23:59:00Z'))).toBe('2026-11-19');
  });

  it('leaves out units a type does not come in, and says when a day has nothing to store', () => {
    const odd = [sample(HK.bodyMass, 12, 'st', '2026-11-20T07:00:00Z'), sample(HK.steps, 100, 'km', '2026-11-20T07:00:00Z'), sample('HKQuantityTypeIdentifierDietaryWater', 1, 'L', '2026-11-20T07:00:00Z')];
    const metrics = dayMetrics(odd);
    expect(metrics.weightKg).toBeNull();
    expect(metrics.steps).toBeNull();
    expect(hasAny(metrics)).toBe(false);
  });

  it('turns heart-rate readings into samples at their start time', () => {
    expect(heartRates([sample(HK.heartRate, 61.6, 'count/min', '2026-11-20T10:00:00Z'), sample(HK.heartRate, 70, 'Hz', '2026-11-20T10:05:00Z')])).toEqual([
      { recordedAt: at('2026-11-20T10:00:00Z'), bpm: 62 },
    ]);
  });
});
