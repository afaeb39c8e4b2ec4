import 'server-only';
import type { EngineContext, FlaggedResult, RecentVsBaseline } from '@/lib/ai/engine';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { formatDateGB } from '@/lib/format';
import { rangeFlag } from '@/lib/labs/flags';
import { inMemberUnits, type LabUnitSystem } from '@/lib/labs/lab-units';
import { resultNumber, resultText } from '@/lib/labs/result-text';
import { ActionOrigin } from '@/lib/generated/prisma/enums';
import { currentWeight } from '@/lib/metrics/current-weight';
import { labUnits } from '@/lib/labs/lab-units-preference';
import { unitSystemOf } from '@/lib/profile/units-preference';
import type { MergedDay } from '@/lib/metrics/source-priority';
import { readinessScore } from '@/lib/scores/readiness';
import type { TScoreInput } from '@/lib/scores/t-score';
import { addDays, daysEnding, meanOf, stepWeeks } from '@/lib/days';
import { byDay, mergedDays } from './merged-metrics';

// What the AI engine and the T-Score read about one user on one UTC day, gathered in one round of
// parallel reads. Windows match docs/t-score.md: the recent 7 days end with `day`; the baseline is the
// 30 days before them; steps use the recent week's complete days (the 6 before `day`), whose counts are final.

const RECENT_DAYS = 7;
const BASELINE_DAYS = 30;
/** The T-Score reads the recent week plus its baseline: 37 days ending with `day`. */
const SCORE_DAYS = RECENT_DAYS + BASELINE_DAYS;
/** A check-in from today or yesterday still describes how the user feels. */
const CHECKIN_DAYS = 2;

type Field = 'sleepDurationMinutes' | 'steps' | 'hrvMs' | 'restingHeartRateBpm';

/** A metric over the recent days against the 30 days before the recent week (the one ending `day`). */
function recentVsBaseline(days: Map<string, MergedDay>, field: Field, day: string, recentDays: string[] = daysEnding(day, RECENT_DAYS)): RecentVsBaseline {
  const values = (list: string[]) => list.map((d) => days.get(d)?.[field] ?? null);
  const recent = values(recentDays);
  return {
    recent: meanOf(recent),
    recentDays: recent.filter((v) => v !== null).length,
    baseline: meanOf(values(daysEnding(addDays(day, -RECENT_DAYS), BASELINE_DAYS))),
  };
}

/** The blood results that steer today's actions when outside the lab's range, named for people. */
const STEERING: Readonly<Record<FlaggedResult['marker'], string>> = {
  vitamin_d: 'vitamin D',
  haematocrit: 'haematocrit',
  ldl_cholesterol: 'LDL cholesterol',
  non_hdl_cholesterol: 'non-HDL cholesterol',
  apob: 'ApoB',
};
const isSteering = (marker: string): marker is FlaggedResult['marker'] => Object.hasOwn(STEERING, marker);

type SteeringRow = { marker: string; value: number; comparator: string | null; unit: string; referenceLow: number | null; referenceHigh: number | null; takenAt: Date };

/** The latest result of each steering marker, where it lies outside the lab's printed range. */
function flaggedResults(rows: readonly SteeringRow[], system: LabUnitSystem): FlaggedResult[] {
  const seen = new Set<string>();
  const flagged: FlaggedResult[] = [];
  for (const row of rows) {
    if (seen.has(row.marker) || !isSteering(row.marker)) continue;
    seen.add(row.marker);
    const ranged = { value: row.value, comparator: row.comparator, low: row.referenceLow, high: row.referenceHigh };
    const flag = rangeFlag(ranged);
    const limit = flag === 'Low' ? row.referenceLow : flag === 'High' ? row.referenceHigh : null;
    if (!flag || limit === null) continue;
    // In the member's units, as /my_results writes the same result.
    const shown = inMemberUnits(row.marker, { value: row.value, unit: row.unit, low: row.referenceLow, high: row.referenceHigh }, system);
    const shownLimit = flag === 'Low' ? shown.low : shown.high;
    flagged.push({ marker: row.marker, name: STEERING[row.marker], result: resultText({ ...shown, comparator: row.comparator }), flag, limit: resultNumber(shownLimit ?? limit), takenOn: formatDateGB(ISO_DAY.fromDate(row.takenAt)) });
  }
  return flagged;
}

type Needs = { labs: boolean; yesterday: boolean };

