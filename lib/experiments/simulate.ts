import { addDays } from '@/lib/days';
import type { ExperimentDay, Period } from '@/lib/experiments/analysis';
import { seededRandom } from '@/lib/seeded-random';

// Held in module scope: in a vm sandbox (Jest's) every global lookup costs ~100 times more.
const { cos, floor, log, max, PI, sqrt } = Math;

// Seeded members with a known truth, for the calibration tests and bench:experiments
// (docs/experiments.md): a level, a true effect, AR(1) day-to-day noise, and what real records do to a
// series: missing days, a flagged week, a local calendar that skips or repeats a day.

export type SimulationOptions = {
  /** The layout: which days are missing or flagged, where the time zone changes, the ticks. */
  seed: number;
  /** The day-to-day noise, apart from the layout, so one design can be run again with fresh noise (derived from seed). */
  noiseSeed?: number;
  baselineDays: number;
  changeDays: number;
  /** Days back at baseline after the change (ABA); 0 or absent for AB. */
  returnDays?: number;
  /** The baseline level (50). */
  level?: number;
  /** The true effect δ of the change period. */
  effect: number;
  /** The AR(1) coefficient of the day-to-day noise. */
  rho: number;
  /** The SD of the AR(1) innovations (5); the series' own SD is this / √(1 − ρ²). */
  innovationSd?: number;
  /** A linear drift per day, which an AB design cannot tell from the change (0). */
  drift?: number;
  /** The chance a day has no value: half of those are absent, half listed with a null value (0). */
  missingProbability?: number;
  /** Seven consecutive days flagged (ill, travelling), somewhere in the series. */
  flaggedWeek?: boolean;
  /** What a flagged day does to the value (0: flagged, but unchanged). */
  flaggedShift?: number;
  /** A time-zone change inside a period: the local calendar loses a day, or repeats one (two records, one date). */
  timeZone?: 'none' | 'skip' | 'repeat';
  /** The chance a change day is ticked done (0.9); one change day in ten is left unanswered. */
  adherence?: number;
  /** The first day (2026-01-05). */
  start?: string;
};

/** A standard normal draw (Box–Muller): the noise's tails matter to the calibration, so not Irwin–Hall. */
function normal(random: () => number): number {
  return sqrt(-2 * log(1 - random())) * cos(2 * PI * random());
}

export function simulateExperiment(options: SimulationOptions): ExperimentDay[] {
  const random = seededRandom(options.seed);
  // A stream of its own for the noise: the same stream would tie a day's noise to whether it is missing.
  const noisy = seededRandom(options.noiseSeed ?? (Math.imul(options.seed, 0x9e3779b1) ^ 0x85ebca6b) >>> 0);
  const returnDays = options.returnDays ?? 0;
  const lengths: [Period, number][] = [['baseline', options.baselineDays], ['change', options.changeDays], ['return', returnDays]];
  const periods = lengths.flatMap(([period, count]) => Array.from({ length: count }, () => period));
  const innovation = options.innovationSd ?? 5;
  const rho = options.rho;
  const flagStart = options.flaggedWeek ? floor(random() * max(1, periods.length - 6)) : -1;
  // The time-zone change: physical day `shift` onwards moves one calendar day later (skip) or earlier (repeat),
  // away from the periods' first and last days so the repeated date stays in one period.
  const zone = options.timeZone ?? 'none';
  const places = periods.flatMap((period, i) => (i >= 2 && periods[i - 1] === period && periods[i - 2] === period ? [i] : []));
  const shift = zone === 'none' || places.length === 0 ? -1 : places[floor(random() * places.length)]!;
  const days: ExperimentDay[] = [];
  let noise = (normal(noisy) * innovation) / sqrt(1 - rho * rho);
  periods.forEach((period, i) => {
    if (i > 0) noise = rho * noise + normal(noisy) * innovation;
    const flagged = i >= flagStart && i < flagStart + 7 && flagStart >= 0;
    const calendar = shift >= 0 && i >= shift ? i + (zone === 'skip' ? 1 : -1) : i;
    const value = (options.level ?? 50) + (period === 'change' ? options.effect : 0) + (options.drift ?? 0) * i + noise + (flagged ? (options.flaggedShift ?? 0) : 0);
    const gone = random() < (options.missingProbability ?? 0);
    const absent = gone && random() < 0.5;
    const answer = random();
    const didIt = period !== 'change' ? undefined : answer < 0.1 ? null : answer < 0.1 + 0.9 * (options.adherence ?? 0.9);
    if (absent) return;
    days.push({ day: addDays(options.start ?? '2026-01-05', calendar), value: gone ? null : value, period, ...(flagged ? { flagged } : {}), ...(didIt === undefined ? {} : { didIt }) });
  });
  return days;
}
