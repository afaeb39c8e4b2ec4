import { beforeAll, describe, expect, it } from '@jest/globals';
import { actionShortlist, builtinEngine } from '@/lib/ai/builtin-engine';
import type { AiEngine, AlertSignals, EngineContext, RecentVsBaseline } from '@/lib/ai/engine';
import { createOpenAiEngine, OPENAI_TIMEOUT_MS } from '@/lib/ai/openai-engine';
import { fakeOpenAIForThisFile } from '../fakes/openai-env';
import { FAKE_OPENAI_KEY, type ChatReply, type FakeOpenAI } from '../fakes/openai-peer';

// The OpenAI path against the local fake peer: a usable answer is used; anything else gets the
// built-in engine's answer and one log line that names the call and the failure, not the user's data.

const NONE: RecentVsBaseline = { recent: null, recentDays: 0, baseline: null };
const CONTEXT: EngineContext = {
  day: '2026-03-10',
  sleepMinutes: { recent: 370, recentDays: 7, baseline: 418 },
  steps: { recent: 4820, recentDays: 7, baseline: 6750 },
  hrvMs: NONE,
  restingHrBpm: NONE,
  weight: { latestKg: null, goalKg: null },
  checkIn: null,
  yesterdayActionIds: [],
};
const SIGNALS: AlertSignals = { day: '2026-03-10', hrvMs: { recent: 38, recentDays: 7, baseline: 47 }, recentNightsMinutes: [], newLabResult: null, trialEndsOn: null };
// Long enough that a prompt answer on a loaded CI machine is never taken for a late one; the late answer
// below comes far later still.
const TIMEOUT_MS = 2_000;

const openai = fakeOpenAIForThisFile('env-model');
const { warnings } = openai;
let fake: FakeOpenAI;
let lib: typeof import('@/lib/ai');
let engine: AiEngine;

/** The model "choosing" shortlist entries 2 to 5 (not the built-in's first four) and phrasing them with our own words. */
function modelActions(overrides: Partial<Record<'id' | 'title' | 'reason', string>> = {}) {
  return actionShortlist(CONTEXT, 8)
    .slice(1, 5)
    .map((action, index) => ({ id: action.id, title: action.title, description: `In short: ${action.description}`, reason: action.reason, ...(index === 0 ? overrides : {}) }));
}

/** Chat completion requests the fake has seen, including those it answered with an outage. */
const chatCalls = () => fake.requests.filter((request) => request === 'POST /v1/chat/completions').length;

const ids = (actions: { id: string }[]) => actions.map((action) => action.id);

async function expectFallback(reply: ChatReply, kind: string): Promise<void> {
  fake.setChatReply(reply);
  const requestsBefore = chatCalls();
  expect(await engine.dailyActions(CONTEXT)).toEqual(await builtinEngine.dailyActions(CONTEXT));
  expect(warnings).toEqual([`[ai] dailyActions fell back to the built-in engine: ${kind}`]);
  // maxRetries 0: one request per call, so a failing model never costs more than one timeout.
  expect(chatCalls() - requestsBefore).toBe(1);
}

beforeAll(async () => {
  ({ fake } = openai);
  lib = await import('@/lib/ai');
  engine = lib.withFallback(createOpenAiEngine({ apiKey: FAKE_OPENAI_KEY, baseURL: fake.baseUrl, model: 'test-model', timeoutMs: TIMEOUT_MS }));
});