/** Every read the context and the score need, in parallel. */
async function load(userId: string, day: string, needs: Needs) {
  const from = addDays(day, -SCORE_DAYS);
  const [days, user, weight, checkins, testosterone, yesterdaySet, steering, labSystem] = await Promise.all([
    mergedDays(userId, from, day),
    db.user.findUnique({ where: { id: userId }, select: { desiredWeightKg: true, unitsPreference: true } }),
    // The one current weight every screen shows (the newest weighing on or before `day`, whatever its source).
    currentWeight(userId, day),
    db.dailyCheckin.findMany({
      where: { userId, day: { gte: ISO_DAY.toDate(addDays(day, -(SCORE_DAYS - 1))), lte: ISO_DAY.toDate(day) } },
      select: { day: true, mood: true, energy: true, symptoms: true },
      orderBy: { day: 'asc' },
    }),
    needs.labs
      ? db.labResult.findFirst({
          // Taken by the end of `day`: a result dated later is not one the user has had yet.
          // An exact value only: a bound ("<0.5 nmol/L") is not a figure to score.
          where: { userId, marker: 'total_testosterone', valueNgDl: { not: null }, comparator: null, takenAt: { lt: ISO_DAY.toDate(addDays(day, 1)) } },
          orderBy: [{ takenAt: 'desc' }, { createdAt: 'desc' }],
          select: { valueNgDl: true },
        })
      : null,
    needs.yesterday
      ? db.dailyActionSet.findUnique({
          where: { userId_day: { userId, day: ISO_DAY.toDate(addDays(day, -1)) } },
          select: { actions: { where: { origin: ActionOrigin.GENERATED }, select: { key: true }, orderBy: { position: 'asc' } } },
        })
      : null,
    db.labResult.findMany({
      // The latest of each, however old: it is what the member knows of it until he tests again.
      where: { userId, marker: { in: Object.keys(STEERING) }, takenAt: { lt: ISO_DAY.toDate(addDays(day, 1)) } },
      orderBy: [{ takenAt: 'desc' }, { createdAt: 'desc' }],
      select: { marker: true, value: true, comparator: true, unit: true, referenceLow: true, referenceHigh: true, takenAt: true },
    }),
    labUnits(userId),
  ]);
  return {
    days,
    checkins: checkins.map((c) => ({ ...c, day: ISO_DAY.fromDate(c.day) })),
    weight: { latestKg: weight?.kg ?? null, goalKg: user?.desiredWeightKg ?? null },
    units: user ? unitSystemOf(user.unitsPreference) : ('metric' as const),
    testosteroneNgDl: testosterone?.valueNgDl ?? null,
    yesterdayActionIds: yesterdaySet?.actions.map((a) => a.key) ?? [],
    flaggedResults: flaggedResults(steering, labSystem),
  };
}

type Loaded = Awaited<ReturnType<typeof load>>;

function toContext(loaded: Loaded, day: string): EngineContext {
  const days = byDay(loaded.days);
  const latestCheckin = loaded.checkins.filter((c) => c.day > addDays(day, -CHECKIN_DAYS)).at(-1);
  return {
    day,
    sleepMinutes: recentVsBaseline(days, 'sleepDurationMinutes', day),
    // Steps: this week's full days, as the dashboard averages them (today's count is still growing).
    steps: recentVsBaseline(days, 'steps', day, stepWeeks(day).thisWeek),
    hrvMs: recentVsBaseline(days, 'hrvMs', day),
    restingHrBpm: recentVsBaseline(days, 'restingHeartRateBpm', day),
    weight: loaded.weight,
    units: loaded.units,
    checkIn: latestCheckin ? { mood: latestCheckin.mood, energy: latestCheckin.energy, symptoms: latestCheckin.symptoms } : null,
    yesterdayActionIds: loaded.yesterdayActionIds,
    readiness: readinessOf(loaded.days, day),
    flaggedResults: loaded.flaggedResults,
  };
}

/** Today's readiness from the same merged days (its 28-night baseline lies within the 37 read), for the steer. */
function readinessOf(days: readonly MergedDay[], day: string): EngineContext['readiness'] {
  const readiness = readinessScore({ today: day, days });
  if (readiness.state !== 'ready') return null;
  const weakest = readiness.factors.filter((factor) => factor.points < 0).sort((a, b) => a.points - b.points)[0];
  return { score: readiness.score, band: readiness.band, weakest: weakest?.detail ?? null };
}

function toScoreInput(loaded: Loaded, day: string): TScoreInput {
  const first = addDays(day, -(SCORE_DAYS - 1));
  return {
    days: loaded.days.filter((d) => d.day >= first),
    checkins: loaded.checkins.map((c) => ({ day: c.day, mood: c.mood, energy: c.energy, symptomCount: c.symptoms.length })),
    testosteroneNgDl: loaded.testosteroneNgDl,
    currentWeightKg: loaded.weight.latestKg,
    goalWeightKg: loaded.weight.goalKg,
    units: loaded.units,
  };
}

/** The figures the AI engine chooses and phrases today's texts from, for `userId` on the UTC `day`. */
export async function buildEngineContext(userId: string, day: string): Promise<EngineContext> {
  return toContext(await load(userId, day, { labs: false, yesterday: true }), day);
}

/** tScore's input for `userId` on the UTC `day`: the 37 days it reads, the check-ins, the latest lab and weights. */
export async function scoreInput(userId: string, day: string): Promise<TScoreInput> {
  return toScoreInput(await load(userId, day, { labs: true, yesterday: false }), day);
}

/** Both, from one round of reads, with the merged days they came from: what today's actions and recommendations need. */
export async function dashboardInputs(userId: string, day: string): Promise<{ context: EngineContext; score: TScoreInput; days: MergedDay[] }> {
  const loaded = await load(userId, day, { labs: true, yesterday: true });
  return { context: toContext(loaded, day), score: toScoreInput(loaded, day), days: loaded.days };
}
