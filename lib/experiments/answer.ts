import { addDays, dayInZone, daysBetween } from '@/lib/days';
import { formatDateAt, formatDateGB } from '@/lib/format';
import { mean, sampleSd } from '@/lib/statistics';
import { analyseExperiment, experimentSentence, FALLBACK_RHO, MINIMUM_DAYS, studentTQuantile, type Direction, type ExperimentAnalysis, type Period } from './analysis';
import type {
  DayFlag,
  ExperimentDayMark,
  ExperimentDesign,
  ExperimentDetail,
  ExperimentOutcome,
  ExperimentOutcomeAnswer,
  ExperimentPeriodSummary,
  ExperimentSeriesDay,
  ExperimentSummary,
} from './contract';
import { USUAL_DIRECTION, type OutcomeSeries } from './outcome-figures';
import { lastCountedDay, planDays, planPeriods, standing, type PlanPeriods } from './plan';

// An experiment's answer, from its plan, his day marks and the outcomes' series (./outcomes.ts):
// the analysis of docs/experiments.md for the primary outcome and each watched one, the periods' means, and
// the sentence he reads. The verdict is read once, at the planned end (or when he stops it, said so): before
// that the analysis is withheld and the sentence says when the answer comes.

/** An experiment as stored, its days as YYYY-MM-DD. */
export type StoredExperiment = {
  id: string;
  change: string;
  catalogueKey: string | null;
  outcome: ExperimentOutcome;
  exploratory: ExperimentOutcome[];
  direction: Direction;
  design: ExperimentDesign;
  changeFrom: string;
  baselineDays: number;
  changeDays: number;
  returnDays: number | null;
  stoppedAt: Date | null;
  createdAt: Date;
};

/** Where the clock stands for him: his zone and now. */
export type MemberClock = { timeZone: string; now: Date };

const today = (clock: MemberClock) => dayInZone(clock.now, clock.timeZone);
const stoppedOn = (experiment: StoredExperiment, clock: MemberClock) => (experiment.stoppedAt ? dayInZone(experiment.stoppedAt, clock.timeZone) : null);

export function experimentSummary(experiment: StoredExperiment, outcomeLabel: string, clock: MemberClock): ExperimentSummary {
  const periods = planPeriods(experiment);
  const { phase, day, of } = standing(experiment, periods, today(clock), stoppedOn(experiment, clock));
  return {
    id: experiment.id,
    change: experiment.change,
    catalogueKey: experiment.catalogueKey,
    outcome: experiment.outcome,
    outcomeLabel,
    exploratory: experiment.exploratory,
    direction: experiment.direction,
    design: experiment.design,
    baselineFrom: periods.baselineFrom,
    changeFrom: periods.changeFrom,
    changeTo: periods.changeTo,
    returnFrom: periods.returnFrom,
    endsOn: periods.endsOn,
    phase,
    day,
    of,
    stoppedAt: experiment.stoppedAt?.toISOString() ?? null,
    createdAt: experiment.createdAt.toISOString(),
  };
}

export const flagsOf = (mark: { ill: boolean; travelling: boolean; drinking: boolean }): DayFlag[] => (['ill', 'travelling', 'drinking'] as const).filter((flag) => mark[flag]);

/** A figure as the sentences write it: its size, rounded to `decimals`, the sign left to the words. */
const figure = (value: number, decimals: number) => Math.abs(value).toLocaleString('en-GB', { maximumFractionDigits: decimals, minimumFractionDigits: decimals });

/** The plain mean of a period's observed days and its 90 % interval, the days' autocorrelation allowed for. */
function periodSummary(period: Period, from: string, to: string, values: number[], analysis: ExperimentAnalysis): ExperimentPeriodSummary {
  const average = mean(values);
  if (values.length < 2 || average === null) return { period, from, to, observed: values.length, mean: average, interval: null };
  // The model's SD and ρ when it could be fitted; before that the period's own SD and the analysis's fallback ρ.
  const sd = analysis.sd ?? sampleSd(values) ?? 0;
  const rho = analysis.sd !== null ? analysis.rho : FALLBACK_RHO;
  // Correlated days hold fewer independent ones (Zwiers and von Storch 1995), never fewer than one.
  const effective = Math.max(1, (values.length * (1 - rho)) / (1 + rho));
  const half = studentTQuantile(0.95, Math.max(1, effective - 1)) * (sd / Math.sqrt(effective));
  return { period, from, to, observed: values.length, mean: average, interval: [average - half, average + half] };
}

function periodSummaries(periods: PlanPeriods, days: readonly ExperimentSeriesDay[], analysis: ExperimentAnalysis): ExperimentPeriodSummary[] {
  const spans: [Period, string, string][] = [
    ['baseline', periods.baselineFrom, addDays(periods.changeFrom, -1)],
    ['change', periods.changeFrom, periods.changeTo],
  ];
  if (periods.returnFrom) spans.push(['return', periods.returnFrom, periods.endsOn]);
  return spans.map(([period, from, to]) => periodSummary(period, from, to, days.flatMap((d) => (d.period === period && d.value !== null ? [d.value] : [])), analysis));
}

