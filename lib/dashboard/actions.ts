import 'server-only';
import { aiEngine, type AiEngine } from '@/lib/ai';
import { actionsInTodaysWords } from '@/lib/ai/builtin-engine';
import { DAILY_ACTION_COUNT } from '@/lib/ai/engine';
import { ApiError } from '@/lib/errors';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db-errors';
import { Prisma } from '@/lib/generated/prisma/client';
import { ActionOrigin } from '@/lib/generated/prisma/enums';
import { MIN_DAYS_OF_DATA, tScore, type FactorKey, type TScore } from '@/lib/scores/t-score';
import { MANUAL_ACTION_EMPTY, MANUAL_ACTION_MAX, MANUAL_ACTION_TOO_LONG } from '@/lib/validation/daily-actions';
import type { ActionItem, ManualActionItem, ManualTitleResponse, SelectedActionsResponse, TodaysActionsResponse } from './contract';
import { nextUtcMidnight, utcDay } from '@/lib/days';
import { capitalised, listOf } from '@/lib/format';
import { dashboardInputs } from './engine-context';

// Each UTC day a user has one DailyActionSet: the engine's four actions at positions 1 to 4, then up
// to two of the user's own (manual-1 at 5, manual-2 at 6). The set is made on the day's first request
// and never regenerated, so the list does not change under the user during the day. The day shows four
// actions at most (SPEC §3: manual slots fill up to four in total): each of the member's own takes the
// place of the engine's last one still shown (the fourth, then the third), which leaves the selection.

export const NOT_FOUND = 'Actions not found.';
export const REFRESHED = 'These actions have been refreshed. Reload to see today’s.';
export const BOTH_MANUAL_ADDED = 'You have added both of your own actions for today.';
export const UNKNOWN_ACTION = 'Unknown action.';

const MANUAL_SLOTS = [
  { key: 'manual-1', position: DAILY_ACTION_COUNT + 1 },
  { key: 'manual-2', position: DAILY_ACTION_COUNT + 2 },
] as const;


const SET_SELECT = {
  id: true,
  day: true,
  vitality: true,
  summary: true,
  lastRefreshAt: true,
  nextRefreshAt: true,
  actions: {
    select: { position: true, origin: true, key: true, title: true, description: true, reason: true, confirmedAt: true },
    orderBy: { position: 'asc' },
  },
} satisfies Prisma.DailyActionSetSelect;
type StoredSet = Prisma.DailyActionSetGetPayload<{ select: typeof SET_SELECT }>;

// ── the summary ──

const FACTOR_PHRASES: Readonly<Record<FactorKey, string>> = {
  sleepDuration: 'sleep duration',
  sleepScore: 'sleep score',
  hrv: 'heart-rate variability',
  restingHeartRate: 'resting heart rate',
  activity: 'activity',
  weight: 'weight against your goal',
  mood: 'mood',
  energy: 'energy',
  symptoms: 'symptoms',
  testosterone: 'latest testosterone result',
};

const phrases = (factors: TScore['topUp']) => `your ${listOf(factors.map((f) => FACTOR_PHRASES[f.key]))}`;

/** One or two sentences for the T-Score card: what moved the score, or what data it still needs. */
export function vitalitySummary(score: TScore): string {
  if (score.score < 0) {
    const advice = 'Bring in your wearable’s data on My devices, or check in daily.';
    if (score.daysOfData < MIN_DAYS_OF_DATA) return `Not enough data yet: ${score.daysOfData} of the ${MIN_DAYS_OF_DATA} days needed. ${advice}`;
    return `Not enough data yet: each figure needs at least 3 days of values in the last week. ${advice}`;
  }
  const up = score.topUp.length ? `Lifted by ${phrases(score.topUp)}` : '';
  const down = score.topDown.length ? `held back by ${phrases(score.topDown)}` : '';
  if (up && down) return `${up}; ${down}.`;
  if (up || down) return `${capitalised(up || down)}.`;
  return 'Your figures are close to neutral across the board.';
}

// ── today's set ──

type SetAction = { position: number; origin: ActionOrigin; key: string; confirmedAt: Date | null };

const isConfirmedManual = (action: SetAction) => action.origin === ActionOrigin.MANUAL && action.confirmedAt !== null && MANUAL_SLOTS.some((slot) => slot.key === action.key);

/** The highest position of the engine's actions still shown: four, less one for each confirmed action of the member's own. */
const lastGeneratedShown = (actions: readonly SetAction[]) => DAILY_ACTION_COUNT - actions.filter(isConfirmedManual).length;

