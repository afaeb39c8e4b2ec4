// The WHO-5 Well-Being Index (WHO, 1998; revised 2024): five statements about the last two weeks, each
// answered 0 ("At no time") to 5 ("All of the time"); the raw sum (0–25) × 4 is the score (0–100).
// A score of 50 or below suggests low well-being; 28 or below is often used to screen for depression.
// Browser-safe: the profile's Mindset form and the server share it.

export const WHO5_STATEMENTS = [
  'I have felt cheerful and in good spirits',
  'I have felt calm and relaxed',
  'I have felt active and vigorous',
  'I woke up feeling fresh and rested',
  'My daily life has been filled with things that interest me',
] as const;

/** Highest first, as the printed form lists them. */
export const WHO5_ANSWERS = [
  { value: 5, label: 'All of the time' },
  { value: 4, label: 'Most of the time' },
  { value: 3, label: 'More than half of the time' },
  { value: 2, label: 'Less than half of the time' },
  { value: 1, label: 'Some of the time' },
  { value: 0, label: 'At no time' },
] as const;

export const WHO5_CREDIT =
  'WHO-5 Well-Being Index © World Health Organization (Psychiatric Research Unit, WHO Collaborating Centre in Mental Health, Frederiksborg General Hospital). Licence: CC BY-NC-SA 3.0 IGO.';

/** 0–100 from five answers of 0–5. */
export function who5Score(answers: readonly number[]): number {
  if (answers.length !== WHO5_STATEMENTS.length || answers.some((a) => !Number.isInteger(a) || a < 0 || a > 5)) {
    throw new RangeError('WHO-5 needs five answers from 0 to 5.');
  }
  return answers.reduce((sum, a) => sum + a, 0) * 4;
}

/** What a score means, in the words the form's guidance uses. */
export function who5Reading(score: number): string {
  if (score <= 28) return 'Your answers suggest your well-being has been low. If this has lasted, talk to your doctor: it can be a sign of depression, which is treatable.';
  if (score <= 50) return 'Your answers suggest your well-being has been below average lately. Sleep, daylight, movement and time with people you like all help.';
  return 'Your answers suggest good well-being over the last two weeks.';
}