/**
 * A finished plan whose days were too few for an answer: no days are still to come, so it says what was
 * missing instead of how many more days would answer it.
 */
function finishedShort(analysis: ExperimentAnalysis, minimum: number): string {
  const { baseline, change } = analysis.days;
  const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
  return `Not enough days to answer: ${days(baseline)} before the change and ${days(change)} with it had a value; each needs ${minimum}`;
}

type AnswerContext = {
  periods: PlanPeriods;
  days: { day: string; period: Period }[];
  marks: ReadonlyMap<string, ExperimentDayMark>;
  changeDays: number;
  /** Days with a value each period needs before a verdict (analysis.ts MINIMUM_DAYS). */
  minimumDays: number;
  final: boolean;
  /** The day the figures stop: today while it runs. */
  last: string;
  stoppedAt: Date | null;
  timeZone: string;
};

/** While it runs: no verdict, effect or interval, whatever the days so far show (docs/experiments.md, "Read the verdict once"). */
function withheld(analysis: ExperimentAnalysis, context: AnswerContext): ExperimentAnalysis {
  const toCome = Math.max(0, daysBetween(context.last, context.periods.endsOn));
  return { ...analysis, verdict: 'too-little-data', effect: null, interval: null, detectable: null, df: null, moreDays: analysis.moreDays ?? toCome };
}

function outcomeAnswer(series: OutcomeSeries, direction: Direction, exploratory: boolean, context: AnswerContext): ExperimentOutcomeAnswer {
  const days: ExperimentSeriesDay[] = context.days.map(({ day, period }) => {
    const mark = context.marks.get(day);
    return { day, value: series.values.get(day) ?? null, period, flags: mark?.flags ?? [], didIt: period === 'change' ? (mark?.didIt ?? null) : null };
  });
  const analysis = analyseExperiment(
    days.map(({ day, value, period, flags, didIt }) => ({ day, value, period, flagged: flags.length > 0, didIt })),
    { direction, plannedChangeDays: context.changeDays },
  );
  const outcome = { name: series.label.charAt(0).toLowerCase() + series.label.slice(1), unit: series.unit, decimals: series.decimals };
  const unit = series.unit ? ` ${series.unit}` : '';
  let sentence: string;
  if (!context.final) {
    const plan = analysis.detectableAtPlan;
    sentence = `Running: the answer comes after ${formatDateGB(context.periods.endsOn)}.${plan === null ? '' : ` By then this experiment could detect a change of about ${figure(plan, series.decimals)}${unit}.`}`;
  } else if (analysis.verdict === 'too-little-data') {
    sentence = finishedShort(analysis, context.minimumDays);
  } else {
    sentence = experimentSentence(analysis, outcome);
  }
  if (context.final && context.stoppedAt) sentence += ` (stopped early on ${formatDateAt(context.stoppedAt, context.timeZone)})`;
  return {
    outcome: series.outcome,
    label: series.label,
    unit: series.unit,
    decimals: series.decimals,
    ...(series.scale ? { scale: series.scale } : {}),
    exploratory,
    analysis: context.final ? analysis : withheld(analysis, context),
    sentence,
    final: context.final,
    days,
    periods: periodSummaries(context.periods, days, analysis),
    from: series.from,
  };
}

/**
 * The whole answer: `series` holds the primary outcome and each watched one (outcomes.ts outcomeSeries over the
 * plan's days up to the last counted one), `marks` his answers day by day.
 */
export function experimentAnswer(experiment: StoredExperiment, marks: readonly ExperimentDayMark[], series: readonly OutcomeSeries[], clock: MemberClock): ExperimentDetail {
  const of = (outcome: ExperimentOutcome) => {
    const found = series.find((s) => s.outcome === outcome);
    if (!found) throw new Error(`no series for ${outcome}`);
    return found;
  };
  const primarySeries = of(experiment.outcome);
  const summary = experimentSummary(experiment, primarySeries.label, clock);
  const periods = planPeriods(experiment);
  const stopped = stoppedOn(experiment, clock);
  const last = lastCountedDay(periods, today(clock), stopped);
  const sorted = [...marks].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const context: AnswerContext = {
    periods,
    days: planDays(periods, last),
    marks: new Map(sorted.map((mark) => [mark.day, mark])),
    changeDays: experiment.changeDays,
    minimumDays: MINIMUM_DAYS,
    final: summary.phase === 'ended' || summary.phase === 'stopped',
    last,
    stoppedAt: experiment.stoppedAt,
    timeZone: clock.timeZone,
  };
  const primary = outcomeAnswer(primarySeries, experiment.direction, false, context);
  const answered = sorted.filter((mark) => mark.didIt !== null && periods.changeFrom <= mark.day && mark.day <= periods.changeTo);
  return {
    ...summary,
    primary,
    exploratoryAnswers: experiment.exploratory.map((outcome) => outcomeAnswer(of(outcome), USUAL_DIRECTION[outcome], true, context)),
    marks: sorted,
    adherence: answered.length ? answered.filter((mark) => mark.didIt).length / answered.length : null,
    startedBeforeDeclared: experiment.changeFrom < dayInZone(experiment.createdAt, clock.timeZone),
  };
}