/** The set's actions as the day shows them: the engine's not yet displaced, then the member's own. */
function shownActions<A extends SetAction>(actions: readonly A[]): A[] {
  const last = lastGeneratedShown(actions);
  return actions.filter((action) => (action.origin === ActionOrigin.GENERATED ? action.position >= 1 && action.position <= last : isConfirmedManual(action)));
}

function toResponse(set: StoredSet): TodaysActionsResponse {
  const response: TodaysActionsResponse = {
    manual_actions: [],
    last_refresh: set.lastRefreshAt.toISOString(),
    next_refresh: set.nextRefreshAt.toISOString(),
    cached_daily_actions_id: set.id,
    vitality: set.vitality,
    summary: set.summary,
  };
  for (const action of shownActions(set.actions)) {
    if (action.origin === ActionOrigin.GENERATED) {
      const item: ActionItem = { id: action.key, title: action.title, subtitle: action.description, reason: action.reason };
      response[`action_${action.position as 1 | 2 | 3 | 4}`] = item;
    } else {
      const item: ManualActionItem = { id: action.key as ManualActionItem['id'], title: action.title, subtitle: action.description };
      response.manual_actions.push(item);
    }
  }
  return response;
}

const findSet = (userId: string, day: string) => db.dailyActionSet.findUnique({ where: { userId_day: { userId, day: ISO_DAY.toDate(day) } }, select: SET_SELECT });

/**
 * The day's set with the T-Score, summary and figures of the member's data now: the actions stay as the
 * day began, but a check-in, a new night of data, a new weight, goal or Units setting must move the score
 * and the words that quote them the moment they change. A "Why today" that quotes a figure is rewritten
 * from today's figures, in the member's units (builtin-engine.ts's actionsInTodaysWords, whichever engine
 * wrote the day's first words); one that quotes none (the evidence for an action) stays. The stored set
 * follows, in one transaction, so every reader agrees. (The cached answer calls this only after a change.)
 */
async function withCurrentFigures(userId: string, day: string, set: StoredSet): Promise<StoredSet> {
  const { context, score } = await dashboardInputs(userId, day);
  const vitality = tScore(score, day);
  const summary = vitalitySummary(vitality);
  const quotesFigures = (text: string | null) => text !== null && /\d/.test(text);
  const generated = set.actions.filter((action) => action.origin === ActionOrigin.GENERATED);
  const now = new Map(actionsInTodaysWords(generated.map((action) => action.key), context).map((action) => [action.id, action.reason]));
  const reasons = new Map<string, string>();
  for (const action of generated) {
    const reason = now.get(action.key);
    if (quotesFigures(action.reason) && reason !== undefined && reason !== action.reason) reasons.set(action.key, reason);
  }
  if (set.vitality === vitality.score && set.summary === summary && reasons.size === 0) return set;
  await db.$transaction([
    db.dailyActionSet.update({ where: { id: set.id }, data: { vitality: vitality.score, summary }, select: { id: true } }),
    ...[...reasons].map(([key, reason]) => db.dailyAction.updateMany({ where: { setId: set.id, key, origin: ActionOrigin.GENERATED }, data: { reason } })),
  ]);
  return { ...set, vitality: vitality.score, summary, actions: set.actions.map((action) => (reasons.has(action.key) && action.origin === ActionOrigin.GENERATED ? { ...action, reason: reasons.get(action.key)! } : action)) };
}

/** GET /api/todays_actions: the user's set for the UTC day of `now`, made on the day's first request. */
export async function todaysActions(userId: string, now: Date = new Date(), engine: AiEngine = aiEngine()): Promise<TodaysActionsResponse> {
  const day = utcDay(now);
  const existing = await findSet(userId, day);
  if (existing) return toResponse(await withCurrentFigures(userId, day, existing));

  const { context, score } = await dashboardInputs(userId, day);
  const vitality = tScore(score, day);
  const actions = await engine.dailyActions(context);
  try {
    const created = await db.$transaction((tx) =>
      tx.dailyActionSet.create({
        data: {
          userId,
          day: ISO_DAY.toDate(day),
          vitality: vitality.score,
          summary: vitalitySummary(vitality),
          lastRefreshAt: now,
          nextRefreshAt: nextUtcMidnight(now),
          actions: {
            create: actions.slice(0, DAILY_ACTION_COUNT).map((action, index) => ({
              position: index + 1,
              origin: ActionOrigin.GENERATED,
              key: action.id,
              title: action.title,
              description: action.description,
              reason: action.reason,
            })),
          },
        },
        select: SET_SELECT,
      }),
    );
    return toResponse(created);
  } catch (error) {
    // A concurrent first request made the day's set a moment earlier: show that one.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findSet(userId, day);
    if (!winner) throw error;
    return toResponse(winner);
  }
}

