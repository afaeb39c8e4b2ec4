import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { nextUtcMidnight, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import type { CheckinInput } from '@/lib/validation/checkin';
import { toEnergy, toMood } from './enums';
import { storedTranscript } from './reflection-chat';

// One daily check-in per user and UTC day (DailyCheckin's unique userId + day): a second one, also one
// racing the first, is refused by the database and answered 409 by the route.

/** SPEC §8. */
export const CHECKIN_ALREADY_DONE = "You've already completed your check-in for today.";

export type CheckinStatus = { submitted: boolean; next_refresh: string };

/** GET /api/checkin/status: whether today's check-in is in, and when the next day opens (next 00:00 UTC). */
export async function checkinStatus(userId: string, now = new Date()): Promise<CheckinStatus> {
  const found = await db.dailyCheckin.findUnique({ where: { userId_day: { userId, day: ISO_DAY.toDate(utcDay(now)) } }, select: { id: true } });
  return { submitted: found !== null, next_refresh: nextUtcMidnight(now).toISOString() };
}

/**
 * POST /api/checkin: stores today's answers with the server's own transcript of today's reflection
 * (the client's copy is validated by the route and otherwise ignored, so it cannot forge the AI's turns).
 */
export async function submitCheckin(userId: string, input: CheckinInput, now = new Date()): Promise<CheckinStatus> {
  const day = ISO_DAY.toDate(utcDay(now));
  const reflection = await storedTranscript(userId, day);
  await db.dailyCheckin.create({
    data: { userId, day, mood: toMood(input.mood), energy: toEnergy(input.energy), symptoms: input.symptoms, reflection, submittedAt: now },
  });
  return { submitted: true, next_refresh: nextUtcMidnight(now).toISOString() };
}
