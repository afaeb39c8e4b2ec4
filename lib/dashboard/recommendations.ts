import 'server-only';
import { aiEngine, type EngineContext } from '@/lib/ai';
import { ApiError } from '@/lib/errors';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db-errors';
import { formatClock } from '@/lib/format';
import { solarDay } from '@/lib/dashboard/solar';
import { z } from 'zod';
import type { RecommendationsResponse, SupplementItem } from './contract';
import { addDays, meanOf, nextUtcMidnight, utcDay } from '@/lib/days';
import { dashboardInputs } from './engine-context';

// POST /api/recommendations: the active supplement catalogue ranked by rules on the user's own figures,
// and the day's advice. Both are computed once per user, UTC day and place, stored, and read back for
// the rest of the day, so the dashboard and /my_actions agree and a refresh changes nothing.

export const SUPPLEMENT_TAGS = ['sleep', 'recovery', 'testosterone', 'immunity', 'heart', 'inflammation', 'strength', 'stress'] as const;
export type SupplementTag = (typeof SUPPLEMENT_TAGS)[number];
/** How strongly the figures call for each tag, 0 (not at all) to 1. */
export type SupplementNeeds = Partial<Record<SupplementTag, number>>;

/** With no figure calling for a tag, the product's focus decides the order: testosterone, sleep, strength first. */
const DEFAULT_TAG_ORDER: readonly SupplementTag[] = ['testosterone', 'sleep', 'strength', 'heart', 'recovery', 'stress', 'immunity', 'inflammation'];

const SLEEP_NEED_MINUTES = 7 * 60;
/** Below this a sleep score needs attention (the wearables' own "pay attention" band). */
const SLEEP_SCORE_OK = 70;
const STRESS_SCORE_HIGH = 60;
/** The bottom of the usual adult male range, as the T-Results chart shades it (SPEC §9). */
const TESTOSTERONE_LOW_NG_DL = 400;
/** Under this many hours of daylight the skin makes little vitamin D. */
const SHORT_DAY_HOURS = 10;
/** Each new place computes and stores an answer (and may call a model): a day's places are capped. */
export const MAX_PLACES_PER_DAY = 24;

const SYMPTOM_NEEDS: Readonly<Record<string, readonly SupplementTag[]>> = {
  Insomnia: ['sleep'],
  Anxiety: ['stress'],
  'Muscle aches': ['recovery', 'inflammation'],
  'Joint pain': ['inflammation'],
  Fever: ['immunity'],
  Chills: ['immunity'],
  Cough: ['immunity'],
  'Runny nose': ['immunity'],
};

/** What the rules read, all computed by our code from the user's own rows and position. */
export type SupplementSignals = {
  context: EngineContext;
  /** Mean sleep score of the last 7 days, or null. */
  sleepScore: number | null;
  /** Mean stress score (0..100) of the last 7 days, or null. */
  stressScore: number | null;
  /** The latest lab total testosterone in ng/dL, or null without a lab result. */
  testosteroneNgDl: number | null;
  /** Today's daylight at the user's position, or null without one. */
  daylightHours: number | null;
};

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Each tag's need from the figures; a tag several figures call for takes the strongest. */
export function supplementNeeds({ context, sleepScore, stressScore, testosteroneNgDl, daylightHours }: SupplementSignals): SupplementNeeds {
  const needs: SupplementNeeds = {};
  const raise = (tag: SupplementTag, value: number) => {
    if (value > 0) needs[tag] = Math.max(needs[tag] ?? 0, clamp01(value));
  };

  const sleep = context.sleepMinutes;
  if (sleep.recent !== null) {
    raise('sleep', (SLEEP_NEED_MINUTES - sleep.recent) / 90);
    if (sleep.baseline !== null && sleep.baseline - sleep.recent >= 30) raise('sleep', (sleep.baseline - sleep.recent) / 60);
  }
  if (sleepScore !== null) raise('sleep', (SLEEP_SCORE_OK - sleepScore) / 25);

  const hrv = context.hrvMs;
  if (hrv.recent !== null && hrv.baseline !== null && hrv.baseline > 0) {
    const drop = (hrv.baseline - hrv.recent) / hrv.baseline;
    if (drop >= 0.1) {
      raise('stress', drop / 0.25);
      raise('recovery', drop / 0.25);
    }
  }
  const pulse = context.restingHrBpm;
  if (pulse.recent !== null && pulse.baseline !== null && pulse.recent - pulse.baseline >= 3) {
    raise('recovery', (pulse.recent - pulse.baseline) / 8);
    raise('heart', (pulse.recent - pulse.baseline) / 10);
  }
  if (stressScore !== null && stressScore >= STRESS_SCORE_HIGH) raise('stress', (stressScore - 50) / 30);

  const { latestKg, goalKg } = context.weight;
  if (latestKg !== null && goalKg !== null && goalKg - latestKg >= 1) raise('strength', 0.8 * ((goalKg - latestKg) / 6));

  const checkIn = context.checkIn;
  if (checkIn) {
    if (checkIn.energy === 'DEPLETED') raise('recovery', 0.9);
    if (checkIn.energy === 'LOW') raise('recovery', 0.5);
    for (const symptom of checkIn.symptoms) for (const tag of SYMPTOM_NEEDS[symptom] ?? []) raise(tag, 0.7);
  }

  // A low result weighs more the lower it is; no result at all is a reason to look at testosterone too.
  if (testosteroneNgDl === null) raise('testosterone', 0.4);
  else if (testosteroneNgDl < TESTOSTERONE_LOW_NG_DL) raise('testosterone', 0.6 + 0.4 * ((TESTOSTERONE_LOW_NG_DL - testosteroneNgDl) / 150));

  if (daylightHours !== null && daylightHours < SHORT_DAY_HOURS) raise('immunity', 0.5 + 0.5 * ((SHORT_DAY_HOURS - daylightHours) / 4));
  // A vitamin D below the lab's range calls for vitamin D more than any short day does.
  if (context.flaggedResults?.some((result) => result.marker === 'vitamin_d' && result.flag === 'Low')) raise('immunity', 1);
  return needs;
}

