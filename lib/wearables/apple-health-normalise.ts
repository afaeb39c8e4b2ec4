import { utcDay } from '@/lib/days';
import { mean } from '@/lib/statistics';

// HealthKit samples → the app's daily metrics and heart-rate samples (pure: no database). Each day is
// recomputed from all of that day's stored samples, so a resend or a late sample gives the same rows.

export type Sample = { type: string; value: number; unit: string; startAt: Date; endAt: Date };

export type DayMetrics = {
  steps: number | null;
  activeCaloriesKcal: number | null;
  restingHeartRateBpm: number | null;
  hrvMs: number | null;
  weightKg: number | null;
  systolicBpMmhg: number | null;
  diastolicBpMmhg: number | null;
  vo2Max: number | null;
  sleepDurationMinutes: number | null;
};

/** VO2 max's spellings, a middle dot read as "*": ml per kg per minute, in any order. */
const VO2_MAX_UNITS = new Set(['ml/kg*min', 'ml/(kg*min)', 'ml/kg/min', 'ml/min*kg', 'ml/(min*kg)', 'ml/min/kg']);
const LB_IN_KG = 0.45359237;
const KJ_IN_KCAL = 1 / 4.184;
/** HKCategoryValueSleepAnalysis: asleep (1), and since iOS 16 asleepCore (3), asleepDeep (4), asleepREM (5); 0 is in bed, 2 awake. */
export const ASLEEP: ReadonlySet<number> = new Set([1, 3, 4, 5]);

export const HK = {
  steps: 'HKQuantityTypeIdentifierStepCount',
  activeEnergy: 'HKQuantityTypeIdentifierActiveEnergyBurned',
  restingHeartRate: 'HKQuantityTypeIdentifierRestingHeartRate',
  hrv: 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN',
  bodyMass: 'HKQuantityTypeIdentifierBodyMass',
  systolic: 'HKQuantityTypeIdentifierBloodPressureSystolic',
  diastolic: 'HKQuantityTypeIdentifierBloodPressureDiastolic',
  vo2Max: 'HKQuantityTypeIdentifierVO2Max',
  heartRate: 'HKQuantityTypeIdentifierHeartRate',
  sleep: 'HKCategoryTypeIdentifierSleepAnalysis',
} as const;

/**
 * The UTC day of a sample stored before its local day was kept (lib/wearables/apple-health.ts keeps the
 * local date it was sent with): sleep on the day it ends, the rest on the day it starts.
 */
export const dayOf = (sample: Sample) => utcDay(sample.type === HK.sleep ? sample.endAt : sample.startAt);

/** The value in the unit the app stores, or null for a unit this type does not come in. */
export function inAppUnit(sample: Sample): number | null {
  const unit = sample.unit.toLowerCase();
  switch (sample.type) {
    case HK.bodyMass:
      return unit === 'kg' ? sample.value : unit === 'lb' ? sample.value * LB_IN_KG : unit === 'g' ? sample.value / 1000 : null;
    case HK.activeEnergy:
      return unit === 'kcal' || unit === 'cal' ? sample.value : unit === 'kj' ? sample.value * KJ_IN_KCAL : null;
    case HK.hrv:
      return unit === 'ms' ? sample.value : null;
    case HK.steps:
      return unit === 'count' ? sample.value : null;
    case HK.restingHeartRate:
    case HK.heartRate:
      return unit === 'count/min' || unit === 'bpm' ? sample.value : null;
    case HK.systolic:
    case HK.diastolic:
      return unit === 'mmhg' ? sample.value : null;
    case HK.vo2Max:
      // HealthKit writes it "mL/min·kg" (a middle dot) in exports and from the companion app alike.
      return VO2_MAX_UNITS.has(unit.replace(/[·•⋅]/g, '*')) ? sample.value : null;
    default:
      return null;
  }
}

/**
 * What one sample of a read type can plausibly hold, in the app's unit: a reading outside it is a
 * broken client or a typo, never a measurement (a step count of 1e300 would overflow the day's sum).
 */
