import { z } from 'zod';
import { ISO_DAY } from '@/lib/codecs';
import { addDays, dayInZone } from '@/lib/days';
import { catalogueEntry } from '@/lib/experiments/catalogue';
import {
  BASELINE_MIN_DAYS,
  CHANGE_MAX_LENGTH,
  CHANGE_MIN_DAYS,
  CHANGE_START_MAX_DAYS_AHEAD,
  CHANGE_START_MAX_DAYS_BACK,
  EXPERIMENT_OUTCOMES,
  PERIOD_MAX_DAYS,
  RETURN_MAX_DAYS,
  RETURN_MIN_DAYS,
  type ExperimentDayInput,
  type ExperimentInput,
} from '@/lib/experiments/contract';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from './stored-text';

// POST /api/experiments and PUT /api/experiments/{id}/days/{day}: the plan of a member's own trial and one
// day's answers, as lib/experiments/contract.ts names them. The plan's start is checked against the member's
// own today (experimentSchemaFor), which only the server, or a page that knows his zone, can say.

const EXPLORATORY_MAX = 3;

export const EXPERIMENT_MESSAGES = {
  change: 'Please say what you will change, in a few words.',
  changeTooLong: `Please keep the change to ${CHANGE_MAX_LENGTH} characters or fewer.`,
  catalogueKey: 'Please choose a change from the list, or write your own.',
  outcome: 'Please choose the one measure that will judge the change.',
  exploratory: `Please choose at most ${EXPLORATORY_MAX} other measures to watch.`,
  exploratoryPrimary: 'The measure that judges the change cannot also be one you only watch.',
  exploratoryTwice: 'Please choose each measure to watch once.',
  direction: 'Please say whether higher or lower is better for you.',
  design: 'Please choose how the experiment runs: your usual days then the change, or back to your usual days after it too.',
  changeFrom: 'Please enter the day the change starts, as YYYY-MM-DD.',
  changeFromTooEarly: `The change can have started at most ${CHANGE_START_MAX_DAYS_BACK} days ago.`,
  changeFromTooLate: `The change can start at most ${CHANGE_START_MAX_DAYS_AHEAD} days from today.`,
  baselineDays: `Please choose from ${BASELINE_MIN_DAYS} to ${PERIOD_MAX_DAYS} usual days before the change.`,
  baselineAfterToday: 'Your usual days before the change would start after today: start the change sooner, or count more usual days before it.',
  changeDays: `Please choose from ${CHANGE_MIN_DAYS} to ${PERIOD_MAX_DAYS} days of the change.`,
  returnDays: `Please choose from ${RETURN_MIN_DAYS} to ${RETURN_MAX_DAYS} days back to your usual after the change.`,
  returnDaysWithoutReturn: 'Only an experiment that goes back to your usual days after the change has days for it.',
  dayNothing: 'Nothing to save for this day.',
  didIt: 'Please answer yes, no, or leave it open.',
  flag: 'Please answer yes or no.',
} as const;

const days = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Each field as ExperimentInput names it; the rules that tie fields together are `planRules`. */
const fields = {
  change: z
    .string({ error: EXPERIMENT_MESSAGES.change })
    .trim()
    .min(1, EXPERIMENT_MESSAGES.change)
    .max(CHANGE_MAX_LENGTH, EXPERIMENT_MESSAGES.changeTooLong)
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  catalogueKey: z
    .string({ error: EXPERIMENT_MESSAGES.catalogueKey })
    .refine((key) => catalogueEntry(key) !== null, EXPERIMENT_MESSAGES.catalogueKey)
    .nullable(),
  outcome: z.enum(EXPERIMENT_OUTCOMES, { error: EXPERIMENT_MESSAGES.outcome }),
  exploratory: z.array(z.enum(EXPERIMENT_OUTCOMES, { error: EXPERIMENT_MESSAGES.exploratory }), { error: EXPERIMENT_MESSAGES.exploratory }).max(EXPLORATORY_MAX, EXPERIMENT_MESSAGES.exploratory),
  direction: z.enum(['higher', 'lower'], { error: EXPERIMENT_MESSAGES.direction }),
  design: z.enum(['AB', 'ABA'], { error: EXPERIMENT_MESSAGES.design }),
  changeFrom: z.string({ error: EXPERIMENT_MESSAGES.changeFrom }).refine((value) => ISO_DAY.isReal(value), EXPERIMENT_MESSAGES.changeFrom),
  baselineDays: days(BASELINE_MIN_DAYS, PERIOD_MAX_DAYS, EXPERIMENT_MESSAGES.baselineDays),
  changeDays: days(CHANGE_MIN_DAYS, PERIOD_MAX_DAYS, EXPERIMENT_MESSAGES.changeDays),
  returnDays: days(RETURN_MIN_DAYS, RETURN_MAX_DAYS, EXPERIMENT_MESSAGES.returnDays).nullable(),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

/** What no single field can say: the watched measures against the primary one, and the return period against the design. */
function planRules(plan: Fields, ctx: z.RefinementCtx): void {
  const issue = (path: keyof Fields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (plan.exploratory.includes(plan.outcome)) issue('exploratory', EXPERIMENT_MESSAGES.exploratoryPrimary);
  else if (new Set(plan.exploratory).size !== plan.exploratory.length) issue('exploratory', EXPERIMENT_MESSAGES.exploratoryTwice);
  if (plan.design === 'ABA' && plan.returnDays === null) issue('returnDays', EXPERIMENT_MESSAGES.returnDays);
  if (plan.design === 'AB' && plan.returnDays !== null) issue('returnDays', EXPERIMENT_MESSAGES.returnDaysWithoutReturn);
}

/** POST /api/experiments, checked field by field: the whole plan but its place in time. */
export const experimentSchema = z
  .object(fields)
  .strict()
  .superRefine(planRules)
  .transform((plan): ExperimentInput => plan);

/**
 * The plan as it can start for a member whose today (in his zone) is `now`'s: the change from 90 days back to
 * 28 ahead, and its usual days before it begun by today, so that no experiment waits with nothing to count.
 */
export function experimentSchemaFor(timeZone: string, now = new Date()) {
  const today = dayInZone(now, timeZone);
  return experimentSchema.superRefine((plan, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['changeFrom'], message });
    if (plan.changeFrom < addDays(today, -CHANGE_START_MAX_DAYS_BACK)) issue(EXPERIMENT_MESSAGES.changeFromTooEarly);
    else if (plan.changeFrom > addDays(today, CHANGE_START_MAX_DAYS_AHEAD)) issue(EXPERIMENT_MESSAGES.changeFromTooLate);
    else if (addDays(plan.changeFrom, -plan.baselineDays) > today) issue(EXPERIMENT_MESSAGES.baselineAfterToday);
  });
}

/** PUT /api/experiments/{id}/days/{day}: any of the day's answers; the rest stay as they were. */
export const experimentDaySchema = z
  .object({
    didIt: z.boolean({ error: EXPERIMENT_MESSAGES.didIt }).nullable().optional(),
    ill: z.boolean({ error: EXPERIMENT_MESSAGES.flag }).optional(),
    travelling: z.boolean({ error: EXPERIMENT_MESSAGES.flag }).optional(),
    drinking: z.boolean({ error: EXPERIMENT_MESSAGES.flag }).optional(),
  })
  .strict()
  .refine((day) => Object.values(day).some((value) => value !== undefined), EXPERIMENT_MESSAGES.dayNothing)
  .transform((day): ExperimentDayInput => day);
