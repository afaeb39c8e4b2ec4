import 'server-only';
import { aiEngine, type AiEngine } from '@/lib/ai';
import { ISO_DAY } from '@/lib/codecs';
import { addDays, nextUtcMidnight, utcDay } from '@/lib/days';
import { mergedDays } from '@/lib/dashboard/merged-metrics';
import { db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db-errors';
import { computePatterns } from './patterns';

/** How far back the patterns look: four weeks of trend and the four before for comparisons. */
export const PATTERN_WINDOW_DAYS = 56;

export type PatternsResponse = { insights: string[]; next_refresh: string };


/**
 * POST /api/patterns: 'My longevity trends', computed from the user's merged daily metrics and
 * check-ins once per UTC day and stored (PatternSet). With a model configured it rewords the list one
 * for one (lib/ai); the findings and their numbers are always ours.
 */
export async function dailyPatterns(userId: string, now = new Date(), engine: AiEngine = aiEngine()): Promise<PatternsResponse> {
  const today = utcDay(now);
  const day = ISO_DAY.toDate(today);
  const where = { userId_day: { userId, day } };
  const stored = await db.patternSet.findUnique({ where, select: { insights: true, nextRefreshAt: true } });
  if (stored) return { insights: stored.insights, next_refresh: stored.nextRefreshAt.toISOString() };

  const from = addDays(today, -(PATTERN_WINDOW_DAYS - 1));
  const [days, checkins] = await Promise.all([
    mergedDays(userId, from, today),
    db.dailyCheckin.findMany({
      where: { userId, day: { gte: ISO_DAY.toDate(from), lte: day } },
      orderBy: { day: 'asc' },
      select: { day: true, mood: true, energy: true, symptoms: true },
    }),
  ]);
  const computed = computePatterns({ day: today, days, checkins: checkins.map((c) => ({ ...c, day: ISO_DAY.fromDate(c.day) })) });
  const insights = await engine.phrasePatterns(computed.map((insight) => insight.text));
  try {
    const created = await db.patternSet.create({ data: { userId, day, insights, nextRefreshAt: nextUtcMidnight(now) }, select: { insights: true, nextRefreshAt: true } });
    return { insights: created.insights, next_refresh: created.nextRefreshAt.toISOString() };
  } catch (error) {
    // A concurrent first request stored the day's list first: everyone gets that one.
    if (!isUniqueViolation(error)) throw error;
    const winner = await db.patternSet.findUniqueOrThrow({ where, select: { insights: true, nextRefreshAt: true } });
    return { insights: winner.insights, next_refresh: winner.nextRefreshAt.toISOString() };
  }
}
