// Today's actions through the OpenAI path: the real SDK against the local chat-completions fake. A
// usable answer is stored as the day's set; invalid output or a late answer gives the built-in set.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { withFallback, type AiEngine } from '@/lib/ai';
import { actionShortlist, builtinEngine } from '@/lib/ai/builtin-engine';
import { createOpenAiEngine } from '@/lib/ai/openai-engine';
import { todaysActions } from '@/lib/dashboard/actions';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { daysEnding } from '@/lib/days';
import { buildEngineContext } from '@/lib/dashboard/engine-context';
import { db } from '@/lib/db';
import { FAKE_OPENAI_KEY, startFakeOpenAI, type FakeOpenAI } from '../fakes/openai-peer';
import { memberWithMetrics } from '../support/members';

const NOW = new Date('2026-03-10T09:30:00Z');
const DAY = '2026-03-10';
// Long enough that a prompt answer on a loaded CI machine is never taken for a late one (a 300 ms limit
// failed one CI run); the late answer below comes far later still.
const TIMEOUT_MS = 2_000;

let fake: FakeOpenAI;
let engine: AiEngine;
let warnings: string[];

beforeAll(async () => {
  fake = await startFakeOpenAI();
  engine = withFallback(createOpenAiEngine({ apiKey: FAKE_OPENAI_KEY, baseURL: fake.baseUrl, model: 'test-model', timeoutMs: TIMEOUT_MS }));
});
afterAll(async () => {
  await fake.stop();
  await db.$disconnect();
});
beforeEach(() => {
  warnings = [];
  jest.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
  fake.setChatDelay(0);
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** A user with a month of short sleep and few steps, so the shortlist has more than four relevant actions. */
async function userWithData(): Promise<string> {
  const { id } = await memberWithMetrics(daysEnding(DAY, 37), { sleepDurationMinutes: 360, steps: 4800 }, { currentWeightKg: 92, desiredWeightKg: 84 });
  return id;
}

const ids = (response: TodaysActionsResponse) => [response.action_1, response.action_2, response.action_3, response.action_4].map((action) => action?.id);
const storedKeys = async (setId: string) => (await db.dailyAction.findMany({ where: { setId }, orderBy: { position: 'asc' }, select: { key: true } })).map((a) => a.key);

describe('today’s actions from the OpenAI engine', () => {
  it('stores the model’s choice and words when its structured answer is valid', async () => {
    const userId = await userWithData();
    const chosen = actionShortlist(await buildEngineContext(userId, DAY), 8)
      .slice(1, 5)
      .map((action) => ({ id: action.id, title: action.title, description: `In short: ${action.description}`, reason: action.reason }));
    fake.setChatReply({ json: { actions: chosen } });

    const response = await todaysActions(userId, NOW, engine);
    expect(ids(response)).toEqual(chosen.map((action) => action.id));
    expect(response.action_1).toEqual({ id: chosen[0]!.id, title: chosen[0]!.title, subtitle: chosen[0]!.description, reason: chosen[0]!.reason });
    expect(await storedKeys(response.cached_daily_actions_id)).toEqual(chosen.map((action) => action.id));
    expect(warnings).toEqual([]);
    // The model was asked about this user's own figures.
    expect(JSON.stringify(fake.chatRequests.at(-1)?.body.messages)).toContain('Your sleep averaged 6 h over 7 nights');
  });

  it('stores the built-in set when the model answers with something that is not the schema', async () => {
    const userId = await userWithData();
    fake.setChatReply({ text: 'Sure! Here are four actions: walk, sleep, eat, breathe.' });
    const expected = (await builtinEngine.dailyActions(await buildEngineContext(userId, DAY))).map((action) => action.id);

    const response = await todaysActions(userId, NOW, engine);
    expect(ids(response)).toEqual(expected);
    expect(await storedKeys(response.cached_daily_actions_id)).toEqual(expected);
    expect(warnings).toEqual(['[ai] dailyActions fell back to the built-in engine: invalid output (not JSON)']);
  });

  it('stores the built-in set when the model answers after the timeout, without waiting for it', async () => {
    const userId = await userWithData();
    const chosen = actionShortlist(await buildEngineContext(userId, DAY), 8).slice(1, 5);
    fake.setChatReply({ json: { actions: chosen.map(({ id, title, description, reason }) => ({ id, title, description, reason })) } });
    fake.setChatDelay(30_000);
    const expected = (await builtinEngine.dailyActions(await buildEngineContext(userId, DAY))).map((action) => action.id);

    const started = Date.now();
    const response = await todaysActions(userId, NOW, engine);
    // It did not wait for the late answer.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(ids(response)).toEqual(expected);
    expect(ids(response)).not.toEqual(chosen.map((action) => action.id));
    expect(warnings).toEqual(['[ai] dailyActions fell back to the built-in engine: timeout']);
  });
});
