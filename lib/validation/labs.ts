import { z } from 'zod';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from './stored-text';
import { ISO_DAY } from '@/lib/codecs';
import { LAB_UNIT_SYSTEMS } from '@/lib/labs/lab-units';
import { LAB_MARKER_KEYS, LAB_MARKERS, listedUnit, toCanonical, unitsOf } from '@/lib/labs/markers';

// POST /api/lab-results: the values a member confirmed on the review screen (read from a report, or typed).

export const MAX_RESULTS_PER_REPORT = LAB_MARKER_KEYS.length;
const DATE_MESSAGE = 'Please enter the date the blood was taken.';

const optionalNumber = z.preprocess((value) => (value === '' || value === undefined ? null : value), z.nullable(z.number({ error: 'Reference limits must be numbers.' }).finite().nonnegative()));

const result = z
  .object({
    marker: z.enum(LAB_MARKER_KEYS, { error: 'Please choose a marker.' }),
    value: z.number({ error: 'Please enter a number.' }).finite().nonnegative('Please enter a number.'),
    /** "<" or ">" (or with "="): the lab gave a bound, not an exact value. */
    comparator: z.enum(['<', '<=', '>', '>='], { error: 'The value can be exact, or below or above a limit.' }).nullable().optional(),
    unit: z.string().trim().max(20).refine(isSingleLineText, SINGLE_LINE_MESSAGE),
    reference_low: optionalNumber.optional(),
    reference_high: optionalNumber.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const { label } = LAB_MARKERS[input.marker];
    const unit = listedUnit(input.marker, input.unit);
    if (!unit) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: `${label} is given in ${unitsOf(input.marker).join(', ')}.` });
      return;
    }
    const canonical = toCanonical(input.marker, input.value, unit);
    const { min, max } = LAB_MARKERS[input.marker].plausible;
    if (canonical === null || canonical < min || canonical > max) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `That ${label} value looks wrong: check the number and the unit.` });
    }
    if (input.reference_low != null && input.reference_high != null && input.reference_low > input.reference_high) {
      ctx.addIssue({ code: 'custom', path: ['reference_high'], message: 'The upper reference limit must be above the lower one.' });
    }
  })
  // The refinement above has checked that the unit is listed.
  .transform((input) => ({ ...input, unit: listedUnit(input.marker, input.unit)! }));

export const labResultsSchema = z
  .object({
    /** The report these values were read from; absent for values typed without a report. */
    report_id: z.string().max(40).optional(),
    taken_on: z
      .string({ error: DATE_MESSAGE })
      .regex(ISO_DAY.pattern, DATE_MESSAGE)
      .refine(ISO_DAY.isReal, DATE_MESSAGE)
      .refine((day) => day >= '1900-01-01', DATE_MESSAGE)
      .refine((day) => ISO_DAY.toDate(day).getTime() <= Date.now(), 'The date the blood was taken cannot be in the future.'),
    results: z
      .array(result)
      .min(1, 'Add at least one value to save.')
      .max(MAX_RESULTS_PER_REPORT, 'Too many values.')
      .refine((rows) => new Set(rows.map((r) => r.marker)).size === rows.length, 'Each marker can be saved once per test.'),
  })
  .strict();

export type LabResultsInput = z.output<typeof labResultsSchema>;

/** POST /api/set-lab-units: how blood results are shown. */
export const labUnitsSchema = z.object({
  lab_units: z.enum(LAB_UNIT_SYSTEMS, { error: "Please choose 'conventional' or 'si'." }),
}).strict();
