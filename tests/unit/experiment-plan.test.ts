// An experiment's plan: the shared schema's refusals with the member's words (lib/validation/experiments.ts),
// and its calendar (lib/experiments/plan.ts): the periods' days, where a day falls, and "Day 9 of 28".
import { describe, expect, it } from '@jest/globals';
import type { ExperimentInput } from '@/lib/experiments/contract';
import { lastCountedDay, periodOf, planDays, planPeriods, standing } from '@/lib/experiments/plan';
import { EXPERIMENT_MESSAGES, experimentDaySchema, experimentSchema, experimentSchemaFor } from '@/lib/validation/experiments';
import { SINGLE_LINE_MESSAGE } from '@/lib/validation/stored-text';

const PLAN: ExperimentInput = {
  change: 'Magnesium at night',
  catalogueKey: 'magnesium-night',
  outcome: 'sleepDurationMinutes',
  exploratory: ['hrvMs', 'mood'],
  direction: 'higher',
  design: 'ABA',
  changeFrom: '2026-12-01',
  baselineDays: 14,
  changeDays: 28,
  returnDays: 14,
};

/** Each refusal as "field: message". */
function problems(input: unknown, schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } } = experimentSchema): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the plan’s schema', () => {
  it('takes a plan as the contract names it, the change trimmed', () => {
    expect(experimentSchema.parse({ ...PLAN, change: '  Magnesium at night ' })).toEqual(PLAN);
    expect(experimentSchema.parse({ ...PLAN, catalogueKey: null, change: 'Cold shower each morning', design: 'AB', returnDays: null, exploratory: [] })).toMatchObject({ catalogueKey: null, returnDays: null });
  });

  it('refuses the primary outcome among the watched ones, a measure twice, more than three, or one it does not know', () => {
    expect(problems({ ...PLAN, exploratory: ['sleepDurationMinutes'] })).toEqual([`exploratory: ${EXPERIMENT_MESSAGES.exploratoryPrimary}`]);
    expect(problems({ ...PLAN, exploratory: ['hrvMs', 'hrvMs'] })).toEqual([`exploratory: ${EXPERIMENT_MESSAGES.exploratoryTwice}`]);
    expect(problems({ ...PLAN, exploratory: ['hrvMs', 'mood', 'energy', 'steps'] })).toEqual([`exploratory: ${EXPERIMENT_MESSAGES.exploratory}`]);
    expect(problems({ ...PLAN, exploratory: ['testosterone'] })).toEqual([`exploratory.0: ${EXPERIMENT_MESSAGES.exploratory}`]);
    expect(problems({ ...PLAN, outcome: 'testosterone' })).toEqual([`outcome: ${EXPERIMENT_MESSAGES.outcome}`]);
  });

  it('asks for the days back to his usual exactly when the design has them, and each period within its limits', () => {
    expect(problems({ ...PLAN, returnDays: null })).toEqual([`returnDays: ${EXPERIMENT_MESSAGES.returnDays}`]);
    expect(problems({ ...PLAN, design: 'AB' })).toEqual([`returnDays: ${EXPERIMENT_MESSAGES.returnDaysWithoutReturn}`]);
    expect(problems({ ...PLAN, returnDays: 6 })).toEqual([`returnDays: ${EXPERIMENT_MESSAGES.returnDays}`]);
    expect(problems({ ...PLAN, returnDays: 29 })).toEqual([`returnDays: ${EXPERIMENT_MESSAGES.returnDays}`]);
    expect(problems({ ...PLAN, baselineDays: 13 })).toEqual([`baselineDays: ${EXPERIMENT_MESSAGES.baselineDays}`]);
    expect(problems({ ...PLAN, changeDays: 57 })).toEqual([`changeDays: ${EXPERIMENT_MESSAGES.changeDays}`]);
    expect(problems({ ...PLAN, changeDays: 20.5 })).toEqual([`changeDays: ${EXPERIMENT_MESSAGES.changeDays}`]);
    expect(problems({ ...PLAN, design: 'ABAB' })).toEqual([`design: ${EXPERIMENT_MESSAGES.design}`]);
    expect(problems({ ...PLAN, direction: 'sideways' })).toEqual([`direction: ${EXPERIMENT_MESSAGES.direction}`]);
  });

  it('checks the change’s words as every stored line, and a catalogue key against the catalogue', () => {
    expect(problems({ ...PLAN, change: '   ' })).toEqual([`change: ${EXPERIMENT_MESSAGES.change}`]);
    expect(problems({ ...PLAN, change: 'x'.repeat(81) })).toEqual([`change: ${EXPERIMENT_MESSAGES.changeTooLong}`]);
    for (const change of ['Magnesium\nat night', 'Magne\u200bsium', 'exe.\u202etxt']) expect(problems({ ...PLAN, change })).toEqual([`change: ${SINGLE_LINE_MESSAGE}`]);
    expect(problems({ ...PLAN, catalogueKey: 'levitation' })).toEqual([`catalogueKey: ${EXPERIMENT_MESSAGES.catalogueKey}`]);
    expect(problems({ ...PLAN, changeFrom: '2026-02-30' })).toEqual([`changeFrom: ${EXPERIMENT_MESSAGES.changeFrom}`]);
    expect(problems({ ...PLAN, userId: 'someone-else' })[0]).toMatch(/^: Unrecognized key/);
  });

  it('places the change between 90 days back and 28 ahead of his own today, its usual days begun by then', () => {
    // 23:30 UTC on 7 Dec is already 8 Dec in Berlin.
    const now = new Date('2026-12-07T23:30:00Z');
    const utc = experimentSchemaFor('UTC', now);
    const berlin = experimentSchemaFor('Europe/Berlin', now);
    expect(problems({ ...PLAN, changeFrom: '2026-09-08' }, utc)).toEqual([]);
    expect(problems({ ...PLAN, changeFrom: '2026-09-08' }, berlin)).toEqual([`changeFrom: ${EXPERIMENT_MESSAGES.changeFromTooEarly}`]);
    expect(problems({ ...PLAN, changeFrom: '2027-01-05', baselineDays: 56 }, berlin)).toEqual([]);
    expect(problems({ ...PLAN, changeFrom: '2027-01-05', baselineDays: 56 }, utc)).toEqual([`changeFrom: ${EXPERIMENT_MESSAGES.changeFromTooLate}`]);
    expect(problems({ ...PLAN, changeFrom: '2026-12-22', baselineDays: 14 }, utc)).toEqual([`changeFrom: ${EXPERIMENT_MESSAGES.baselineAfterToday}`]);
    expect(problems({ ...PLAN, changeFrom: '2026-12-21', baselineDays: 14 }, utc)).toEqual([]);
  });

  it('takes any part of a day’s answers, and not nothing', () => {
    expect(experimentDaySchema.parse({ didIt: null })).toEqual({ didIt: null });
    expect(experimentDaySchema.parse({ ill: true, drinking: false })).toEqual({ ill: true, drinking: false });
    expect(problems({}, experimentDaySchema)).toEqual([`: ${EXPERIMENT_MESSAGES.dayNothing}`]);
    expect(problems({ didIt: 'yes' }, experimentDaySchema)).toEqual([`didIt: ${EXPERIMENT_MESSAGES.didIt}`]);
    expect(problems({ tired: true }, experimentDaySchema)[0]).toMatch(/^: Unrecognized key/);
  });
});

