import { dayNumber, gaussian, seededRandom } from '@/lib/seeded-random';

export type DemoRingDay = {
  sleepScore: number;
  sleepDurationMinutes: number;
  steps: number;
  activeCaloriesKcal: number;
  totalCaloriesKcal: number;
  restingHeartRateBpm: number;
  hrvMs: number;
  stressScore: number;
  recoveryScore: number;
  respiratoryRateBpm: number;
  vo2Max: number;
  /** The night's stages, as the ring reports them: deep, light and REM sum to the time asleep. */
  sleepDeepMinutes: number;
  sleepLightMinutes: number;
  sleepRemMinutes: number;
  sleepAwakeMinutes: number;
};

export type DemoScaleDay = { weightKg: number; bodyFatPercent: number; systolicBpMmhg: number; diastolicBpMmhg: number };

const round = (value: number, places = 0) => Math.round(value * 10 ** places) / 10 ** places;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The UTC midnights of the `count` days ending with `lastDay`, oldest first. */
export function demoDays(lastDay: Date, count: number): Date[] {
  const end = Date.UTC(lastDay.getUTCFullYear(), lastDay.getUTCMonth(), lastDay.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000));
}

/**
 * A ring/strap's daily numbers for a man improving slowly over the period: weekends bring
 * longer sleep and fewer steps, Friday and Saturday nights cost some recovery, and every value
 * carries noise. The values depend only on the day, so a re-run writes the same rows.
 */
export function ringDay(day: Date, progress: number): DemoRingDay {
  const random = seededRandom(dayNumber(day) * 7919 + 17);
  const weekday = day.getUTCDay(); // 0 Sunday … 6 Saturday
  const weekend = weekday === 0 || weekday === 6;
  const lateNight = weekday === 6 || weekday === 0; // the mornings after Friday and Saturday nights

  const sleepDurationMinutes = clamp(round(400 + (weekend ? 45 : 0) + progress * 15 + gaussian(random, 28)), 270, 560);
  const restingHeartRateBpm = clamp(round(62 - progress * 4 + (lateNight ? 3 : 0) + gaussian(random, 1.8), 1), 44, 80);
  const hrvMs = clamp(round(48 + progress * 9 - (lateNight ? 7 : 0) + gaussian(random, 5), 1), 18, 110);
  const sleepScore = clamp(round(62 + (sleepDurationMinutes - 420) / 6 + progress * 6 - (lateNight ? 5 : 0) + gaussian(random, 4)), 35, 98);
  const steps = clamp(round(weekend ? 6200 + gaussian(random, 2200) : 9300 + progress * 900 + gaussian(random, 1800)), 1200, 24000);
  const activeCaloriesKcal = round(steps * 0.045 + gaussian(random, 60));
  const stressScore = clamp(round(45 - progress * 8 + (weekend ? -6 : 4) + gaussian(random, 7)), 5, 95);
  const recoveryScore = clamp(round(55 + (hrvMs - 48) * 1.4 - (restingHeartRateBpm - 60) * 2 + gaussian(random, 6)), 5, 99);
  const respiratoryRateBpm = round(14.6 + gaussian(random, 0.4), 1);
  const vo2Max = round(40.5 + progress * 2.5 + gaussian(random, 0.3), 1);
  // Drawn after the other figures, so adding the stages left every earlier value as it was. Deep about
  // 17% and REM about 22% of the night (adult norms), light the rest; less deep after a late night.
  const sleepDeepMinutes = round(sleepDurationMinutes * clamp(0.17 - (lateNight ? 0.02 : 0) + gaussian(random, 0.02), 0.08, 0.26));
  const sleepRemMinutes = round(sleepDurationMinutes * clamp(0.22 + gaussian(random, 0.02), 0.12, 0.3));
  return {
    sleepScore,
    sleepDurationMinutes,
    steps,
    activeCaloriesKcal,
    totalCaloriesKcal: round(1850 + activeCaloriesKcal),
    restingHeartRateBpm,
    hrvMs,
    stressScore,
    recoveryScore,
    respiratoryRateBpm,
    vo2Max,
    sleepDeepMinutes,
    sleepLightMinutes: sleepDurationMinutes - sleepDeepMinutes - sleepRemMinutes,
    sleepRemMinutes,
    sleepAwakeMinutes: clamp(round(28 + (lateNight ? 12 : 0) + gaussian(random, 9)), 5, 90),
  };
}

/** A smart scale's morning reading: weight drifting from about 95 towards 91 kg. */
export function scaleDay(day: Date, progress: number): DemoScaleDay {
  const random = seededRandom(dayNumber(day) * 104729 + 3);
  const weekendBump = day.getUTCDay() === 1 ? 0.6 : 0; // Monday mornings after the weekend
  return {
    weightKg: round(95 - progress * 4 + weekendBump + gaussian(random, 0.35), 1),
    bodyFatPercent: round(24 - progress * 2 + gaussian(random, 0.4), 1),
    systolicBpMmhg: round(128 - progress * 5 + gaussian(random, 4)),
    diastolicBpMmhg: round(83 - progress * 3 + gaussian(random, 3)),
  };
}
