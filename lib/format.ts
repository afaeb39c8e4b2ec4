// How the product writes the user's numbers in sentences, the same on every screen and in every
// generated text. Browser-safe.

/**
 * A formatter made on its first use, then kept. Building an Intl formatter costs far more than using one, and
 * building them all when this module loads put that cost into every page's hydration, needed or not.
 */
function madeOnUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

// British English lists with no comma before the last item ("a, b and c"), as the rest of the copy writes them.
const LISTS = {
  and: madeOnUse(() => new Intl.ListFormat('en-GB', { type: 'conjunction' })),
  or: madeOnUse(() => new Intl.ListFormat('en-GB', { type: 'disjunction' })),
} as const;

/** ["a", "b", "c"] → "a, b and c" (or "a, b or c"); one item alone, none as "". */
export function listOf(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return LISTS[conjunction]().format(items);
}

/** 370 → "6 h 10 min"; 45 → "45 min"; 420 → "7 h". The sign is dropped: callers say "below" or "above". */
export function formatMinutes(minutes: number): string {
  const total = Math.round(Math.abs(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const DAY_GB = madeOnUse(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }));

/** 21/12/2026: the UTC calendar day, as billing and trial dates are counted. */
export const formatDayGB = (date: Date): string => DAY_GB().format(date);

const DATE_GB = madeOnUse(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }));

/** 3 Mar 2026: a UTC calendar day in words, as lists and notes show it. */
export const formatDateGB = (date: Date | string): string => DATE_GB().format(typeof date === 'string' ? new Date(date) : date);

const DAY_MONTH_GB = madeOnUse(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }));

/** 3 Mar: a calendar day (YYYY-MM-DD) without its year, where the year goes without saying. */
export const formatDayMonthGB = (day: string): string => DAY_MONTH_GB().format(new Date(`${day}T00:00:00Z`));

const WEEKDAY_GB = madeOnUse(() => new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }));

/** Tue: the weekday of a calendar day (YYYY-MM-DD). */
export const formatWeekdayGB = (day: string): string => WEEKDAY_GB().format(new Date(`${day}T00:00:00Z`));

/**
 * How a chart names the days (YYYY-MM-DD) of its axis: "3 Mar" when they fall in one calendar year, "3 Mar
 * 2026" when they cross into another (a year's chart would otherwise show two "3 Mar"s).
 */
export function chartDayLabel(days: readonly string[]): (day: string) => string {
  const oneYear = days.length === 0 || days[0]!.slice(0, 4) === days.at(-1)!.slice(0, 4);
  const format = oneYear ? DAY_MONTH_GB() : DATE_GB();
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}

const timestampFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `timeZone` when Intl knows it, else "UTC": a stored zone this runtime does not know must not break a page. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** One formatter per zone and shape, made once: building an Intl.DateTimeFormat costs far more than using one. */
function formatIn(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const cached = cache.get(timeZone);
  if (cached) return cached;
  const format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: knownTimeZone(timeZone) });
  // Zones come from Intl's own list (lib/validation/auth.ts), so the cache stays as small as that list.
  if (cache.size < 1000) cache.set(timeZone, format);
  return format;
}

/** An instant from the API's text; a timestamp without a zone is read as UTC (SPEC §9). */
export const instantOf = (value: string | Date): Date => (typeof value === 'string' ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`) : value);

/**
 * SPEC §2/§9: an instant as the member reads it, en-GB day/month/year with 24-hour time and seconds, on the
 * wall clock of his zone ("02/12/2026, 01:00:00" for 00:00 UTC in Europe/Berlin). An unknown zone shows UTC.
 */
export function formatTimestamp(value: string | Date, timeZone: string): string {
  const format = formatIn(timestampFormats, timeZone, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return format.format(instantOf(value));
}

/** "07:42": an instant's time of day in the member's zone, 24-hour, to the nearest minute. */
export function formatClock(value: string | Date, timeZone: string): string {
  const rounded = new Date(Math.round(instantOf(value).getTime() / 60_000) * 60_000);
  return formatIn(clockFormats, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(rounded);
}

/** "3 Mar 2026": the calendar day an instant (not a stored day) falls on in the member's zone. */
export function formatDateAt(value: string | Date, timeZone: string): string {
  return formatIn(dateFormats, timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(instantOf(value));
}

/** The text with its first letter in capitals ("your own entry" → "Your own entry"). */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
