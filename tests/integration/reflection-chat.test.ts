// The daily reflection on the server (lib/checkins/reflection-chat.ts) with the built-in listener, against
// this file's own PostgreSQL database: the member's own figures reach the chat (last night's sleep, this
// week's HRV and resting heart rate against his usual, each with its source), a member without data
// hears none, and the closing's small step is accepted as one of today's own actions.
import { afterAll, describe, expect, it } from '@jest/globals';
import { builtinEngine } from '@/lib/ai/builtin-engine';
import { reflectionTurn } from '@/lib/checkins/reflection-chat';
import { generateManualTitle, todaysActions } from '@/lib/dashboard/actions';
import { addDays, daysEnding } from '@/lib/days';
import { db } from '@/lib/db';
import { reflectionChatSchema } from '@/lib/validation/checkin';
import { addDailyMetrics, createMember } from '../support/members';

afterAll(() => db.$disconnect());

const NOW = new Date('2026-03-10T20:30:00Z');
const DAY = '2026-03-10';

const turn = (userId: string, body: Record<string, unknown>) => reflectionTurn(userId, reflectionChatSchema.parse(body), NOW, builtinEngine);

/** 28 usual days (HRV 50 ms, resting 55 bpm, 7 h 30 min) from Oura, then a week of HRV 40 and resting 60; last night 5 h 20 min. */
async function memberWithHardWeek() {
  const { id } = await createMember({ firstName: 'Sam' });
  await addDailyMetrics(id, daysEnding(addDays(DAY, -7), 28), { hrvMs: 50, restingHeartRateBpm: 55, sleepDurationMinutes: 450 }, 'OURA');
  await addDailyMetrics(id, daysEnding(DAY, 7), (day) => ({ hrvMs: 40, restingHeartRateBpm: 60, sleepDurationMinutes: day === DAY ? 320 : 420 }), 'OURA');
  return id;
}

describe('the reflection chat with the member’s own figures', () => {
  it('names this week’s HRV against his usual and last night’s sleep, each once and with its source, and the step can be filed', async () => {
    const id = await memberWithHardWeek();
    const opening = await turn(id, { turn: 0, mood: 'neutral', energy: 'low', symptoms: [] });
    expect(opening.reply).toBe('Hi Sam. You said you feel neutral with low energy today, after 5 h 20 min of sleep. What do you think is behind your energy today?');

    const first = await turn(id, { turn: 1, message: 'stresed about wrk' });
    expect(first.done).toBe(false);
    expect(first.reply).toContain('Your HRV this week averages 40 ms against your usual 50 ms (from Oura)');
    expect(first.reply.match(/\?/g)).toHaveLength(1);

    const second = await turn(id, { turn: 2, message: 'so tierd' });
    expect(second.reply).toContain('Last night’s sleep came to 5 h 20 min (from Oura), short of the 7 hours most adults need.');
    expect(second.reply).not.toContain('HRV');

    const closing = await turn(id, { turn: 3, message: 'idk' });
    expect(closing.done).toBe(true);
    expect(closing.step).toEqual({ description: 'Start winding down at 21:30 tonight, with screens away and lights low, to sleep longer than last night’s 5 h 20 min.' });
    expect(closing.reply).toMatch(/^Today you talked about work and the pressure, and you sounded under strain, after 5 h 20 min of sleep\. One small step for tomorrow: start winding down at 21:30/);

    // The step is not stored with the chat: reopening the finished chat repeats the closing alone.
    expect(await turn(id, { turn: 0 })).toEqual({ reply: closing.reply, done: true });
    const chat = await db.reflectionChat.findFirstOrThrow({ where: { userId: id } });
    expect(JSON.stringify(chat.turns)).not.toContain('"step"');

    // One tap: the same call /my_actions makes files it as today's first own action.
    const set = await todaysActions(id, NOW, builtinEngine);
    const added = await generateManualTitle(id, set.cached_daily_actions_id, closing.step?.description ?? '', NOW, builtinEngine);
    expect(added.id).toBe('manual-1');
    const row = await db.dailyAction.findFirstOrThrow({ where: { setId: set.cached_daily_actions_id, key: 'manual-1' } });
    expect(row).toMatchObject({ origin: 'MANUAL', description: closing.step?.description, title: added.title });
  });

  it('names no figure for a member without data, and none from too few days', async () => {
    const { id } = await createMember();
    // Two days of HRV this week and nothing before: too few for a mean against his usual.
    await addDailyMetrics(id, daysEnding(DAY, 2), { hrvMs: 30 }, 'OURA');
    await turn(id, { turn: 0 });
    for (const [index, message] of ['so stressed about work', 'tired', 'idk'].entries()) {
      const answer = await turn(id, { turn: index + 1, message });
      expect(answer.reply).not.toMatch(/\d/);
    }
  });
});