describe('the plan’s calendar', () => {
  const periods = planPeriods(PLAN);

  it('lays the periods end to end: usual days, the change, back to usual', () => {
    expect(periods).toEqual({ baselineFrom: '2026-11-17', changeFrom: '2026-12-01', changeTo: '2026-12-28', returnFrom: '2026-12-29', endsOn: '2027-01-11', total: 56 });
    expect(planPeriods({ ...PLAN, design: 'AB', returnDays: null })).toMatchObject({ returnFrom: null, endsOn: '2026-12-28', total: 42 });
    expect(['2026-11-16', '2026-11-17', '2026-11-30', '2026-12-01', '2026-12-28', '2026-12-29', '2027-01-11', '2027-01-12'].map((day) => periodOf(periods, day))).toEqual([
      null,
      'baseline',
      'baseline',
      'change',
      'change',
      'return',
      'return',
      null,
    ]);
    expect(planDays(periods, '2026-11-19')).toEqual([
      { day: '2026-11-17', period: 'baseline' },
      { day: '2026-11-18', period: 'baseline' },
      { day: '2026-11-19', period: 'baseline' },
    ]);
    expect(planDays(periods, '2027-03-01')).toHaveLength(56);
    expect(planDays(periods, '2026-11-01')).toEqual([]);
  });

  it('says where he stands: the day of the period he is in, and the whole plan once it is over or stopped', () => {
    const at = (today: string, stoppedOn: string | null = null) => standing(PLAN, periods, today, stoppedOn);
    expect(at('2026-11-19')).toEqual({ phase: 'baseline', day: 3, of: 14 });
    expect(at('2026-12-09')).toEqual({ phase: 'change', day: 9, of: 28 });
    expect(at('2026-12-28')).toEqual({ phase: 'change', day: 28, of: 28 });
    expect(at('2026-12-29')).toEqual({ phase: 'return', day: 1, of: 14 });
    expect(at('2027-01-11')).toEqual({ phase: 'return', day: 14, of: 14 });
    expect(at('2027-01-12')).toEqual({ phase: 'ended', day: 56, of: 56 });
    expect(at('2027-01-12', '2026-12-09')).toEqual({ phase: 'stopped', day: 23, of: 56 });
  });

  it('counts the figures up to today, the day he stopped, and never past the plan', () => {
    expect(lastCountedDay(periods, '2026-12-09', null)).toBe('2026-12-09');
    expect(lastCountedDay(periods, '2026-12-20', '2026-12-09')).toBe('2026-12-09');
    expect(lastCountedDay(periods, '2027-02-01', null)).toBe('2027-01-11');
  });
});
