import { beforeAll, describe, expect, it } from '@jest/globals';
import type { AiEngine } from '@/lib/ai/engine';
import { createOpenAiEngine } from '@/lib/ai/openai-engine';
import type { ReflectionContext } from '@/lib/ai/reflection';
import { fakeOpenAIForThisFile } from '../fakes/openai-env';
import { FAKE_OPENAI_KEY } from '../fakes/openai-peer';
import { MEMBER_WITH_FIGURES } from '../fixtures/reflection/messages';

// The model leading the reflection is given the same figures as the built-in listener: last night's
// sleep with its source, and this week's HRV and resting heart rate against his usual; none when missing.

const openai = fakeOpenAIForThisFile('reflection-model');
let engine: AiEngine;

beforeAll(() => {
  engine = createOpenAiEngine({ apiKey: FAKE_OPENAI_KEY, baseURL: openai.fake.baseUrl, model: 'test-model', timeoutMs: 5_000 });
});

// His resting heart rate from Oura and his camera scans together, as the server names a mixed source.
const CONTEXT: ReflectionContext = { ...MEMBER_WITH_FIGURES, restingHeartRate: { week: 61.2, usual: 56.5, source: 'Oura and your camera scan' } };

async function systemPrompt(context: ReflectionContext): Promise<string> {
  openai.fake.setChatReply({ json: { reply: 'What about work is on your mind?', done: false } });
  const answer = await engine.reflection(context, [
    { role: 'assistant', content: 'Opening' },
    { role: 'user', content: 'stressed about work' },
  ]);
  expect(answer).toEqual({ reply: 'What about work is on your mind?', done: false });
  const messages = openai.fake.chatRequests.at(-1)?.body.messages as { role: string; content: string }[];
  return messages[0]?.content ?? '';
}

describe('the reflection prompt', () => {
  it('carries his figures, rounded, with their sources, and asks for a listener that names them with their source', async () => {
    const prompt = await systemPrompt(CONTEXT);
    const facts = JSON.parse(prompt.slice(prompt.indexOf('Facts:\n') + 'Facts:\n'.length)) as Record<string, unknown>;
    expect(facts).toMatchObject({
      last_night_sleep_minutes: 320,
      last_night_sleep_source: 'Oura',
      hrv_ms: { this_week: 38, usual: 46, source: 'Oura' },
      resting_heart_rate_bpm: { this_week: 61, usual: 57, source: 'Oura and your camera scan' },
    });
    expect(prompt).toContain('never quoting more than four of their words');
    expect(prompt).toContain('name it once, with its source');
  });

  it('says none where he has no figures', async () => {
    const prompt = await systemPrompt({ ...CONTEXT, lastNightSleepMinutes: null, lastNightSleepSource: null, hrv: null, restingHeartRate: undefined });
    const facts = JSON.parse(prompt.slice(prompt.indexOf('Facts:\n') + 'Facts:\n'.length)) as Record<string, unknown>;
    expect(facts).toMatchObject({ last_night_sleep_minutes: null, last_night_sleep_source: null, hrv_ms: null, resting_heart_rate_bpm: null });
  });
});
