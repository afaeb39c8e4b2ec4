import type { DayFields } from './metric-store';

/**
 * The columns of a day that Whoop's and Withings' records both fill: the night's time asleep, its stages and
 * score, the resting heart rate, and the day's total energy. Each provider's day adds its own to these.
 */
export type WearableDay = Pick<
  DayFields,
  'sleepDurationMinutes' | 'sleepDeepMinutes' | 'sleepLightMinutes' | 'sleepRemMinutes' | 'sleepAwakeMinutes' | 'sleepScore' | 'restingHeartRateBpm' | 'totalCaloriesKcal'
>;

/** The entry for `day` in a map of days, added empty on first use: each record then adds its fields. */
export function dayEntry<T extends object>(days: Map<string, T>, day: string, empty: () => NoInfer<T>): T {
  const found = days.get(day) ?? empty();
  days.set(day, found);
  return found;
}