type Rankable = { slug: string; tags: readonly string[] };

const isTag = (tag: string): tag is SupplementTag => (SUPPLEMENT_TAGS as readonly string[]).includes(tag);

/**
 * The catalogue, best first: by the sum of its tags' needs (a supplement meeting two needs outranks one
 * meeting one), then by the default tag order, then by slug, so the same figures always give the same list.
 */
export function rankSupplements<T extends Rankable>(catalogue: readonly T[], needs: SupplementNeeds): T[] {
  const keyed = catalogue.map((item) => {
    const tags = [...new Set(item.tags)].filter(isTag);
    // Rounded so that float noise in a sum can never outweigh the default order.
    const score = Math.round(tags.reduce((sum, tag) => sum + (needs[tag] ?? 0), 0) * 1000);
    const defaultRank = Math.min(DEFAULT_TAG_ORDER.length, ...tags.map((tag) => DEFAULT_TAG_ORDER.indexOf(tag)));
    return { item, score, defaultRank };
  });
  keyed.sort((a, b) => b.score - a.score || a.defaultRank - b.defaultRank || (a.item.slug < b.item.slug ? -1 : a.item.slug > b.item.slug ? 1 : 0));
  return keyed.map(({ item }) => item);
}

// ── position ──

export type Position = { lat: number; lon: number };

export const POSITION_MESSAGES = {
  type: 'Send lat and lon as numbers.',
  lat: 'lat must be between -90 and 90.',
  lon: 'lon must be between -180 and 180.',
} as const;

/** The body of POST /api/recommendations and /api/patterns. JSON has no NaN or Infinity, and z.number() refuses them besides. */
export const positionSchema = z.object(
  {
    lat: z.number({ error: POSITION_MESSAGES.type }).min(-90, POSITION_MESSAGES.lat).max(90, POSITION_MESSAGES.lat),
    lon: z.number({ error: POSITION_MESSAGES.type }).min(-180, POSITION_MESSAGES.lon).max(180, POSITION_MESSAGES.lon),
  },
  { error: POSITION_MESSAGES.type },
);

/** The first thing wrong with a position, or null when it is usable. */
export function positionProblem({ lat, lon }: Position): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return POSITION_MESSAGES.type;
  if (Math.abs(lat) > 90) return POSITION_MESSAGES.lat;
  if (Math.abs(lon) > 180) return POSITION_MESSAGES.lon;
  return null;
}

/** SPEC §7: the actions screen sends 0,0 for "no position". */
export const hasPosition = ({ lat, lon }: Position): boolean => !(lat === 0 && lon === 0);

const tenth = (degrees: number) => Math.round(degrees * 10) / 10;

/** The cache key: 'none', or the position to 0.1° (about 11 km), e.g. "51.5,-0.1". */
export function placeKey(position: Position): string {
  if (!hasPosition(position)) return 'none';
  // `+ 0` turns a rounded −0 into 0, so "-0.0" never appears.
  return `${(tenth(position.lat) + 0).toFixed(1)},${(tenth(position.lon) + 0).toFixed(1)}`;
}

/** Today's daylight at the rounded position (so one place key always means one answer), or null; sunrise on the member's clock ("08:01"). */
export function daylightAt(position: Position, day: string, timeZone: string): NonNullable<EngineContext['daylight']> | null {
  if (!hasPosition(position)) return null;
  const sun = solarDay(tenth(position.lat), tenth(position.lon), day);
  return { hours: Math.round(sun.daylightHours * 10) / 10, sunrise: sun.sunrise ? formatClock(sun.sunrise, timeZone) : null };
}

// ── the day's answer ──

