import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { dayInZone } from '@/lib/days';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { MEASURE_LABELS } from '@/lib/insights/measure-trends';
import { experimentDaySchema, experimentSchemaFor } from '@/lib/validation/experiments';
import type { Direction } from './analysis';
import { experimentAnswer, experimentSummary, flagsOf, type StoredExperiment } from './answer';
import { EXPERIMENT_OUTCOMES, type ExperimentDayInput, type ExperimentDayMark, type ExperimentDesign, type ExperimentDetail, type ExperimentInput, type ExperimentOutcome, type ExperimentSummary } from './contract';
import { outcomeSeries } from './outcomes';
import { lastCountedDay, periodOf, planPeriods } from './plan';

export { outcomeHistory } from './outcomes';

// A member's experiments. Every read and write names the member's id with the experiment's, so another
// member's id finds nothing and answers as an unknown one would (null, the API's 404), never "not yours".

export type ExperimentMember = { id: string; timeZone: string };

export const EXPERIMENT_NOT_FOUND = 'That experiment was not found.';
export const EXPERIMENT_RUNNING = 'You already have an experiment running. End it before you start another.';
export const EXPERIMENT_REFUSALS = {
  badDay: 'Please give the day as YYYY-MM-DD.',
  dayOutside: 'That day is not one of this experiment’s days.',
  dayAhead: 'That day has not come yet.',
  dayAfterStop: 'You stopped this experiment before that day.',
  didItOutsideChange: 'You can say whether you did it only on the days of the change.',
  alreadyStopped: 'You have already stopped this experiment.',
  alreadyEnded: 'This experiment has already ended.',
} as const;

/** A second experiment while one runs: one change at a time, or neither answer could be told apart (409). */
export class ExperimentRunningError extends ApiError {
  constructor() {
    super(409, EXPERIMENT_RUNNING);
    this.name = 'ExperimentRunningError';
  }
}

const SELECT = {
  id: true,
  change: true,
  catalogueKey: true,
  outcome: true,
  exploratory: true,
  direction: true,
  design: true,
  changeFrom: true,
  baselineDays: true,
  changeDays: true,
  returnDays: true,
  stoppedAt: true,
  createdAt: true,
} as const;

type Row = Prisma.ExperimentGetPayload<{ select: typeof SELECT }>;

const isOutcome = (value: string): value is ExperimentOutcome => (EXPERIMENT_OUTCOMES as readonly string[]).includes(value);

/** A row as the answer reads it; the columns were checked by the schema on their way in. */
function storedOf(row: Row): StoredExperiment {
  if (!isOutcome(row.outcome)) throw new Error(`experiment ${row.id} has an unknown outcome`);
  return {
    id: row.id,
    change: row.change,
    catalogueKey: row.catalogueKey,
    outcome: row.outcome,
    exploratory: row.exploratory.filter(isOutcome),
    direction: row.direction as Direction,
    design: row.design as ExperimentDesign,
    changeFrom: ISO_DAY.fromDate(row.changeFrom),
    baselineDays: row.baselineDays,
    changeDays: row.changeDays,
    returnDays: row.returnDays,
    stoppedAt: row.stoppedAt,
    createdAt: row.createdAt,
  };
}

const summaryOf = (row: Row, user: ExperimentMember, now: Date): ExperimentSummary => {
  const experiment = storedOf(row);
  return experimentSummary(experiment, MEASURE_LABELS[experiment.outcome], { timeZone: user.timeZone, now });
};

const RUNNING: ReadonlySet<ExperimentSummary['phase']> = new Set(['baseline', 'change', 'return']);

/** His experiments, the newest first. */
export async function listExperiments(user: ExperimentMember, now = new Date()): Promise<ExperimentSummary[]> {
  const rows = await db.experiment.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: SELECT });
  return rows.map((row) => summaryOf(row, user, now));
}

