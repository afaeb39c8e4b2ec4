import { z } from 'zod';
import { ISO_DAY } from '@/lib/codecs';
import {
  DOSE_UNIT_ALIASES,
  DOSE_UNIT_KEYS,
  DOSE_UNITS,
  FREQUENCIES,
  FREQUENCY_KEYS,
  MEDICATION_INTERVAL_DAYS_MAX,
  MEDICATION_KINDS,
  MEDICATION_NAME_MAX,
  MEDICATION_NOTE_MAX,
  MEDICATION_PREPARATION_MAX,
  ROUTE_KEYS,
} from './medication-options';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from './stored-text';

// POST /api/medications and PATCH /api/medications/{id}: one line of "What I take". The lists are
// ./medication-options.ts; a PATCH sends only what changes, and the entry it makes is checked whole again
// (lib/medications/store.ts), so that no change can leave testosterone therapy without its dose or a stop
// before the start.

export const MEDICATION_MESSAGES = {
  kind: 'Please choose supplement, medicine or testosterone therapy.',
  name: 'Please enter its name.',
  nameTooLong: `Please keep the name to ${MEDICATION_NAME_MAX} characters or fewer.`,
  dose: 'Please enter the dose as a number above 0.',
  doseUnit: 'Please choose the unit of the dose.',
  doseImplausible: 'That dose looks wrong: check the number and the unit.',
  frequency: 'Please choose how often you take it.',
  interval: `Please enter the days between doses, from 1 to ${MEDICATION_INTERVAL_DAYS_MAX}.`,
  intervalMismatch: 'The days between doses do not match how often you take it.',
  asNeededInterval: 'Something taken as needed has no fixed days between doses.',
  route: 'Please choose how you take it.',
  preparation: 'Please enter the preparation, for example testosterone enanthate.',
  preparationTooLong: `Please keep the preparation to ${MEDICATION_PREPARATION_MAX} characters or fewer.`,
  trtAsNeeded: 'Testosterone therapy follows a schedule: please choose how often you take it.',
  startedOn: 'Please enter the day you started, as YYYY-MM-DD.',
  stoppedOn: 'Please enter the day you stopped, as YYYY-MM-DD.',
  future: 'The date cannot be in the future.',
  stoppedBeforeStart: 'The day you stopped cannot be before the day you started.',
  noteTooLong: `Please keep the note to ${MEDICATION_NOTE_MAX} characters or fewer.`,
  nothing: 'Nothing to update.',
} as const;

/** An optional field left empty in a form ("" or spaces) is no value. */
const blankAsNull = (value: unknown) => (value === undefined ? undefined : typeof value === 'string' && value.trim() === '' ? null : value);

const line = (max: number, tooLong: string) => z.string({ error: SINGLE_LINE_MESSAGE }).trim().max(max, tooLong).refine(isSingleLineText, SINGLE_LINE_MESSAGE);
const optionalLine = (max: number, tooLong: string) => z.preprocess(blankAsNull, line(max, tooLong).nullable().optional());

// UTC+14 is the earliest zone: a day that has begun anywhere is no future day for the member living there.
const EARLIEST_ZONE_MS = 14 * 3_600_000;
const day = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => ISO_DAY.pattern.test(value) && ISO_DAY.isReal(value) && value >= '1900-01-01', { message, abort: true })
    .refine((value) => ISO_DAY.toDate(value).getTime() <= Date.now() + EARLIEST_ZONE_MS, MEDICATION_MESSAGES.future);

const unit = z.preprocess(
  (value) => (typeof value === 'string' ? (DOSE_UNIT_ALIASES[value.trim()] ?? value.trim()) : value),
  z.enum(DOSE_UNIT_KEYS, { error: MEDICATION_MESSAGES.doseUnit }),
);

