// The blood-pressure cuff reading on /weekly_checkin, without zod: the form checks it in the browser
// with plain code (a schema module would bring zod into the page's first load), and ./scan-result.ts
// re-exports the limits and messages for the API's schema.

/** The cuff reading's limits (mmHg), as the weekly check-in form says them. */
export const CUFF = { systolic: { min: 70, max: 250 }, diastolic: { min: 40, max: 150 } } as const;

export const CUFF_MESSAGES = {
  systolic: `Systolic pressure must be between ${CUFF.systolic.min} and ${CUFF.systolic.max} mmHg.`,
  diastolic: `Diastolic pressure must be between ${CUFF.diastolic.min} and ${CUFF.diastolic.max} mmHg.`,
  order: 'The systolic (upper) number must be higher than the diastolic (lower) number.',
  both: 'Enter both numbers of the cuff reading, or neither.',
} as const;

export type CuffForm = { systolic: string; diastolic: string };
export type CuffErrors = Partial<Record<keyof CuffForm, string>>;

const inRange = (text: string, { min, max }: { min: number; max: number }) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max;
};

/** The form's text inputs, trimmed: both empty or both whole numbers in range, systolic above diastolic. One message per field, the first that applies. */
export function cuffFormErrors(form: CuffForm): CuffErrors {
  const systolic = form.systolic.trim();
  const diastolic = form.diastolic.trim();
  const errors: CuffErrors = {};
  if ((systolic === '') !== (diastolic === '')) errors.diastolic = CUFF_MESSAGES.both;
  if (systolic !== '' && !inRange(systolic, CUFF.systolic)) errors.systolic = CUFF_MESSAGES.systolic;
  if (diastolic !== '' && !inRange(diastolic, CUFF.diastolic)) errors.diastolic ??= CUFF_MESSAGES.diastolic;
  // Not `<=`: a reading that is not a number is out of order too.
  if (systolic !== '' && diastolic !== '' && !(Number(systolic) > Number(diastolic))) errors.systolic ??= CUFF_MESSAGES.order;
  return errors;
}
