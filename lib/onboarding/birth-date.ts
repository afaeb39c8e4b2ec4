import { ISO_DAY } from '@/lib/codecs';

// Step 4's date-of-birth selects (SPEC §5 and §9): 100 years up to 2025. They start empty, or on the saved
// date: SPEC §5's default of 3 May 2005 gave every member who pressed Next an age of 21.
export const DOB_LATEST_YEAR = 2025;
export const DOB_YEAR_COUNT = 100;

export type BirthDate = { year: number; month: number; day: number };

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Newest first: 2025 down to 1926. */
export function birthYears(): number[] {
  return Array.from({ length: DOB_YEAR_COUNT }, (_, index) => DOB_LATEST_YEAR - index);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** `month` is 1-based. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Keeps the chosen day when the month and year have it, else the month's last day (31 April → 30). */
export function withValidDay(date: BirthDate): BirthDate {
  return { ...date, day: Math.min(date.day, daysInMonth(date.year, date.month)) };
}

/** 3 → "03", as the day select shows it. */
export const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The API's YYYY-MM-DD. */
export function toIsoDate({ year, month, day }: BirthDate): string {
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** A saved YYYY-MM-DD within the selects' years, or the default. */
export function initialBirthDate(saved: string | null): BirthDate | null {
  const match = saved ? ISO_DAY.pattern.exec(saved) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!birthYears().includes(year) || month < 1 || month > 12) return null;
  return withValidDay({ year, month, day: Math.max(1, day) });
}
