import { ISO_DAY } from '@/lib/codecs';

// The onboarding answers' limits and the date-of-birth rules, without zod: ./onboarding.ts builds its
// schemas from them and re-exports them, and the profile page's form checks with them in the browser.
export const HEIGHT_MIN_CM = 30;
export const HEIGHT_MAX_CM = 250;
export const WEIGHT_MIN_KG = 30;
export const WEIGHT_MAX_KG = 200;
export const MIN_AGE_YEARS = 18;
export const UNDER_AGE_MESSAGE = `You must be at least ${MIN_AGE_YEARS} to use Vitality.`;
export const DOB_MESSAGE = 'Please enter a valid date of birth.';

/** The latest YYYY-MM-DD on which someone born is an adult today (29 Feb birthdays count from 1 Mar). */
export function latestAdultBirthDate(today: Date = new Date()): string {
  const limit = new Date(Date.UTC(today.getUTCFullYear() - MIN_AGE_YEARS, today.getUTCMonth(), today.getUTCDate()));
  return ISO_DAY.fromDate(limit);
}

/** A date of birth's checks in order, each with its SPEC text: the first that fails is the message shown. */
export const DATE_OF_BIRTH_RULES: readonly { test: (day: string) => boolean; message: string }[] = [
  { test: (day) => ISO_DAY.pattern.test(day), message: DOB_MESSAGE },
  { test: ISO_DAY.isReal, message: DOB_MESSAGE },
  { test: (day) => day >= '1900-01-01', message: DOB_MESSAGE },
  { test: (day) => ISO_DAY.toDate(day).getTime() < Date.now(), message: 'Date of birth must be in the past.' },
  { test: (day) => day <= latestAdultBirthDate(), message: UNDER_AGE_MESSAGE },
];

/** The message for a date of birth that fails a rule, or undefined for a valid one. */
export const dateOfBirthProblem = (day: string): string | undefined => DATE_OF_BIRTH_RULES.find((rule) => !rule.test(day))?.message;
