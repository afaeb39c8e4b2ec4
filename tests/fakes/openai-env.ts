import { afterAll, afterEach, beforeAll, beforeEach, jest } from '@jest/globals';
import { FAKE_OPENAI_KEY, startFakeOpenAI, type FakeOpenAI } from './openai-peer';

/**
 * The fake OpenAI peer for one test file, with OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL pointing at
 * it while the file runs (lib/env.ts reads the environment once, when first imported: import the modules
 * under test in a beforeAll registered after this call). Before each test its delays and outages are
 * cleared and `warnings` collects what console.warn is given.
 */
export function fakeOpenAIForThisFile(model: string): { readonly fake: FakeOpenAI; readonly warnings: string[] } {
  let fake: FakeOpenAI | undefined;
  const warnings: string[] = [];
  const saved: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) saved[name] = process.env[name] ?? '';
    Object.assign(process.env, { OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: model });
  });
  afterAll(async () => {
    Object.assign(process.env, saved);
    await fake?.stop();
  });
  beforeEach(() => {
    warnings.length = 0;
    jest.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    fake?.setChatDelay(0);
    fake?.failWith(null);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  return {
    get fake() {
      if (!fake) throw new Error('The fake OpenAI peer starts in beforeAll.');
      return fake;
    },
    warnings,
  };
}
