import type { DayFlag, ExperimentDayMark, ExperimentDesign, ExperimentPhase, ExperimentSummary } from './contract';
import type { Period } from './analysis';

// How the screens word an experiment's plan and its days: the same on /experiments, its answer page, the
// check-in and the dashboard's card. Pure, so the pages' bundles carry no server code.

export const DESIGN_LABELS: Readonly<Record<ExperimentDesign, string>> = { AB: 'Before and during', ABA: 'Before, during and back again' };

export const PERIOD_LABELS: Readonly<Record<Period, string>> = { baseline: 'Baseline', change: 'With the change', return: 'Back to usual' };

export const FLAG_LABELS: Readonly<Record<DayFlag, string>> = { ill: 'Ill', travelling: 'Travelling', drinking: 'Drinking' };

/** The phases in which days are still being recorded. */
export const isRunning = (phase: ExperimentPhase): boolean => phase === 'baseline' || phase === 'change' || phase === 'return';

/** "Day 9 of 28" in the change period, "Baseline: day 3 of 14", "Back to usual: day 2 of 14"; after the end, what became of the plan. */
export function progressText({ phase, day, of }: Pick<ExperimentSummary, 'phase' | 'day' | 'of'>): string {
  if (phase === 'baseline') return `Baseline: day ${day} of ${of}`;
  if (phase === 'return') return `Back to usual: day ${day} of ${of}`;
  if (phase === 'change') return `Day ${day} of ${of}`;
  if (phase === 'stopped') return `Ended early, on day ${day} of ${of}`;
  return `Finished, ${of} days`;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "You ticked 'did it' on 20 of 24 days you answered.", from his answers on the change period's days. */
export function adherenceText(marks: readonly ExperimentDayMark[], changeFrom: string, changeTo: string): string {
  const answered = marks.filter((mark) => mark.day >= changeFrom && mark.day <= changeTo && mark.didIt !== null);
  if (!answered.length) return 'No change days answered yet.';
  const done = answered.filter((mark) => mark.didIt).length;
  return `You ticked 'did it' on ${done} of ${plural(answered.length, 'day')} you answered.`;
}

/** "3 days flagged: ill 2, travelling 1 — kept in, not hidden." (a day may carry more than one flag). */
export function flaggedText(marks: readonly ExperimentDayMark[]): string {
  const flagged = marks.filter((mark) => mark.flags.length > 0);
  if (!flagged.length) return 'No days flagged.';
  const counts = (['ill', 'travelling', 'drinking'] as const)
    .map((flag) => [flag, flagged.filter((mark) => mark.flags.includes(flag)).length] as const)
    .filter(([, count]) => count > 0)
    .map(([flag, count]) => `${flag} ${count}`);
  return `${plural(flagged.length, 'day')} flagged: ${counts.join(', ')} — kept in, not hidden.`;
}