/** What the day's answer is made from, and its basis: the figures as JSON, to know when they changed. */
async function inputsFor(userId: string, position: Position, day: string) {
  // The same reads as today's actions: the context, and the score's days and latest lab; and the zone his sunrise is told in.
  const [{ context, score, days }, member] = await Promise.all([dashboardInputs(userId, day), db.user.findUnique({ where: { id: userId }, select: { timeZone: true } })]);
  const daylight = daylightAt(position, day, member?.timeZone ?? 'UTC');
  const week = days.filter((d) => d.day >= addDays(day, -6));
  const needs = {
    context,
    sleepScore: meanOf(week.map((d) => d.sleepScore)),
    stressScore: meanOf(week.map((d) => d.stressScore)),
    testosteroneNgDl: score.testosteroneNgDl,
    daylightHours: daylight?.hours ?? null,
  };
  // Yesterday's actions steer only the actions; every other figure may be quoted or move the ranking.
  const basis = JSON.stringify({ ...context, yesterdayActionIds: undefined, daylight, sleepScore: needs.sleepScore, stressScore: needs.stressScore, testosteroneNgDl: needs.testosteroneNgDl });
  return { context: { ...context, daylight }, needs, basis };
}

async function compute({ context, needs, basis }: Awaited<ReturnType<typeof inputsFor>>): Promise<{ supplementSlugs: string[]; advice: string; basis: string }> {
  const [catalogue, advice] = await Promise.all([db.supplement.findMany({ where: { active: true }, select: { slug: true, tags: true } }), aiEngine().advice(context)]);
  return { supplementSlugs: rankSupplements(catalogue, supplementNeeds(needs)).map((s) => s.slug), advice, basis };
}

type StoredSet = { supplementSlugs: string[]; advice: string; nextRefreshAt: Date; basis?: string | null };

/** The stored answer with the supplements that are still active, in the stored order. */
async function toResponse(stored: StoredSet): Promise<RecommendationsResponse> {
  return answerOf(stored, await db.supplement.findMany({ where: { slug: { in: stored.supplementSlugs }, active: true } }));
}

type StoredSupplement = { slug: string; name: string; description: string; photoUrl: string; link: string };

/** The day's stored answer with its still-active supplements and its basis, in one round trip; null before the first. */
async function readStored(userId: string, day: string, place: string): Promise<{ answer: RecommendationsResponse; basis: string | null } | null> {
  const [row] = await db.$queryRaw<(StoredSet & { supplements: StoredSupplement[] })[]>`
    SELECT r."supplementSlugs", r.advice, r."nextRefreshAt", r.basis,
      COALESCE((
        SELECT json_agg(json_build_object('slug', s.slug, 'name', s.name, 'description', s.description, 'photoUrl', s."photoUrl", 'link', s.link))
        FROM supplements s WHERE s.slug = ANY(r."supplementSlugs") AND s.active
      ), '[]'::json) AS supplements
    FROM recommendation_sets r
    WHERE r."userId" = ${userId} AND r.day = ${day}::date AND r.place = ${place}`;
  return row ? { answer: answerOf(row, row.supplements), basis: row.basis ?? null } : null;
}

/** The answer for a stored set, its supplements in the stored order. */
function answerOf(stored: StoredSet, rows: readonly StoredSupplement[]): RecommendationsResponse {
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const supplement_data: SupplementItem[] = stored.supplementSlugs.flatMap((slug) => {
    const row = bySlug.get(slug);
    return row ? [{ id: row.slug, name: row.name, description: row.description, photo: row.photoUrl, link: row.link }] : [];
  });
  return { supplement_data, advice: stored.advice, next_refresh: new Date(stored.nextRefreshAt).toISOString(), error: null };
}


/**
 * The user's supplements (all active ones, best first) and advice for the UTC day of `now` at this
 * position; lat and lon both 0 mean no position, and the advice then leaves daylight out.
 */
export async function recommendations(userId: string, position: Position, now: Date = new Date()): Promise<RecommendationsResponse> {
  const problem = positionProblem(position);
  if (problem) throw new ApiError(422, problem);
  const day = utcDay(now);
  const where = { userId_day_place: { userId, day: ISO_DAY.toDate(day), place: placeKey(position) } };
  const [stored, inputs] = await Promise.all([readStored(userId, day, where.userId_day_place.place), inputsFor(userId, position, day)]);
  // The day's answer stays put while its figures do; a changed figure (a new weight, a check-in) makes it
  // again, in place, so it never quotes what the screens no longer show.
  if (stored && stored.basis === inputs.basis) return stored.answer;
  if (stored) return toResponse(await db.recommendationSet.update({ where, data: await compute(inputs) }));
  if ((await db.recommendationSet.count({ where: { userId, day: where.userId_day_place.day } })) >= MAX_PLACES_PER_DAY) {
    throw new ApiError(429, 'Too many different locations today. Please try again tomorrow.');
  }

  const fresh = await compute(inputs);
  try {
    return await toResponse(await db.recommendationSet.create({ data: { ...where.userId_day_place, ...fresh, nextRefreshAt: nextUtcMidnight(now) } }));
  } catch (error) {
    // A concurrent first request stored the day's answer first: everyone gets that one.
    if (isUniqueViolation(error)) return toResponse(await db.recommendationSet.findUniqueOrThrow({ where }));
    throw error;
  }
}
