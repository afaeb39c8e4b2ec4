import './zod-config';
import * as z from 'zod/mini';
import { timeZone } from './auth';
import { ENERGIES, MESSAGE_MAX, MOODS, REFLECTION_MAX_MESSAGES, SYMPTOMS, type EnergyValue, type MoodValue } from './checkin-options';

// Shared by the /api/checkin and /api/reflection_chat handlers; the screens read ./checkin-options.ts.
// SPEC §2 "Daily check-in", §3 (check-in, reflection chat request), §4, §5 and §9 (the 23 symptoms).

export * from './checkin-options';

export const CHECKIN_MESSAGES = {
  mood: 'Choose how you feel: terrible, sad, neutral, happy or elated.',
  energy: 'Choose your energy: depleted, low, moderate or peak.',
  symptoms: 'Choose symptoms from the list.',
  reflection: `A reflection holds at most ${REFLECTION_MAX_MESSAGES} messages.`,
  messageLength: `Keep each message to ${MESSAGE_MAX.toLocaleString('en-GB')} characters or fewer.`,
  messageEmpty: 'Write a message first.',
  sender: 'Each message comes from the user or the AI.',
  turn: 'Send the turn as a whole number.',
} as const;

const mood = z.enum(MOODS.map((m) => m.value) as [MoodValue, ...MoodValue[]], { error: CHECKIN_MESSAGES.mood });
const energy = z.enum(ENERGIES.map((e) => e.value) as [EnergyValue, ...EnergyValue[]], { error: CHECKIN_MESSAGES.energy });
const symptoms = z
  .array(z.enum(SYMPTOMS, { error: CHECKIN_MESSAGES.symptoms }), { error: CHECKIN_MESSAGES.symptoms })
  .check(
    z.maxLength(SYMPTOMS.length, CHECKIN_MESSAGES.symptoms),
    z.refine((list) => new Set(list).size === list.length, CHECKIN_MESSAGES.symptoms),
  );
const text = z.string({ error: CHECKIN_MESSAGES.messageLength }).check(z.maxLength(MESSAGE_MAX, CHECKIN_MESSAGES.messageLength));

/** POST /api/checkin. The stored transcript is the server's own (the reflection chat); this one is checked only. */
export const checkinSchema = z.object({
  mood,
  energy,
  symptoms,
  reflection: z._default(
    z
      .array(z.object({ sender: z.enum(['user', 'ai'], { error: CHECKIN_MESSAGES.sender }), text }), { error: CHECKIN_MESSAGES.reflection })
      .check(z.maxLength(REFLECTION_MAX_MESSAGES, CHECKIN_MESSAGES.reflection)),
    [],
  ),
});
export type CheckinInput = z.infer<typeof checkinSchema>;
export type CheckinRequest = z.input<typeof checkinSchema>;

const chatMessages = z
  .array(z.object({ role: z.enum(['user', 'assistant'], { error: CHECKIN_MESSAGES.sender }), content: text }), { error: CHECKIN_MESSAGES.reflection })
  .check(z.maxLength(REFLECTION_MAX_MESSAGES, CHECKIN_MESSAGES.reflection));

/**
 * POST /api/reflection_chat. Turn 0 opens (the check-in's first step may send what it chose, so the
 * opening can name it); turn n ≥ 1 sends the user's n-th message. `messages` is the client's copy of
 * the conversation: checked, never trusted (the server keeps its own).
 */
export const reflectionChatSchema = z
  .object({
    turn: z.int({ error: CHECKIN_MESSAGES.turn }).check(z.minimum(0, CHECKIN_MESSAGES.turn), z.maximum(REFLECTION_MAX_MESSAGES, CHECKIN_MESSAGES.turn)),
    mood: z.optional(mood),
    energy: z.optional(energy),
    symptoms: z.optional(symptoms),
    message: z.optional(z.string({ error: CHECKIN_MESSAGES.messageEmpty }).check(z.trim(), z.maxLength(MESSAGE_MAX, CHECKIN_MESSAGES.messageLength))),
    messages: z._default(chatMessages, []),
  })
  .check(z.refine((body) => body.turn === 0 || Boolean(body.message), { message: CHECKIN_MESSAGES.messageEmpty, path: ['message'] }));
export type ReflectionChatInput = z.infer<typeof reflectionChatSchema>;
export type ReflectionChatRequest = z.input<typeof reflectionChatSchema>;

/** POST /api/set-notifications (SPEC §7), with the reminders' time zone when it changes. */
export const notificationPreferencesSchema = z.object({
  notifications_enabled: z.boolean({ error: 'Send notifications_enabled as true or false.' }),
  time_zone: z.optional(timeZone),
});