/** Each field as a request may send it; the rules that tie fields together are `entryRules`. */
const fields = {
  kind: z.enum(MEDICATION_KINDS, { error: MEDICATION_MESSAGES.kind }),
  name: z.string({ error: MEDICATION_MESSAGES.name }).trim().min(1, MEDICATION_MESSAGES.name).max(MEDICATION_NAME_MAX, MEDICATION_MESSAGES.nameTooLong).refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  dose: z.preprocess(blankAsNull, z.number({ error: MEDICATION_MESSAGES.dose }).finite(MEDICATION_MESSAGES.dose).positive(MEDICATION_MESSAGES.dose).nullable().optional()),
  dose_unit: z.preprocess(blankAsNull, unit.nullable().optional()),
  frequency: z.enum(FREQUENCY_KEYS, { error: MEDICATION_MESSAGES.frequency }),
  interval_days: z.preprocess(
    blankAsNull,
    z.number({ error: MEDICATION_MESSAGES.interval }).int(MEDICATION_MESSAGES.interval).min(1, MEDICATION_MESSAGES.interval).max(MEDICATION_INTERVAL_DAYS_MAX, MEDICATION_MESSAGES.interval).nullable().optional(),
  ),
  route: z.preprocess(blankAsNull, z.enum(ROUTE_KEYS, { error: MEDICATION_MESSAGES.route }).nullable().optional()),
  preparation: optionalLine(MEDICATION_PREPARATION_MAX, MEDICATION_MESSAGES.preparationTooLong),
  started_on: day(MEDICATION_MESSAGES.startedOn),
  stopped_on: z.preprocess(blankAsNull, day(MEDICATION_MESSAGES.stoppedOn).nullable().optional()),
  note: optionalLine(MEDICATION_NOTE_MAX, MEDICATION_MESSAGES.noteTooLong),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

/** What no single field can say: a dose with its unit, the interval against how often, testosterone therapy whole, the stop after the start. */
function entryRules(entry: Fields, ctx: z.RefinementCtx): void {
  const issue = (path: keyof Fields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const dose = entry.dose ?? null;
  const doseUnit = entry.dose_unit ?? null;
  if (dose !== null && doseUnit === null) issue('dose_unit', MEDICATION_MESSAGES.doseUnit);
  if (dose === null && doseUnit !== null) issue('dose', MEDICATION_MESSAGES.dose);
  if (dose !== null && doseUnit !== null && dose > DOSE_UNITS[doseUnit].max) issue('dose', MEDICATION_MESSAGES.doseImplausible);

  const interval = entry.interval_days ?? null;
  const implied = FREQUENCIES[entry.frequency].intervalDays;
  if (entry.frequency === 'as_needed' && interval !== null) issue('interval_days', MEDICATION_MESSAGES.asNeededInterval);
  else if (entry.frequency === 'every_n_days' && interval === null) issue('interval_days', MEDICATION_MESSAGES.interval);
  else if (implied !== null && interval !== null && interval !== implied) issue('interval_days', MEDICATION_MESSAGES.intervalMismatch);

  if (entry.kind === 'trt') {
    // The Endocrine Society's monitoring needs to know what, how much, how often and how (lib/medications/trt-monitoring.ts).
    if (!entry.preparation) issue('preparation', MEDICATION_MESSAGES.preparation);
    // One of the two alone is told above.
    if (dose === null && doseUnit === null) {
      issue('dose', MEDICATION_MESSAGES.dose);
      issue('dose_unit', MEDICATION_MESSAGES.doseUnit);
    }
    if (!entry.route) issue('route', MEDICATION_MESSAGES.route);
    if (entry.frequency === 'as_needed') issue('frequency', MEDICATION_MESSAGES.trtAsNeeded);
    else if (interval === null && entry.frequency !== 'every_n_days') issue('interval_days', MEDICATION_MESSAGES.interval);
  }

  if (entry.stopped_on && entry.stopped_on < entry.started_on) issue('stopped_on', MEDICATION_MESSAGES.stoppedBeforeStart);
}

/** A checked entry, as the store keeps it. */
export type MedicationInput = {
  kind: (typeof MEDICATION_KINDS)[number];
  name: string;
  dose: number | null;
  doseUnit: keyof typeof DOSE_UNITS | null;
  frequency: keyof typeof FREQUENCIES;
  intervalDays: number | null;
  route: (typeof ROUTE_KEYS)[number] | null;
  preparation: string | null;
  /** YYYY-MM-DD */
  startedOn: string;
  stoppedOn: string | null;
  note: string | null;
};

/** POST /api/medications: a whole entry. */
export const medicationSchema = z
  .object(fields)
  .strict()
  .superRefine(entryRules)
  .transform(
    (entry): MedicationInput => ({
      kind: entry.kind,
      name: entry.name,
      dose: entry.dose ?? null,
      doseUnit: entry.dose_unit ?? null,
      frequency: entry.frequency,
      intervalDays: entry.interval_days ?? null,
      route: entry.route ?? null,
      preparation: entry.preparation ?? null,
      startedOn: entry.started_on,
      stoppedOn: entry.stopped_on ?? null,
      note: entry.note ?? null,
    }),
  );

/** The entry as a request sends it (the form's values). */
export type MedicationRequest = z.input<typeof medicationSchema>;

/** PATCH /api/medications/{id}: the fields that change (null clears an optional one); the result is checked whole by `medicationSchema`. */
export const medicationPatchSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, MEDICATION_MESSAGES.nothing);

export type MedicationPatch = z.output<typeof medicationPatchSchema>;