/** The experiment under way (its baseline, change or return), or null. */
export async function runningExperiment(user: ExperimentMember, now = new Date()): Promise<ExperimentSummary | null> {
  const rows = await db.experiment.findMany({ where: { userId: user.id, stoppedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: SELECT });
  return rows.map((row) => summaryOf(row, user, now)).find((summary) => RUNNING.has(summary.phase)) ?? null;
}

const markOf = (row: { day: Date; didIt: boolean | null; ill: boolean; travelling: boolean; drinking: boolean }): ExperimentDayMark => ({ day: ISO_DAY.fromDate(row.day), didIt: row.didIt, flags: flagsOf(row) });

/** The experiment with its answer (lib/experiments/answer.ts), or null for one that is not his. */
export async function experimentDetail(user: ExperimentMember, id: string, now = new Date()): Promise<ExperimentDetail | null> {
  const row = await db.experiment.findFirst({ where: { id, userId: user.id }, select: { ...SELECT, days: { orderBy: { day: 'asc' }, select: { day: true, didIt: true, ill: true, travelling: true, drinking: true } } } });
  if (!row) return null;
  const experiment = storedOf(row);
  const periods = planPeriods(experiment);
  const today = dayInZone(now, user.timeZone);
  const last = lastCountedDay(periods, today, experiment.stoppedAt ? dayInZone(experiment.stoppedAt, user.timeZone) : null);
  const series = await outcomeSeries(user.id, [experiment.outcome, ...experiment.exploratory], periods.baselineFrom, last, today);
  return experimentAnswer(experiment, row.days.map(markOf), series, { timeZone: user.timeZone, now });
}

/** His answer for one day of one of his experiments (the check-in's card), or null when he gave none. */
export async function experimentDayMark(user: ExperimentMember, id: string, day: string): Promise<ExperimentDayMark | null> {
  const row = await db.experimentDay.findFirst({
    where: { experimentId: id, experiment: { userId: user.id }, day: ISO_DAY.toDate(day) },
    select: { day: true, didIt: true, ill: true, travelling: true, drinking: true },
  });
  return row ? markOf(row) : null;
}

/** Every experiment of his with its answer, the newest first (the doctor's PDF, the export). */
export async function experimentDetails(user: ExperimentMember, now = new Date()): Promise<ExperimentDetail[]> {
  const details = await Promise.all((await listExperiments(user, now)).map((experiment) => experimentDetail(user, experiment.id, now)));
  // One deleted between the list and its read is left out.
  return details.filter((detail): detail is ExperimentDetail => detail !== null);
}

/**
 * Starts one, checked against his today (a ZodError, 422, when the plan does not hold). At most one runs at a
 * time: his row is locked while the others are looked at, so two starts at once cannot both pass. One planned
 * wholly in the past is answered at once, and so has nothing left to announce by e-mail.
 */
export async function createExperiment(user: ExperimentMember, input: ExperimentInput, now = new Date()): Promise<ExperimentSummary> {
  const plan = experimentSchemaFor(user.timeZone, now).parse(input);
  const periods = planPeriods(plan);
  const over = periods.endsOn < dayInZone(now, user.timeZone);
  const row = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`;
    const open = await tx.experiment.findMany({ where: { userId: user.id, stoppedAt: null }, select: SELECT });
    if (!over && open.some((other) => RUNNING.has(summaryOf(other, user, now).phase))) throw new ExperimentRunningError();
    return tx.experiment.create({
      data: {
        userId: user.id,
        change: plan.change,
        catalogueKey: plan.catalogueKey,
        outcome: plan.outcome,
        exploratory: plan.exploratory,
        direction: plan.direction,
        design: plan.design,
        baselineFrom: ISO_DAY.toDate(periods.baselineFrom),
        changeFrom: ISO_DAY.toDate(plan.changeFrom),
        baselineDays: plan.baselineDays,
        changeDays: plan.changeDays,
        returnDays: plan.design === 'ABA' ? plan.returnDays : null,
        endNotifiedAt: over ? now : null,
      },
      select: SELECT,
    });
  });
  return summaryOf(row, user, now);
}

/**
 * His answers for one day: any of them, the rest kept. The day must be one of the plan's, come already in his
 * zone, and not after the day he stopped; "did it" belongs to the change's days. Null for an experiment not his.
 */
export async function markExperimentDay(user: ExperimentMember, id: string, day: string, input: ExperimentDayInput, now = new Date()): Promise<ExperimentDayMark | null> {
  const answers = experimentDaySchema.parse(input);
  if (!ISO_DAY.isReal(day)) throw new ApiError(422, EXPERIMENT_REFUSALS.badDay);
  const row = await db.experiment.findFirst({ where: { id, userId: user.id }, select: SELECT });
  if (!row) return null;
  const experiment = storedOf(row);
  const period = periodOf(planPeriods(experiment), day);
  if (period === null) throw new ApiError(422, EXPERIMENT_REFUSALS.dayOutside);
  if (day > dayInZone(now, user.timeZone)) throw new ApiError(422, EXPERIMENT_REFUSALS.dayAhead);
  if (experiment.stoppedAt && day > dayInZone(experiment.stoppedAt, user.timeZone)) throw new ApiError(422, EXPERIMENT_REFUSALS.dayAfterStop);
  if (answers.didIt != null && period !== 'change') throw new ApiError(422, EXPERIMENT_REFUSALS.didItOutsideChange);
  const given = {
    ...(answers.didIt !== undefined ? { didIt: answers.didIt } : {}),
    ...(answers.ill !== undefined ? { ill: answers.ill } : {}),
    ...(answers.travelling !== undefined ? { travelling: answers.travelling } : {}),
    ...(answers.drinking !== undefined ? { drinking: answers.drinking } : {}),
  };
  const saved = await db.experimentDay.upsert({
    where: { experimentId_day: { experimentId: id, day: ISO_DAY.toDate(day) } },
    create: { experimentId: id, day: ISO_DAY.toDate(day), didIt: answers.didIt ?? null, ill: answers.ill ?? false, travelling: answers.travelling ?? false, drinking: answers.drinking ?? false },
    update: given,
    select: { day: true, didIt: true, ill: true, travelling: true, drinking: true },
  });
  return markOf(saved);
}

/** Ends it before its planned last day: its answer is read at once, said to be early. Null for one not his. */
export async function stopExperiment(user: ExperimentMember, id: string, now = new Date()): Promise<ExperimentSummary | null> {
  const row = await db.experiment.findFirst({ where: { id, userId: user.id }, select: SELECT });
  if (!row) return null;
  const { phase } = summaryOf(row, user, now);
  if (phase === 'stopped') throw new ApiError(409, EXPERIMENT_REFUSALS.alreadyStopped);
  if (phase === 'ended') throw new ApiError(409, EXPERIMENT_REFUSALS.alreadyEnded);
  const { count } = await db.experiment.updateMany({ where: { id, userId: user.id, stoppedAt: null }, data: { stoppedAt: now } });
  // Stopped, or deleted, by another tab between the read and the write.
  if (count === 0) return stopExperiment(user, id, now);
  return summaryOf({ ...row, stoppedAt: now }, user, now);
}

/** Deletes it with its day marks (they cascade); false for one not his. */
export async function deleteExperiment(user: ExperimentMember, id: string): Promise<boolean> {
  const { count } = await db.experiment.deleteMany({ where: { id, userId: user.id } });
  return count > 0;
}
