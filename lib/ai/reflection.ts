import { closing } from './reflection-closing';
import type { ReflectionContext } from './reflection-context';
import { figures, fill, LOW_ENERGIES, LOW_MOODS, pick, readDay, shorten, symptomList, type Day, type FigureKind } from './reflection-day';
import { hear, POSITIVE_FEELINGS, type Feeling, type Heard, type Topic } from './reflection-listening';
import * as words from './reflection-words';

export { suggestionFor } from './reflection-closing';
export type { ReflectionContext, WeekVsUsual } from './reflection-context';

// The built-in daily reflection, a listener: it opens from the check-in, then answers each message by
// saying in its own words what he talked about and how he sounds, adds one of his own figures where it
// bears on that, and asks one open question that follows; after the third message it sums up and
// offers one small step. Pure and deterministic: a stable hash, never Math.random, varies the wording.

export type ChatTurn = { role: 'assistant' | 'user'; content: string };

/** `step`, with the closing: the small step it suggests, worded to be added as one of his own actions. */
export type ReflectionReply = { reply: string; done: boolean; step?: { description: string } };

/** The OpenAI path's cap on user messages; the built-in closes earlier. */
export const REFLECTION_MAX_USER_TURNS = 8;
/** The opening question, two follow-ups, then the closing. */
export const BUILTIN_FOLLOW_UPS = 2;

const REPLY_MAX = 600;
/** A message this long that sounds hard going is a vent, and is answered as one. */
const VENT_WORDS = 45;

const STRAIN_TOPICS: readonly Topic[] = ['stress', 'training', 'alcohol', 'work', 'symptoms'];
const STRAIN_FEELINGS: readonly Feeling[] = ['anxious', 'stressed', 'overwhelmed', 'tired'];

/** Which of his figures bear on what he said, most relevant first. */
function relevantFigures(heard: Heard, day: Day): FigureKind[] {
  const sleepy = heard.topics.includes('sleep') || heard.feelings.includes('tired');
  const strained = heard.topics.some((t) => STRAIN_TOPICS.includes(t)) || heard.feelings.some((f) => STRAIN_FEELINGS.includes(f));
  const good = valenceOf(heard) === 'good';
  const kinds: FigureKind[] = [];
  if (good && heard.topics.includes('training')) kinds.push('hrvHigh');
  // After good news, only a figure that agrees with it: never a dip to spoil it.
  if (sleepy && !(good && day.short)) kinds.push('sleep');
  if (strained && !good) kinds.push('hrvLow', 'restingHigh');
  // Nothing to go on: a short night still speaks for itself.
  if (!heard.topics.length && !heard.feelings.length && day.short) kinds.push('sleep');
  return kinds;
}

// ── the opening ──

function openingQuestion(context: ReflectionContext, day: Day): string {
  if (context.energy && LOW_ENERGIES.includes(context.energy)) return 'What do you think is behind your energy today?';
  if (context.mood && LOW_MOODS.includes(context.mood)) return 'What has been weighing on you today?';
  if (day.symptoms.length === 1) return `How has the ${day.symptoms[0]} affected your day?`;
  if (day.symptoms.length > 1) return 'How have those affected your day?';
  if (day.short) return 'What got in the way of a longer night?';
  if (context.mood === 'HAPPY' || context.mood === 'ELATED' || context.energy === 'PEAK') return 'What do you think helped today go well?';
  return day.mood || day.energy || day.sleep ? 'What stood out about today?' : 'How has today been for you, and what stood out?';
}

