import { daysInMonth, initialBirthDate, toIsoDate } from './birth-date';

// Step 4's three selects as the member fills them: each part empty until chosen, so that nobody's age
// comes from a date they never gave. Pure; the form keeps one of these in its state.

/** The select values: '' for a part not chosen yet, else the number as text ('3', '5', '1990'). */
export type BirthDateDraft = { day: string; month: string; year: string };

export const EMPTY_BIRTH_DATE: BirthDateDraft = { day: '', month: '', year: '' };

/** Shown when Next is pressed with a part of the date not chosen. */
export const DOB_REQUIRED_MESSAGE = 'Please choose the day, month and year you were born.';

/** The saved YYYY-MM-DD as the selects show it, or all three empty when nothing (or nothing usable) is saved. */
export function draftFromSaved(saved: string | null): BirthDateDraft {
  if (!saved) return EMPTY_BIRTH_DATE;
  const date = initialBirthDate(saved);
  // A date the selects cannot show starts empty.
  if (!date || toIsoDate(date) !== saved) return EMPTY_BIRTH_DATE;
  return { day: String(date.day), month: String(date.month), year: String(date.year) };
}

/**
 * How many days the day select offers: those of the chosen month (in the chosen year, or a leap year
 * while none is chosen, so 29 February stays open), or 31 before a month is chosen.
 */
export function dayCount({ month, year }: BirthDateDraft): number {
  if (!month) return 31;
  return daysInMonth(year ? Number(year) : 2000, Number(month));
}

/** Sets one part; a day the new month or year lacks (31 April, 29 February 2023) becomes its last day. */
export function withPart(draft: BirthDateDraft, part: keyof BirthDateDraft, value: string): BirthDateDraft {
  const next = { ...draft, [part]: value };
  if (next.day && Number(next.day) > dayCount(next)) next.day = String(dayCount(next));
  return next;
}

/** The parts still empty, in the order the selects show them. */
export const missingParts = (draft: BirthDateDraft): (keyof BirthDateDraft)[] => (['day', 'month', 'year'] as const).filter((part) => !draft[part]);

/** YYYY-MM-DD once all three parts are chosen, else ''. */
export function draftToIso(draft: BirthDateDraft): string {
  if (missingParts(draft).length > 0) return '';
  return toIsoDate({ year: Number(draft.year), month: Number(draft.month), day: Number(draft.day) });
}