const PLAUSIBLE: Record<string, readonly [number, number]> = {
  [HK.steps]: [0, 100_000],
  [HK.activeEnergy]: [0, 20_000],
  [HK.restingHeartRate]: [20, 250],
  [HK.heartRate]: [20, 300],
  [HK.hrv]: [0, 1_000],
  [HK.bodyMass]: [20, 400],
  [HK.systolic]: [40, 300],
  [HK.diastolic]: [20, 200],
  [HK.vo2Max]: [5, 100],
  [HK.sleep]: [0, 5],
};
/** Types the app does not read are kept as sent, within this. */
const ANY_TYPE_LIMIT = 1e9;
/** A day's sums beyond these are not a day of one person's activity. */
const DAILY_MAX = { steps: 200_000, activeCaloriesKcal: 30_000 };

/** Whether a sample's value could be a real reading of its type (in a unit the type comes in). */
export function isPlausible(sample: Sample): boolean {
  if (!Number.isFinite(sample.value) || Math.abs(sample.value) > ANY_TYPE_LIMIT) return false;
  const range = PLAUSIBLE[sample.type];
  if (!range) return true;
  if (sample.type === HK.sleep) return Number.isInteger(sample.value) && sample.value >= range[0] && sample.value <= range[1];
  const value = inAppUnit(sample);
  // A unit the type does not come in is stored but never read.
  return value === null || (value >= range[0] && value <= range[1]);
}

const withinDay = (value: number | null, max: number) => (value !== null && value <= max ? value : null);

const sum = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) : null);
const round = (value: number | null, places = 0) => (value === null ? null : Math.round(value * 10 ** places) / 10 ** places);

/** The latest reading of a type in the day (by start time). */
function latest(samples: Sample[], type: string): number | null {
  const found = samples.filter((s) => s.type === type && inAppUnit(s) !== null).sort((a, b) => b.startAt.getTime() - a.startAt.getTime())[0];
  return found ? inAppUnit(found) : null;
}

const values = (samples: Sample[], type: string) => samples.filter((s) => s.type === type).flatMap((s) => (inAppUnit(s) === null ? [] : [inAppUnit(s)!]));

/** One day's metrics from all of that day's samples; null where the day has none of a kind. */
export function dayMetrics(samples: Sample[]): DayMetrics {
  const sleepMs = samples.filter((s) => s.type === HK.sleep && ASLEEP.has(s.value) && s.endAt > s.startAt).map((s) => s.endAt.getTime() - s.startAt.getTime());
  return {
    steps: withinDay(round(sum(values(samples, HK.steps))), DAILY_MAX.steps),
    activeCaloriesKcal: withinDay(round(sum(values(samples, HK.activeEnergy))), DAILY_MAX.activeCaloriesKcal),
    restingHeartRateBpm: round(mean(values(samples, HK.restingHeartRate)), 1),
    hrvMs: round(mean(values(samples, HK.hrv)), 1),
    weightKg: round(latest(samples, HK.bodyMass), 2),
    systolicBpMmhg: round(latest(samples, HK.systolic)),
    diastolicBpMmhg: round(latest(samples, HK.diastolic)),
    vo2Max: round(latest(samples, HK.vo2Max), 1),
    sleepDurationMinutes: sleepMs.length ? Math.round(sleepMs.reduce((a, b) => a + b, 0) / 60_000) : null,
  };
}

/** Heart-rate readings as the app's samples: one per reading, at its start time. */
export function heartRates(samples: Sample[]): { recordedAt: Date; bpm: number }[] {
  return samples.filter((s) => s.type === HK.heartRate && inAppUnit(s) !== null).map((s) => ({ recordedAt: s.startAt, bpm: Math.round(inAppUnit(s)!) }));
}

/** Whether a day has anything to store. */
export const hasAny = (metrics: DayMetrics) => Object.values(metrics).some((value) => value !== null);