function opening(context: ReflectionContext, day: Day): string {
  const feel = day.mood && day.energy ? `you feel ${day.mood} with ${day.energy} energy` : day.mood ? `you feel ${day.mood}` : day.energy ? `you have ${day.energy} energy` : null;
  const symptoms = day.symptoms.length ? symptomList(day.symptoms) : null;
  let recap = '';
  if (feel) recap = `You said ${feel} today${day.sleep ? `, after ${day.sleep} of sleep` : ''}${symptoms ? `, and noted ${symptoms}` : ''}.`;
  else if (day.sleep) recap = `You slept ${day.sleep} last night${symptoms ? ` and noted ${symptoms} today` : ''}.`;
  else if (symptoms) recap = `You noted ${symptoms} today.`;
  const greeting = day.name ? `Hi ${day.name}. ` : '';
  return `${greeting}${recap ? `${recap} ` : ''}${openingQuestion(context, day)}`;
}

// ── the follow-ups ──

/** The topic a reply leads with: stress and mood give way to what is behind them. */
function leadTopic(heard: Heard): Topic | null {
  return heard.topics.find((t) => t !== 'stress' && t !== 'mood') ?? heard.topics[0] ?? null;
}

/** How the message went: its first feeling decides; without one, a setback ("skipped the gym") is hard. */
/** How the lead topic went: a good mood says nothing of a symptom ("sore but happy") unless it is easing. */
function topicValence(heard: Heard, topic: Topic): words.Valence {
  const valence = valenceOf(heard);
  if (topic !== 'symptoms') return valence;
  if (heard.easing) return valence === 'hard' ? 'hard' : 'good';
  return valence === 'good' ? 'plain' : valence;
}

function valenceOf(heard: Heard): words.Valence {
  const feeling = heard.feelings[0];
  if (feeling === undefined) return heard.setback ? 'hard' : 'plain';
  if (isMixed(heard)) return 'plain';
  return POSITIVE_FEELINGS.includes(feeling) ? 'good' : 'hard';
}
const isMixed = (heard: Heard) => heard.feelings.some((f) => POSITIVE_FEELINGS.includes(f)) && heard.feelings.some((f) => !POSITIVE_FEELINGS.includes(f));
const isVent = (heard: Heard) => heard.words >= VENT_WORDS && valenceOf(heard) === 'hard';

/**
 * The few words of a message that say what it is about, in a reply's own terms ("your boss", "work"),
 * never more than two of his words; '' when it names nothing the listener knows.
 */
export function salientPhrase(message: string): string {
  const heard = hear(message);
  const topic = leadTopic(heard);
  if (topic) return heard.subjects[topic] ?? words.TOPIC_NAMES[topic];
  return heard.elsewhere ?? '';
}

function acknowledge(heard: Heard, seed: readonly (string | number)[]): string {
  const topic = leadTopic(heard);
  const feeling = heard.feelings[0];
  const valence = topic ? topicValence(heard, topic) : valenceOf(heard);
  const parts: string[] = [];
  if (isVent(heard)) parts.push(pick(words.VENTING_SAYINGS, ...seed, 'vent'));
  if (topic) {
    const sayings = heard.grief && topic === 'family' ? words.GRIEF_SAYINGS : topic === 'alcohol' && heard.abstaining ? words.ABSTAINING_SAYINGS : words.TOPIC_SAYINGS[topic][valence];
    parts.push(fill(pick(sayings, ...seed, 'topic'), { s: heard.subjects[topic] ?? words.TOPIC_NAMES[topic] }));
    const also = heard.topics.find((t) => t !== topic && t !== 'stress' && t !== 'mood');
    if (also) parts.push(`And ${heard.subjects[also] ?? words.TOPIC_NAMES[also]} came into it too.`);
  }
  else if (heard.elsewhere) parts.push(fill(pick(words.ELSEWHERE_SAYINGS, ...seed), { e: heard.elsewhere }));
  const echoed = (topic === 'stress' && feeling === 'stressed') || (topic === 'mood' && feeling === 'low');
  if (isMixed(heard)) parts.push(pick(words.MIXED_SAYINGS, ...seed, 'feeling'));
  else if (feeling && !echoed) {
    const sayings = POSITIVE_FEELINGS.includes(feeling) ? words.GOOD_FEELING_SAYINGS : words.HARD_FEELING_SAYINGS;
    parts.push(fill(pick(sayings, ...seed, 'feeling'), { f: words.FEELING_WORDS[feeling] }));
  }
  if (parts.length) return parts.join(' ');
  return heard.unsure ? pick(words.UNSURE_SAYINGS, ...seed) : pick(words.PLAIN_SAYINGS, ...seed);
}

