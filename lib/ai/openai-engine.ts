import 'server-only';
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { actionShortlist, adviceSentences, alertFor, isYesterdaysSet } from './builtin-engine';
import { CATEGORY_LABELS, catalogueAction } from './catalogue';
import { DAILY_ACTION_COUNT, MANUAL_TITLE_MAX, type Action, type AiEngine, type Alert } from './engine';
import { REFLECTION_MAX_USER_TURNS, type ReflectionContext, type WeekVsUsual } from './reflection';

/** After this long the caller gives up on the model and the built-in engine answers. */
export const OPENAI_TIMEOUT_MS = 8_000;
/** The reflection chat waits a little longer: its answers are the longest. */
export const REFLECTION_TIMEOUT_MS = 10_000;
const MAX_REPLY = 800;
/** How many of the built-in engine's best actions the model may choose four from. */
const SHORTLIST_SIZE = 8;
const MAX_TEXT = 300;
const MAX_ADVICE = 600;
const MAX_SUBTITLE = 160;

export type OpenAiEngineOptions = {
  apiKey: string;
  /** Any OpenAI-compatible server (a local Ollama or vLLM, the tests' fake); the SDK's default otherwise. */
  baseURL?: string | undefined;
  model: string;
  /** Per call, including reading the answer; tests shorten it. */
  timeoutMs?: number;
  /** The reflection chat's, per turn (REFLECTION_TIMEOUT_MS unless set). */
  reflectionTimeoutMs?: number;
};

/** The model answered, but not with something we can show: unparseable, off-schema, an unknown id, an invented number. */
export class AiOutputError extends Error {
  constructor(readonly kind: string) {
    super(`invalid output (${kind})`);
    this.name = 'AiOutputError';
  }
}

/** Why a call failed, safe to log: never the upstream message, which can echo the prompt and so the user's data. */
export function failureKind(error: unknown): string {
  if (error instanceof AiOutputError) return error.message;
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) return 'timeout';
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) return 'timeout';
  if (error instanceof APIError) return error.status ? `HTTP ${error.status}` : 'connection error';
  return error instanceof Error ? error.name : 'unknown error';
}

const SYSTEM = [
  "You phrase short coaching texts for a men's health app, in plain British English, speaking to the user as \"you\".",
  'The facts you are given were computed by the app. Use only their figures, written exactly as given: never invent, convert or round a number.',
  'Do not diagnose, name medicines or promise outcomes. Answer only with JSON that matches the schema.',
].join(' ');

/** Every number in a text, as a value: "4,820" → 4820; "6 h 10 min" → 6 and 10. */
function numbersIn(text: string): number[] {
  return (text.match(/\d+(?:,\d{3})*(?:\.\d+)?/g) ?? []).map((token) => Number(token.replaceAll(',', '')));
}

/** The model only phrases: any number it writes must be one we gave it. */
function assertOwnNumbers(texts: readonly string[], prompt: string): void {
  const ours = new Set(numbersIn(prompt));
  if (texts.some((text) => numbersIn(text).some((value) => !ours.has(value)))) throw new AiOutputError('a number not in our figures');
}

function usableText(text: string, max: number): string {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > max) throw new AiOutputError(trimmed ? 'text too long' : 'empty text');
  return trimmed;
}

