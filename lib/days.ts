import { ISO_DAY } from '@/lib/codecs';
import { mean } from '@/lib/statistics';

// UTC calendar days as YYYY-MM-DD strings: the unit every dashboard figure is counted in.

const DAY_MS = 86_400_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in an IANA time zone ("Europe/London"); UTC for one Intl does not know. */
export function dayInZone(instant: Date, timeZone: string | undefined): string {
  const zone = timeZone || 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    dayFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The UTC day of an instant. */
export const utcDay = (now: Date): string => ISO_DAY.fromDate(now);

/** `day` moved by `n` days (negative goes back). */
export const addDays = (day: string, n: number): string => ISO_DAY.fromDate(new Date(ISO_DAY.toDate(day).getTime() + n * DAY_MS));

/** The `count` days ending with `last`, oldest first. */
export const daysEnding = (last: string, count: number): string[] => Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));

/**
 * The days that a count still growing today (steps) is averaged over, as the dashboard and insights show
 * it: this week is the complete days of the 7 ending today (the six before today), last week the 7 before.
 */
export const stepWeeks = (today: string): { thisWeek: string[]; lastWeek: string[] } => ({
  thisWeek: daysEnding(addDays(today, -1), 6),
  lastWeek: daysEnding(addDays(today, -7), 7),
});

/** The next 00:00 UTC after `now`: when a day's cached actions and recommendations refresh. */
export const nextUtcMidnight = (now: Date): Date => ISO_DAY.toDate(addDays(utcDay(now), 1));

/** Whole days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: string, to: string): number => Math.round((ISO_DAY.toDate(to).getTime() - ISO_DAY.toDate(from).getTime()) / DAY_MS);

/** Monday 00:00 UTC of the ISO week after the one holding `now`. */
export function nextIsoWeekStart(now: Date): Date {
  const today = utcDay(now);
  const weekday = (ISO_DAY.toDate(today).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return ISO_DAY.toDate(addDays(today, 7 - weekday));
}

/** Monday 00:00 UTC of the ISO week holding `now`. */
export const isoWeekStart = (now: Date): Date => ISO_DAY.toDate(addDays(ISO_DAY.fromDate(nextIsoWeekStart(now)), -7));

/** Age in whole years on `day`, from a date of birth. */
export function ageOn(dateOfBirth: Date, day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const age = y - dateOfBirth.getUTCFullYear();
  const hadBirthday = m > dateOfBirth.getUTCMonth() + 1 || (m === dateOfBirth.getUTCMonth() + 1 && d >= dateOfBirth.getUTCDate());
  return hadBirthday ? age : age - 1;
}

/** The mean of the values that are numbers, or null when there are none. */
export function meanOf(values: readonly (number | null | undefined)[]): number | null {
  return mean(values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)));
}
