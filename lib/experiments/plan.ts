import { addDays, daysBetween } from '@/lib/days';
import type { Period } from './analysis';
import type { ExperimentDesign, ExperimentPhase } from './contract';

// An experiment's calendar: its periods' first and last days, where a day falls, and where the member stands
// on his today. Days are YYYY-MM-DD, his local days; pure, so the store, the answer and the e-mail agree.

export type PlanDates = { changeFrom: string; baselineDays: number; changeDays: number; returnDays: number | null; design: ExperimentDesign };

export type PlanPeriods = {
  baselineFrom: string;
  changeFrom: string;
  /** The change period's last day. */
  changeTo: string;
  returnFrom: string | null;
  /** The plan's last day. */
  endsOn: string;
  /** Every day of the plan. */
  total: number;
};

export function planPeriods(plan: PlanDates): PlanPeriods {
  const changeTo = addDays(plan.changeFrom, plan.changeDays - 1);
  const back = plan.design === 'ABA' && plan.returnDays ? plan.returnDays : 0;
  return {
    baselineFrom: addDays(plan.changeFrom, -plan.baselineDays),
    changeFrom: plan.changeFrom,
    changeTo,
    returnFrom: back ? addDays(changeTo, 1) : null,
    endsOn: addDays(changeTo, back),
    total: plan.baselineDays + plan.changeDays + back,
  };
}

/** The period a day falls in, or null outside the plan. */
export function periodOf(periods: PlanPeriods, day: string): Period | null {
  if (day < periods.baselineFrom || day > periods.endsOn) return null;
  if (day < periods.changeFrom) return 'baseline';
  return day <= periods.changeTo ? 'change' : 'return';
}

/** The days of each period, oldest first, from the plan's first day to `last` (at most its last). */
export function planDays(periods: PlanPeriods, last: string): { day: string; period: Period }[] {
  const end = last < periods.endsOn ? last : periods.endsOn;
  const count = daysBetween(periods.baselineFrom, end) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => {
    const day = addDays(periods.baselineFrom, i);
    return { day, period: periodOf(periods, day)! };
  });
}

/**
 * Where he stands on `today`: the period and its day ("Day 9 of 28"); once the plan's last day is over, or
 * from the day he stopped it (`stoppedOn`), the whole plan's day and length.
 */
export function standing(plan: PlanDates, periods: PlanPeriods, today: string, stoppedOn: string | null): { phase: ExperimentPhase; day: number; of: number } {
  const clamp = (day: number, of: number) => ({ day: Math.min(Math.max(day, 1), of), of });
  if (stoppedOn !== null) return { phase: 'stopped', ...clamp(daysBetween(periods.baselineFrom, stoppedOn) + 1, periods.total) };
  if (today > periods.endsOn) return { phase: 'ended', day: periods.total, of: periods.total };
  if (today < periods.changeFrom) return { phase: 'baseline', ...clamp(daysBetween(periods.baselineFrom, today) + 1, plan.baselineDays) };
  if (today <= periods.changeTo) return { phase: 'change', ...clamp(daysBetween(periods.changeFrom, today) + 1, plan.changeDays) };
  return { phase: 'return', ...clamp(daysBetween(periods.returnFrom!, today) + 1, plan.returnDays ?? 1) };
}

/** The last day whose figures count: today while it runs, the day he stopped it, never past the plan's end. */
export function lastCountedDay(periods: PlanPeriods, today: string, stoppedOn: string | null): string {
  const last = stoppedOn !== null && stoppedOn < today ? stoppedOn : today;
  return last < periods.endsOn ? last : periods.endsOn;
}
