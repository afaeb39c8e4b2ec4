// How the product writes the user's numbers in sentences, the same on every screen and in every
// generated text. Browser-safe.

/** ["a", "b", "c"] → "a, b and c". */
export function listOf(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** 370 → "6 h 10 min"; 45 → "45 min"; 420 → "7 h". The sign is dropped: callers say "below" or "above". */
export function formatMinutes(minutes: number): string {
  const total = Math.round(Math.abs(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const DAY_GB = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

/** 21/12/2026: the UTC calendar day, as billing and trial dates are counted. */
export const formatDayGB = (date: Date): string => DAY_GB.format(date);

const DATE_GB = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** 3 Mar 2026: a UTC calendar day in words, as lists and notes show it. */
export const formatDateGB = (date: Date | string): string => DATE_GB.format(typeof date === 'string' ? new Date(date) : date);

const DAY_MONTH_GB = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/**
 * How a chart names the days (YYYY-MM-DD) of its axis: "3 Mar" when they fall in one calendar year, "3 Mar
 * 2026" when they cross into another (a year's chart would otherwise show two "3 Mar"s).
 */
export function chartDayLabel(days: readonly string[]): (day: string) => string {
  const oneYear = days.length === 0 || days[0]!.slice(0, 4) === days.at(-1)!.slice(0, 4);
  const format = oneYear ? DAY_MONTH_GB : DATE_GB;
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}

const TIMESTAMP_GB = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * SPEC §2/§9: a next-refresh time, en-GB day/month/year with 24-hour time and seconds, in UTC
 * ("23/11/2026, 00:00:00 UTC"). A timestamp without a zone is read as UTC.
 */
export function formatTimestampGB(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`) : value;
  return `${TIMESTAMP_GB.format(date)} UTC`;
}

/** The text with its first letter in capitals ("your own entry" → "Your own entry"). */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
