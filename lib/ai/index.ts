import 'server-only';
import { env } from '@/lib/env';
import { noticeOnce } from '@/lib/operator-notice';
import { builtinEngine } from './builtin-engine';
import type { AiEngine } from './engine';
import { createOpenAiEngine, failureKind } from './openai-engine';

export type { Action, ActionCategory, AiEngine, Alert, AlertSignals, CheckInSnapshot, EngineContext, RecentVsBaseline } from './engine';
export type { ChatTurn, ReflectionContext, ReflectionReply } from './reflection';

/**
 * `primary`, with `fallback` answering any call that fails: an error, invalid output or a timeout.
 * The log line names the call and the kind of failure only, never the user's figures or words.
 */
export function withFallback(primary: AiEngine, fallback: AiEngine = builtinEngine): AiEngine {
  async function guarded<R>(call: keyof Omit<AiEngine, 'name'>, run: (engine: AiEngine) => Promise<R>): Promise<R> {
    try {
      return await run(primary);
    } catch (error) {
      console.warn(`[ai] ${call} fell back to the built-in engine: ${failureKind(error)}`);
      return run(fallback);
    }
  }
  return {
    name: primary.name,
    dailyActions: (context) => guarded('dailyActions', (engine) => engine.dailyActions(context)),
    manualActionTitle: (description) => guarded('manualActionTitle', (engine) => engine.manualActionTitle(description)),
    advice: (context) => guarded('advice', (engine) => engine.advice(context)),
    alert: (signals) => guarded('alert', (engine) => engine.alert(signals)),
    reflection: (context, transcript) => guarded('reflection', (engine) => engine.reflection(context, transcript)),
    phrasePatterns: (insights) => guarded('phrasePatterns', (engine) => engine.phrasePatterns(insights)),
  };
}

let configured: AiEngine | undefined;

/** The engine for every generated text: OpenAI (or a compatible server) when a key is set, else the built-in one. */
export function aiEngine(): AiEngine {
  if (!env.OPENAI_API_KEY) {
    noticeOnce('ai', 'Generated texts come from the built-in engine: set OPENAI_API_KEY (with OPENAI_MODEL, and OPENAI_BASE_URL for a compatible server such as Ollama or vLLM) to have a model phrase them.');
    return builtinEngine;
  }
  configured ??= withFallback(createOpenAiEngine({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL }));
  return configured;
}
