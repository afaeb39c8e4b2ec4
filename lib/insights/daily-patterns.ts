import 'server-only';
import { aiEngine, type AiEngine } from '@/lib/ai';
import { ISO_DAY } from '@/lib/codecs';
import { addDays, nextUtcMidnight, utcDay } from '@/lib/days';
import { mergedDays } from '@/lib/dashboard/merged-metrics';
import { db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db-errors';
import { unitSystemOf } from '@/lib/profile/units-preference';
import { computePatterns, TREND_FIELDS } from './patterns';

/** How far back the patterns look: four weeks of trend and the four before for comparisons. */
export const PATTERN_WINDOW_DAYS = 56;

/**
 * `from[i]` says where `insights[i]`'s figures came from ("From Oura and your daily check-ins."); `charts[i]`
 * names the /insights chart it is read from (a measure of lib/insights/measure-trends.ts), or null.
 */
export type PatternsResponse = { insights: string[]; from: (string | null)[]; charts: (string | null)[]; next_refresh: string };

/** The chart a statement is read from: its measure for trends and week-on-week changes, mood or energy for relationships. */
function chartOf(insight: { kind: string; metric: string }): string | null {
  if ((insight.kind === 'trend' || insight.kind === 'week_over_week') && (TREND_FIELDS as string[]).includes(insight.metric)) return insight.metric;
  return insight.kind === 'relationship' && (insight.metric === 'mood' || insight.metric === 'energy') ? insight.metric : null;
}


/**
 * POST /api/patterns: 'My longevity trends', computed from the user's merged daily metrics and
 * check-ins, in the member's units, and stored per UTC day (PatternSet). With a model configured it
 * rewords the list one for one (lib/ai); the findings and their numbers are always ours. The list is
 * phrased again whenever the statements it came from change (a new night of data, a check-in, a new
 * Units setting), never left quoting figures that are no longer true until midnight.
 */
export async function dailyPatterns(userId: string, now = new Date(), engine: AiEngine = aiEngine()): Promise<PatternsResponse> {
  const today = utcDay(now);
  const day = ISO_DAY.toDate(today);
  const where = { userId_day: { userId, day } };
  const from = addDays(today, -(PATTERN_WINDOW_DAYS - 1));
  const [stored, days, checkins, user] = await Promise.all([
    db.patternSet.findUnique({ where, select: { insights: true, basis: true, nextRefreshAt: true } }),
    mergedDays(userId, from, today),
    db.dailyCheckin.findMany({
      where: { userId, day: { gte: ISO_DAY.toDate(from), lte: day } },
      orderBy: { day: 'asc' },
      select: { day: true, mood: true, energy: true, symptoms: true },
    }),
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { unitsPreference: true } }),
  ]);
  const computed = computePatterns({ day: today, days, checkins: checkins.map((c) => ({ ...c, day: ISO_DAY.fromDate(c.day) })), units: unitSystemOf(user.unitsPreference) });
  const basis = JSON.stringify(computed.map((insight) => insight.text));
  // The list is phrased one for one, so the captions line up with whatever list is stored for this basis.
  const captions = computed.map((insight) => insight.from);
  const charts = computed.map(chartOf);
  const answer = (row: { insights: string[]; nextRefreshAt: Date }): PatternsResponse => {
    const aligned = row.insights.length === captions.length;
    return { insights: row.insights, from: aligned ? captions : row.insights.map(() => null), charts: aligned ? charts : row.insights.map(() => null), next_refresh: row.nextRefreshAt.toISOString() };
  };
  if (stored && stored.basis === basis) return answer(stored);

  const insights = await engine.phrasePatterns(computed.map((insight) => insight.text));
  const data = { insights, basis, nextRefreshAt: nextUtcMidnight(now) };
  if (stored) {
    return answer(await db.patternSet.update({ where, data, select: { insights: true, nextRefreshAt: true } }));
  }
  try {
    return answer(await db.patternSet.create({ data: { userId, day, ...data }, select: { insights: true, nextRefreshAt: true } }));
  } catch (error) {
    // A concurrent first request stored the day's list first: everyone gets that one.
    if (!isUniqueViolation(error)) throw error;
    const winner = await db.patternSet.findUniqueOrThrow({ where, select: { insights: true, nextRefreshAt: true, basis: true } });
    return winner.basis === basis ? answer(winner) : { insights: winner.insights, from: winner.insights.map(() => null), charts: winner.insights.map(() => null), next_refresh: winner.nextRefreshAt.toISOString() };
  }
}
