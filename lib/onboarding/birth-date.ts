import { ISO_DAY } from '@/lib/codecs';

// Step 4's date-of-birth selects (SPEC §5 and §9): 100 years up to 2025, defaulting to 3 May 2005.
export const DOB_LATEST_YEAR = 2025;
export const DOB_YEAR_COUNT = 100;

export type BirthDate = { year: number; month: number; day: number };

export const DEFAULT_BIRTH_DATE: BirthDate = { year: 2005, month: 5, day: 3 };

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
export function initialBirthDate(saved: string | null): BirthDate {
  const match = saved ? ISO_DAY.pattern.exec(saved) : null;
  if (!match) return DEFAULT_BIRTH_DATE;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!birthYears().includes(year) || month < 1 || month > 12) return DEFAULT_BIRTH_DATE;
  return withValidDay({ year, month, day: Math.max(1, day) });
}
