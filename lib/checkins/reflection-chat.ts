import 'server-only';
import { aiEngine, type AiEngine, type ChatTurn, type ReflectionContext, type ReflectionReply } from '@/lib/ai';
import { REFLECTION_MAX_USER_TURNS } from '@/lib/ai/reflection';
import { ApiError } from '@/lib/errors';
import { ISO_DAY } from '@/lib/codecs';
import { utcDay } from '@/lib/days';
import { mergedDays } from '@/lib/dashboard/merged-metrics';
import { db } from '@/lib/db';
import type { Energy, Mood } from '@/lib/generated/prisma/enums';
import { crisisReply, detectCrisis } from '@/lib/safety/crisis';
import { REFLECTION_MAX_MESSAGES, type ReflectionChatInput } from '@/lib/validation/checkin';
import { toEnergy, toMood } from './enums';
import { figuresFrom, lastNight, weekVsUsual } from './reflection-figures';

// The day's reflection lives on the server (ReflectionChat, one per user and UTC day). The client sends
// only its next message and the turn it believes it is on; the server appends the user's message and
// the engine's reply, decides `done`, and never reads the AI's turns from the client.

export const CHAT_NOT_STARTED = 'Start today’s reflection first.';
export const CHAT_MOVED_ON = 'This reflection has moved on in another window. Reload to continue.';
export const CHAT_DONE = 'Reflection saved. Come back tomorrow.';
export const CHAT_FULL = 'This reflection is full. Finish your check-in.';

/** A stored turn; `safety` marks a crisis message and its reply, which the engine does not see. */
type StoredTurn = ChatTurn & { safety?: true };
type OpeningContext = { mood: Mood | null; energy: Energy | null; symptoms: string[] };

const turnsOf = (json: unknown): StoredTurn[] => (Array.isArray(json) ? (json as StoredTurn[]) : []);
const userTurns = (turns: readonly StoredTurn[]) => turns.filter((turn) => turn.role === 'user').length;

/** The transcript as the check-in stores it (SPEC §3: sender 'user' or 'ai', and text). */
export async function storedTranscript(userId: string, day: Date): Promise<{ sender: 'user' | 'ai'; text: string }[]> {
  const chat = await db.reflectionChat.findUnique({ where: { userId_day: { userId, day } }, select: { turns: true } });
  return turnsOf(chat?.turns).map((turn) => ({ sender: turn.role === 'assistant' ? 'ai' : 'user', text: turn.content }));
}

/** What the opening names: the check-in's first step when it sent it, else today's stored check-in, else nothing. */
async function openingContext(userId: string, day: Date, input: ReflectionChatInput): Promise<OpeningContext> {
  if (input.mood || input.energy || input.symptoms) {
    return { mood: input.mood ? toMood(input.mood) : null, energy: input.energy ? toEnergy(input.energy) : null, symptoms: input.symptoms ?? [] };
  }
  const checkin = await db.dailyCheckin.findUnique({ where: { userId_day: { userId, day } }, select: { mood: true, energy: true, symptoms: true } });
  return { mood: checkin?.mood ?? null, energy: checkin?.energy ?? null, symptoms: checkin?.symptoms ?? [] };
}

async function engineContext(userId: string, today: string, opening: OpeningContext): Promise<{ context: ReflectionContext; country: string | null }> {
  const [user, days] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, country: true } }),
    // Last night's sleep is the daily metric dated today; HRV and resting heart rate need his usual too.
    mergedDays(userId, figuresFrom(today), today, ['sleepDurationMinutes', 'hrvMs', 'restingHeartRateBpm']),
  ]);
  const night = lastNight(days, today);
  return {
    context: {
      day: today,
      ...opening,
      lastNightSleepMinutes: night.minutes,
      lastNightSleepSource: night.source,
      hrv: weekVsUsual(days, 'hrvMs', today),
      restingHeartRate: weekVsUsual(days, 'restingHeartRateBpm', today),
      firstName: user.firstName,
    },
    country: user.country,
  };
}

const storedOpening = (json: unknown): OpeningContext => {
  const value = (json ?? {}) as Partial<OpeningContext>;
  return { mood: value.mood ?? null, energy: value.energy ?? null, symptoms: Array.isArray(value.symptoms) ? value.symptoms : [] };
};

/**
 * POST /api/reflection_chat. Turn 0 (re)opens today's reflection, unless it is done: then the closing
 * comes back with `done` and nothing changes. Turn n adds the user's n-th message and the reply, and the
 * closing may carry `step`, its small step, which is not stored: a reopened chat offers it no more.
 */
export async function reflectionTurn(userId: string, input: ReflectionChatInput, now = new Date(), engine: AiEngine = aiEngine()): Promise<ReflectionReply> {
  const today = utcDay(now);
  const day = ISO_DAY.toDate(today);
  const chat = await db.reflectionChat.findUnique({ where: { userId_day: { userId, day } } });

  if (input.turn === 0) {
    if (chat?.done) return { reply: turnsOf(chat.turns).findLast((turn) => turn.role === 'assistant')?.content ?? CHAT_DONE, done: true };
    const opening = await openingContext(userId, day, input);
    const { context } = await engineContext(userId, today, opening);
    const { reply } = await engine.reflection(context, []);
    const turns: StoredTurn[] = [{ role: 'assistant', content: reply }];
    await db.reflectionChat.upsert({
      where: { userId_day: { userId, day } },
      create: { userId, day, turns, context: opening },
      // A chat done in a race since the read above stays done.
      update: { turns, context: opening },
    });
    return { reply, done: false };
  }

  if (!chat) throw new ApiError(409, CHAT_NOT_STARTED);
  if (chat.done) throw new ApiError(409, CHAT_DONE);
  const turns = turnsOf(chat.turns);
  if (input.turn !== userTurns(turns) + 1) throw new ApiError(409, CHAT_MOVED_ON);
  if (turns.length + 2 > REFLECTION_MAX_MESSAGES) throw new ApiError(409, CHAT_FULL);

  const message = input.message ?? '';
  const { context, country } = await engineContext(userId, today, storedOpening(chat.context));
  const crisis = detectCrisis(message);
  let next: StoredTurn[];
  let done = false;
  let step: ReflectionReply['step'];
  if (crisis) {
    // Either engine's chat: the contacts first, and the conversation goes on.
    next = [...turns, { role: 'user', content: message, safety: true }, { role: 'assistant', content: crisisReply(crisis, country), safety: true }];
  } else {
    const seen = [...turns.filter((turn) => !turn.safety), { role: 'user' as const, content: message }];
    const answer = await engine.reflection(context, seen.map(({ role, content }) => ({ role, content })));
    done = answer.done || userTurns(seen) >= REFLECTION_MAX_USER_TURNS;
    // The closing's small step, for the chat to offer as one of his own actions.
    step = done ? answer.step : undefined;
    next = [...turns, { role: 'user', content: message }, { role: 'assistant', content: answer.reply }];
  }

  // Only if nobody else moved the chat on meanwhile (a second tab, a double send).
  const { count } = await db.reflectionChat.updateMany({ where: { id: chat.id, updatedAt: chat.updatedAt, done: false }, data: { turns: next, done } });
  if (count === 0) throw new ApiError(409, CHAT_MOVED_ON);
  return { reply: next.at(-1)!.content, done, ...(step ? { step } : {}) };
}