// ── manual actions and the selection ──

async function ownSet(userId: string, setId: string) {
  const set = await db.dailyActionSet.findFirst({ where: { id: setId, userId }, select: { id: true, day: true, actions: { select: { key: true, origin: true, position: true, confirmedAt: true } } } });
  if (!set) throw new ApiError(404, NOT_FOUND);
  return set;
}

/** The first free manual slot of a set, or a 409 when both are taken. */
async function freeSlot(setId: string) {
  const taken = new Set((await db.dailyAction.findMany({ where: { setId, origin: ActionOrigin.MANUAL }, select: { key: true } })).map((a) => a.key));
  const slot = MANUAL_SLOTS.find((s) => !taken.has(s.key));
  if (!slot) throw new ApiError(409, BOTH_MANUAL_ADDED);
  return slot;
}

/** POST /api/generate_manual_action_title: files the description as today's next manual action, with a short title. */
export async function generateManualTitle(userId: string, setId: string, description: string, now: Date = new Date(), engine: AiEngine = aiEngine()): Promise<ManualTitleResponse> {
  const text = description.trim();
  if (!text) throw new ApiError(422, MANUAL_ACTION_EMPTY);
  if (text.length > MANUAL_ACTION_MAX) throw new ApiError(422, MANUAL_ACTION_TOO_LONG);
  const set = await ownSet(userId, setId);
  if (ISO_DAY.fromDate(set.day) !== utcDay(now)) throw new ApiError(409, REFRESHED);
  let slot = await freeSlot(set.id);
  const title = await engine.manualActionTitle(text);

  // The new action and the engine's action it displaces (which leaves the selection) change together.
  const create = (s: (typeof MANUAL_SLOTS)[number]) =>
    db.$transaction(async (tx) => {
      await tx.dailyAction.create({ data: { setId: set.id, position: s.position, origin: ActionOrigin.MANUAL, key: s.key, title, description: text, confirmedAt: now, selected: false } });
      const actions = await tx.dailyAction.findMany({ where: { setId: set.id }, select: { position: true, origin: true, key: true, confirmedAt: true } });
      await tx.dailyAction.updateMany({ where: { setId: set.id, origin: ActionOrigin.GENERATED, position: { gt: lastGeneratedShown(actions) } }, data: { selected: false } });
    });
  try {
    await create(slot);
  } catch (error) {
    // Two confirms at once: the other took this slot, so this one takes the next (once).
    if (!isUniqueViolation(error)) throw error;
    slot = await freeSlot(set.id);
    try {
      await create(slot);
    } catch (again) {
      if (isUniqueViolation(again)) throw new ApiError(409, BOTH_MANUAL_ADDED);
      throw again;
    }
  }
  return { id: slot.key, title };
}

const selection = async (setId: string, tx: Prisma.TransactionClient = db): Promise<SelectedActionsResponse> => ({
  selected_actions: (await tx.dailyAction.findMany({ where: { setId, selected: true }, select: { key: true }, orderBy: { position: 'asc' } })).map((a) => a.key),
});

/** POST /api/get-selected-actions: the ids the user ticked in one of their sets, in slot order. */
export async function selectedActions(userId: string, setId: string): Promise<SelectedActionsResponse> {
  const set = await ownSet(userId, setId);
  return selection(set.id);
}

/** POST /api/update-selected-actions: the full list of ticked ids replaces the set's selection. */
export async function updateSelectedActions(userId: string, setId: string, keys: readonly string[]): Promise<SelectedActionsResponse> {
  const set = await ownSet(userId, setId);
  const known = new Set(shownActions(set.actions).map((a) => a.key));
  if (keys.some((key) => !known.has(key))) throw new ApiError(422, UNKNOWN_ACTION);
  const wanted = [...new Set(keys)];
  return db.$transaction(async (tx) => {
    await tx.dailyAction.updateMany({ where: { setId: set.id, key: { in: wanted } }, data: { selected: true } });
    await tx.dailyAction.updateMany({ where: { setId: set.id, key: { notIn: wanted } }, data: { selected: false } });
    return selection(set.id, tx);
  });
}