describe('the OpenAI engine', () => {
  it('uses a valid answer: the model’s choice and words, the catalogue’s categories', async () => {
    fake.setChatReply({ json: { actions: modelActions() } });
    const actions = await engine.dailyActions(CONTEXT);
    const shortlist = actionShortlist(CONTEXT, 8);
    expect(actions).toEqual(shortlist.slice(1, 5).map((action) => ({ ...action, description: `In short: ${action.description}` })));
    expect(warnings).toEqual([]);
  });

  it('accepts JSON in a Markdown code fence, as some compatible servers send it', async () => {
    fake.setChatReply({ text: `\`\`\`json\n${JSON.stringify({ actions: modelActions() })}\n\`\`\`` });
    expect(ids(await engine.dailyActions(CONTEXT))).toEqual(ids(modelActions()));
    expect(warnings).toEqual([]);
  });

  it('sends our computed figures and a strict JSON schema limited to catalogue ids', async () => {
    fake.setChatReply({ json: { actions: modelActions() } });
    await engine.dailyActions(CONTEXT);
    const request = fake.chatRequests.at(-1);
    expect(request?.authorization).toBe(`Bearer ${FAKE_OPENAI_KEY}`);
    expect(request?.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_schema', json_schema: { name: 'daily_actions', strict: true } } });
    const schema = JSON.stringify(request?.body.response_format);
    for (const action of actionShortlist(CONTEXT, 8)) expect(schema).toContain(`"${action.id}"`);
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain('Your sleep averaged 6 h 10 min over 7 nights, 48 min below your 30-day baseline.');
    expect(prompt).not.toContain('370');
  });

  it('is given a blood result outside the lab’s range as the basis of its candidates, as the built-in engine uses it', async () => {
    const flagged: EngineContext = { ...CONTEXT, flaggedResults: [{ marker: 'vitamin_d', name: 'vitamin D', result: '27.4 ng/mL', flag: 'Low', limit: '30', takenOn: '4 Mar 2026' }] };
    const basis = 'Your vitamin D was 27.4 ng/mL on 4 Mar 2026, below the lab’s 30.';
    const shortlist = actionShortlist(flagged, 8);
    expect(shortlist.map((action) => action.id)).toContain('food-vitamin-d-sources');
    fake.setChatReply({ json: { actions: shortlist.slice(0, 4).map(({ id, title, description, reason }) => ({ id, title, description, reason })) } });
    const actions = await engine.dailyActions(flagged);
    expect(JSON.stringify(fake.chatRequests.at(-1)?.body.messages)).toContain(basis);
    expect(actions.map((action) => action.reason)).toContain(basis);
    // The advice's sentences carry it too.
    fake.setChatReply({ json: { advice: `${basis} Eat oily fish and ask your doctor about a supplement.` } });
    await engine.advice(flagged);
    expect(JSON.stringify(fake.chatRequests.at(-1)?.body.messages)).toContain(basis);
    expect(warnings).toEqual([]);
  });

  it('phrases a manual title, an advice and an alert when the answers are usable', async () => {
    fake.setChatReply({ json: { title: 'Walk the dog for 30 minutes' } });
    expect(await engine.manualActionTitle('I want to walk the dog for 30 minutes after dinner')).toBe('Walk the dog for 30 minutes');
    fake.setChatReply({ json: { advice: 'You slept 6 h 10 min a night this week, 48 min under your usual. Go to bed 30 minutes earlier.' } });
    expect(await engine.advice(CONTEXT)).toBe('You slept 6 h 10 min a night this week, 48 min under your usual. Go to bed 30 minutes earlier.');
    fake.setChatReply({ json: { title: 'HRV down 19%', subtitle: 'A 7-day average of 38 ms against your usual 47 ms: keep today easy.' } });
    expect(await engine.alert(SIGNALS)).toEqual({ title: 'HRV down 19%', subtitle: 'A 7-day average of 38 ms against your usual 47 ms: keep today easy.' });
    expect(warnings).toEqual([]);
  });

  it('asks nothing when no alert rule applies', async () => {
    const before = fake.chatRequests.length;
    expect(await engine.alert({ ...SIGNALS, hrvMs: NONE })).toBeNull();
    expect(fake.chatRequests.length).toBe(before);
  });

  it('waits 8 seconds by default', () => {
    expect(OPENAI_TIMEOUT_MS).toBe(8000);
  });

  it('is what aiEngine() gives when OPENAI_API_KEY is set, with OPENAI_MODEL and OPENAI_BASE_URL', async () => {
    const configured = lib.aiEngine();
    expect(configured.name).toBe('openai');
    expect(lib.aiEngine()).toBe(configured);
    fake.setChatReply({ json: { title: 'Stretch for 10 minutes' } });
    expect(await configured.manualActionTitle('Stretch for 10 minutes before bed')).toBe('Stretch for 10 minutes');
    expect(fake.chatRequests.at(-1)?.body.model).toBe('env-model');
    expect(warnings).toEqual([]);
  });
});

describe('the fallback to the built-in engine', () => {
  it('answers when the content is not JSON', () => expectFallback({ text: 'Sure! Here are four actions for you.' }, 'invalid output (not JSON)'));

  it('answers when the JSON is not the schema', () => expectFallback({ json: { actions: 'sleep more' } }, 'invalid output (not the schema)'));

  it('answers when an id is not in the catalogue', () => expectFallback({ json: { actions: modelActions({ id: 'drink-bleach' }) } }, 'invalid output (not the schema)'));

  it('answers when there are not four different actions', async () => {
    const [first, second, third] = modelActions();
    await expectFallback({ json: { actions: [first, second, third] } }, 'invalid output (not four different actions)');
    warnings.length = 0;
    await expectFallback({ json: { actions: [first, first, second, third] } }, 'invalid output (not four different actions)');
  });

  it('answers when the model repeats yesterday’s set', async () => {
    const actions = modelActions();
    fake.setChatReply({ json: { actions } });
    const yesterday = { ...CONTEXT, yesterdayActionIds: actions.map((action) => action.id) };
    expect(await engine.dailyActions(yesterday)).toEqual(await builtinEngine.dailyActions(yesterday));
    expect(warnings).toEqual(["[ai] dailyActions fell back to the built-in engine: invalid output (yesterday's set)"]);
  });

  it('answers when the model invents a number', () =>
    expectFallback({ json: { actions: modelActions({ reason: 'Your sleep averaged 5 h 12 min over 7 nights.' }) } }, 'invalid output (a number not in our figures)'));

  it('answers when a title is longer than 60 characters', () => expectFallback({ json: { actions: modelActions({ title: 'Go to bed earlier tonight, and keep going to bed earlier every night' }) } }, 'invalid output (text too long)'));

  it('answers within the timeout when the model is slow', async () => {
    fake.setChatDelay(30_000);
    const started = performance.now();
    await expectFallback({ json: { actions: modelActions() } }, 'timeout');
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    // It did not wait for the late answer.
    expect(elapsed).toBeLessThan(15_000);
  });

  it('answers on an HTTP 500, without retrying', () => expectFallback({ status: 500 }, 'HTTP 500'));

  it('answers when the server is unreachable', async () => {
    fake.failWith('reset');
    await expectFallback({ json: { actions: modelActions() } }, 'connection error');
  });

  it('gives the built-in title, advice and alert, and logs no user data', async () => {
    const description = 'I want to walk the dog for 30 minutes after dinner';
    fake.setChatReply({ json: { title: 'Walk the dog for 45 minutes' } });
    expect(await engine.manualActionTitle(description)).toBe('Walk the dog for 30 minutes after dinner');
    fake.setChatReply({ json: { title: 'x'.repeat(61) } });
    expect(await engine.manualActionTitle(description)).toBe('Walk the dog for 30 minutes after dinner');
    fake.setChatReply({ status: 503 });
    expect(await engine.advice(CONTEXT)).toBe(await builtinEngine.advice(CONTEXT));
    fake.setChatReply({ json: { title: 'Your HRV is down', subtitle: 'x'.repeat(161) } });
    expect(await engine.alert(SIGNALS)).toEqual(await builtinEngine.alert(SIGNALS));
    expect(warnings).toEqual([
      '[ai] manualActionTitle fell back to the built-in engine: invalid output (a number not in our figures)',
      '[ai] manualActionTitle fell back to the built-in engine: invalid output (text too long)',
      '[ai] advice fell back to the built-in engine: HTTP 503',
      '[ai] alert fell back to the built-in engine: invalid output (text too long)',
    ]);
  });

  it('keeps the advice to see a doctor', async () => {
    const unwell = { ...CONTEXT, checkIn: { mood: null, energy: null, symptoms: ['Chest pain'] } };
    fake.setChatReply({ json: { advice: 'Sleep a little longer tonight.' } });
    expect(await engine.advice(unwell)).toBe(await builtinEngine.advice(unwell));
    expect(warnings).toEqual(['[ai] advice fell back to the built-in engine: invalid output (the safety advice was dropped)']);
  });
});