const FIGURE_QUESTIONS: Readonly<Record<FigureKind, readonly [explore: string, ahead: string]>> = {
  sleep: ['How has last night shown up in your day?', 'What would help tonight go a bit better?'],
  hrvLow: ['What has been taking the most out of you this week?', 'Where could you build in a little more recovery this week?'],
  hrvHigh: ['What have you been doing differently this week?', 'How could you keep that going next week?'],
  restingHigh: ['What has been taking the most out of you this week?', 'Where could you build in a little more recovery this week?'],
};

function question(heard: Heard, figure: FigureKind | null, turn: number, seed: readonly (string | number)[]): string {
  const ahead = turn >= BUILTIN_FOLLOW_UPS ? 1 : 0;
  const topic = leadTopic(heard);
  const feeling = heard.feelings[0];
  if (ahead === 0 && isVent(heard)) return words.VENTING_QUESTION;
  if (heard.grief) return words.GRIEF_QUESTIONS[ahead];
  if (topic) {
    const valence = topicValence(heard, topic);
    const turning = ahead === 0 && valence !== 'plain' ? words.TURNING_QUESTIONS[topic]?.[valence] : undefined;
    if (topic === 'alcohol' && heard.abstaining) return words.ABSTAINING_QUESTIONS[ahead];
    return fill(pick(turning ?? words.TOPIC_QUESTIONS[topic][ahead], ...seed, 'question'), { s: heard.subjects[topic] ?? words.TOPIC_NAMES[topic] });
  }
  // Something away from his day: back to him, gently, before anything else.
  if (heard.elsewhere) return fill(words.ELSEWHERE_QUESTIONS[ahead], { e: heard.elsewhere });
  if (feeling) return words.FEELING_QUESTIONS[feeling][ahead];
  if (figure) return FIGURE_QUESTIONS[figure][ahead];
  return pick(heard.unsure ? words.UNSURE_QUESTIONS[ahead] : words.PLAIN_QUESTIONS[ahead], ...seed, 'question');
}

function followUp(context: ReflectionContext, day: Day, transcript: readonly ChatTurn[], message: string, turn: number): string {
  const heard = hear(message);
  const seed = [context.day, turn, message];
  // A figure is named once in the follow-ups; the opening's recap does not count.
  const said = transcript.slice(1).filter((t) => t.role === 'assistant').map((t) => t.content).join('\n');
  const known = figures(context, day);
  const figure = relevantFigures(heard, day).find((kind) => known.has(kind) && !said.includes(known.get(kind) ?? '')) ?? null;
  const parts = [acknowledge(heard, seed), figure ? known.get(figure) : null, question(heard, figure, turn, seed)];
  return parts.filter(Boolean).join(' ');
}

// ── the conversation ──

/** The assistant's next message: the opening, a follow-up, or (after the third user message) the closing with its step. */
export function builtinReflection(context: ReflectionContext, transcript: readonly ChatTurn[]): ReflectionReply {
  const day = readDay(context);
  const messages = transcript.filter((turn) => turn.role === 'user').map((turn) => turn.content.replace(/\s+/g, ' ').trim());
  const turn = messages.length;
  if (turn === 0) return { reply: shorten(opening(context, day), REPLY_MAX), done: false };
  if (turn <= BUILTIN_FOLLOW_UPS) return { reply: shorten(followUp(context, day, transcript, messages.at(-1) ?? '', turn), REPLY_MAX), done: false };
  const { text, step } = closing(context, day, messages);
  return { reply: shorten(text, REPLY_MAX), done: true, step: { description: step } };
}
