import type { Energy, Mood } from '@/lib/generated/prisma/enums';

// What the daily reflection is given: his check-in and his own figures. Its own module, under the
// reflection's others (reflection.ts, reflection-day.ts, reflection-closing.ts), which all read it.

/** A metric's mean over the last 7 days against his usual (the 4 weeks before), both from his own data. */
export type WeekVsUsual = { week: number; usual: number; /** Where the figures came from ("Oura"), when known. */ source: string | null };

export type ReflectionContext = {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Today's check-in answers, when known. */
  mood: Mood | null;
  energy: Energy | null;
  symptoms: readonly string[];
  /** Last night's sleep, when known. */
  lastNightSleepMinutes: number | null;
  /** Where last night's sleep came from ("Oura"), when known. */
  lastNightSleepSource?: string | null;
  /** Heart-rate variability (ms) this week against his usual; null when either is missing. */
  hrv?: WeekVsUsual | null;
  /** Resting heart rate (bpm) this week against his usual; null when either is missing. */
  restingHeartRate?: WeekVsUsual | null;
  firstName: string | null;
};