/** The same interface as the built-in engine, phrased by a model through chat completions with structured output. */
export function createOpenAiEngine(options: OpenAiEngineOptions): AiEngine {
  const timeout = options.timeoutMs ?? OPENAI_TIMEOUT_MS;
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout, maxRetries: 0 });

  type Message = { role: 'system' | 'user' | 'assistant'; content: string };

  async function complete<S extends z.ZodType>(name: string, schema: S, messages: Message[], ms = timeout): Promise<z.output<S>> {
    const completion = await client.chat.completions.create(
      { model: options.model, messages, response_format: zodResponseFormat(schema, name) },
      // The SDK's own timeout stops once the headers arrive; the signal also covers reading the body.
      { signal: AbortSignal.timeout(ms), timeout: ms },
    );
    const message = completion.choices[0]?.message;
    if (!message?.content) throw new AiOutputError(message?.refusal ? 'refusal' : 'no content');
    let json: unknown;
    try {
      // Some compatible servers wrap the JSON in a Markdown code fence.
      json = JSON.parse(message.content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
    } catch {
      throw new AiOutputError('not JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new AiOutputError('not the schema');
    return parsed.data;
  }

  async function ask<S extends z.ZodType>(name: string, schema: S, task: string, facts: unknown): Promise<{ answer: z.output<S>; prompt: string }> {
    const prompt = `${task}\n\nFacts:\n${JSON.stringify(facts, null, 1)}`;
    const answer = await complete(name, schema, [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: prompt },
    ]);
    return { answer, prompt };
  }

  return {
    name: 'openai',

    async dailyActions(context) {
      const shortlist = actionShortlist(context, SHORTLIST_SIZE);
      const schema = z.object({
        actions: z
          .array(z.object({ id: z.enum(shortlist.map((action) => action.id)), title: z.string(), description: z.string(), reason: z.string() }))
          .describe('Exactly four different candidates'),
      });
      const task = [
        "Choose exactly four of the candidate actions for the user's day, preferring the first ones, and phrase each:",
        `a title of at most ${MANUAL_TITLE_MAX} characters in the imperative, a one- or two-sentence description of what to do,`,
        "and a reason that restates the candidate's \"why\" with its figures. Do not choose exactly the ids in yesterdays_action_ids.",
      ].join(' ');
      const facts = {
        day: context.day,
        yesterdays_action_ids: context.yesterdayActionIds,
        candidates: shortlist.map((action) => ({
          id: action.id,
          category: CATEGORY_LABELS[action.category],
          title: action.title,
          description: action.description,
          why: action.reason,
          evidence: catalogueAction(action.id)?.evidence ?? '',
        })),
      };
      const { answer, prompt } = await ask('daily_actions', schema, task, facts);
      const ids = answer.actions.map((action) => action.id);
      if (ids.length !== DAILY_ACTION_COUNT || new Set(ids).size !== DAILY_ACTION_COUNT) throw new AiOutputError('not four different actions');
      if (isYesterdaysSet(ids, context.yesterdayActionIds)) throw new AiOutputError("yesterday's set");
      const actions = answer.actions.map((action): Action => {
        const entry = catalogueAction(action.id);
        if (!entry) throw new AiOutputError('an id not in the catalogue');
        return {
          id: entry.id,
          title: usableText(action.title, MANUAL_TITLE_MAX),
          description: usableText(action.description, MAX_TEXT),
          reason: usableText(action.reason, MAX_TEXT),
          category: entry.category,
        };
      });
      assertOwnNumbers(actions.flatMap((action) => [action.title, action.description, action.reason]), prompt);
      return actions;
    },

    async manualActionTitle(description) {
      const task = `Write a title of at most ${MANUAL_TITLE_MAX} characters for this daily action the user wrote, in the imperative and without a full stop. Keep its meaning and add nothing.`;
      const { answer, prompt } = await ask('manual_action_title', z.object({ title: z.string() }), task, { description });
      const title = usableText(answer.title.replace(/\.+\s*$/, ''), MANUAL_TITLE_MAX);
      assertOwnNumbers([title], prompt);
      return title;
    },

    async advice(context) {
      const sentences = adviceSentences(context);
      const task = `Rewrite these advice sentences as one short paragraph of at most four sentences and under ${MAX_ADVICE} characters. Keep any advice to see a doctor, first.`;
      const { answer, prompt } = await ask('advice', z.object({ advice: z.string() }), task, { sentences });
      const advice = usableText(answer.advice, MAX_ADVICE);
      if (sentences.some((sentence) => sentence.includes('doctor')) && !/doctor/i.test(advice)) throw new AiOutputError('the safety advice was dropped');
      assertOwnNumbers([advice], prompt);
      return advice;
    },

    async alert(signals) {
      // The rules decide whether there is an alert; the model only words it.
      const alert = alertFor(signals);
      if (!alert) return null;
      const task = `Reword this dashboard alert: a title of at most ${MANUAL_TITLE_MAX} characters and a subtitle of at most ${MAX_SUBTITLE} characters.`;
      const { answer, prompt } = await ask('alert', z.object({ title: z.string(), subtitle: z.string() }), task, alert);
      const phrased: Alert = { title: usableText(answer.title, MANUAL_TITLE_MAX), subtitle: usableText(answer.subtitle, MAX_SUBTITLE) };
      assertOwnNumbers([phrased.title, phrased.subtitle], prompt);
      return phrased;
    },

    async reflection(context, transcript) {
      const userTurns = transcript.filter((turn) => turn.role === 'user').length;
      const last = userTurns >= REFLECTION_MAX_USER_TURNS;
      const answer = await complete(
        'reflection',
        z.object({ reply: z.string(), done: z.boolean() }),
        [{ role: 'system', content: reflectionPrompt(context, last) }, ...transcript.map((turn) => ({ role: turn.role, content: turn.content }))],
        options.reflectionTimeoutMs ?? REFLECTION_TIMEOUT_MS,
      );
      // The opening never ends the chat; the last turn always does.
      return { reply: usableText(answer.reply, MAX_REPLY), done: transcript.length > 0 && (answer.done || last) };
    },

    async phrasePatterns(insights) {
      if (!insights.length) return [];
      const task = 'Reword each of these findings about the user as one plain sentence, in the same order, one for one. Keep every number exactly as written; add no finding and no advice.';
      const { answer, prompt } = await ask('patterns', z.object({ insights: z.array(z.string()) }), task, { findings: insights });
      if (answer.insights.length !== insights.length) throw new AiOutputError('not one for one');
      const phrased = answer.insights.map((text) => usableText(text, MAX_TEXT));
      assertOwnNumbers(phrased, prompt);
      return phrased;
    },
  };
}

/** A week-against-usual figure for the prompt, rounded as the chat would say it; null when unknown. */
const weekFacts = (figure: WeekVsUsual | null | undefined) =>
  figure ? { this_week: Math.round(figure.week), usual: Math.round(figure.usual), source: figure.source } : null;

/** The reflection's system prompt: the guide's role, the rules, and the day's facts as the app computed them. */
function reflectionPrompt(context: ReflectionContext, last: boolean): string {
  const facts = {
    first_name: context.firstName,
    // The enums' names in lower case are the words ("HAPPY" → "happy").
    mood_today: context.mood?.toLowerCase() ?? null,
    energy_today: context.energy?.toLowerCase() ?? null,
    symptoms_today: context.symptoms,
    last_night_sleep_minutes: context.lastNightSleepMinutes,
    last_night_sleep_source: context.lastNightSleepSource ?? null,
    // This week's mean (the last 7 days) against the user's usual (the 28 days before), from their own data.
    hrv_ms: weekFacts(context.hrv),
    resting_heart_rate_bpm: weekFacts(context.restingHeartRate),
  };
  return [
    "You guide a short daily reflection for a men's health app, in plain, warm British English, speaking to the user as \"you\".",
    "Open with one question that names today's mood, energy, symptoms and last night's sleep where known.",
    "Then answer each message as a reflective listener: say in your own words what the user talked about (sleep, work, training, food, alcohol, family, mood, symptoms, stress) and how they seem to feel, never quoting more than four of their words, and ask exactly one open question that follows from what they said.",
    'Where one of the figures below bears on what they said, name it once, with its source (for example a short night when they are tired, or HRV below their usual when they are stressed); never name a figure that is not below.',
    'After three or four exchanges, close with a short summary of the day in your own words and one small, concrete step for tomorrow chosen from what they talked about and their figures, with no question, and set done to true; until then done is false.',
    'Do not diagnose, name medicines or invent figures. Keep each reply under 600 characters. Answer only with JSON that matches the schema.',
    last ? 'This is the last turn: close now, with done true.' : '',
    `Facts:\n${JSON.stringify(facts, null, 1)}`,
  ]
    .filter(Boolean)
    .join('\n');
}
