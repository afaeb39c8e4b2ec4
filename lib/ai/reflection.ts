import { formatMinutes, listOf } from '@/lib/format';
import type { Energy, Mood } from '@/lib/generated/prisma/enums';

// The built-in daily reflection: an opening question, two follow-ups, then a closing line with one small
// step for tomorrow. Pure and deterministic: a stable hash, never Math.random, varies the wording.

export type ChatTurn = { role: 'assistant' | 'user'; content: string };

export type ReflectionContext = {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Today's check-in answers, when known. */
  mood: Mood | null;
  energy: Energy | null;
  symptoms: readonly string[];
  /** Last night's sleep, when known. */
  lastNightSleepMinutes: number | null;
  firstName: string | null;
};

export type ReflectionReply = { reply: string; done: boolean };

/** The OpenAI path's cap on user messages; the built-in closes earlier. */
export const REFLECTION_MAX_USER_TURNS = 8;
/** The opening question, two follow-ups, then the closing. */
export const BUILTIN_FOLLOW_UPS = 2;

const REPLY_MAX = 600;
const QUOTE_MAX = 60;
const SLEEP_NEED_MINUTES = 7 * 60;
const SYMPTOMS_NAMED = 3;

const MOOD_WORDS: Readonly<Record<Mood, string>> = { TERRIBLE: 'terrible', SAD: 'sad', NEUTRAL: 'neutral', HAPPY: 'happy', ELATED: 'elated' };
const ENERGY_WORDS: Readonly<Record<Energy, string>> = { DEPLETED: 'depleted', LOW: 'low', MODERATE: 'moderate', PEAK: 'peak' };
const LOW_MOODS: readonly Mood[] = ['TERRIBLE', 'SAD'];
const LOW_ENERGIES: readonly Energy[] = ['DEPLETED', 'LOW'];
/** Check-in symptoms that earn "see a doctor" rather than a habit. */
const UNWELL_SYMPTOMS = ['Chest pain', 'Shortness of breath', 'Fever', 'Dizziness', 'Vertigo'];
/** Check-in symptoms that water often eases. */
const THIRSTY_SYMPTOMS = ['Headache', 'Brain fog', 'Fatigue', 'Constipation', 'Muscle aches'];

/** What a user's messages were about, in the order the closing names them. */
const TOPICS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['work', /\b(?:work(?:ed|ing)?|job|boss|meetings?|deadlines?|office|projects?|emails?|clients?|shift)\b/i],
  ['stress', /\b(?:stress(?:ed|ful)?|anxious|anxiety|worr(?:y|ied|ying)|pressure|overwhelm(?:ed|ing)?|tense)\b/i],
  ['sleep', /\b(?:sleep(?:ing)?|slept|bed(?:time)?|insomnia|naps?|woke|awake|night)\b/i],
  ['training', /\b(?:gym|train(?:ed|ing)?|workouts?|run(?:ning)?|ran|lift(?:ed|ing)?|exercis(?:e|ed|ing)|walk(?:ed|ing)?|cycl(?:e|ed|ing)|swim(?:ming)?)\b/i],
  ['food', /\b(?:ate|eat(?:ing)?|food|meals?|lunch|dinner|breakfast|snacks?|sugar|coffee|caffeine|alcohol|drinks?|drank|beers?|wine)\b/i],
  ['the people around you', /\b(?:wife|husband|partner|kids?|children|family|friends?|son|daughter|girlfriend|boyfriend|mum|mom|dad|colleagues?)\b/i],
];

const TOPIC_QUESTIONS: Readonly<Record<string, readonly string[]>> = {
  work: ['What part of work took the most out of you?', 'Did you get any real breaks from work today?'],
  stress: ['Where did you feel that stress most: in your head, your body or your sleep?', 'What usually helps you let go of it?'],
  sleep: ['What was happening in the hour before you went to bed?', 'What usually helps you sleep better?'],
  training: ['How did your body feel during and after it?', 'How did that compare with how you usually feel when you train?'],
  food: ['How did what you ate and drank affect your energy?', 'Was that a typical day of eating for you?'],
  'the people around you': ['How did that time with them leave you feeling?', 'Did you get any time to yourself as well?'],
};
const FIRST_QUESTIONS = ['How did that affect your energy through the day?', 'When in the day did you notice that most?', 'How did you handle it, and how did that feel?'];
const SECOND_QUESTIONS = ['What helped you most today, even a little?', 'If tomorrow went well, what would be different?', 'What would you like tomorrow to have more of?'];
const GENERIC_STEPS = [
  'before bed, write down one thing that went well today.',
  'take a 10-minute walk after lunch tomorrow.',
  'put a glass of water by your bed tonight and drink it when you wake.',
];

/** The item of `list` that an FNV-1a hash of the parts points at: stable, never random. */
function pick<T>(list: readonly T[], ...parts: readonly (string | number)[]): T {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return list[hash % list.length] as T;
}

/** Cut at a word boundary so the result, with its ellipsis, is at most `max` characters. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  if (lastSpace >= max / 2) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\uD800-\uDBFF]$/, '').replace(/[\s,;:.–—-]+$/, '')}…`;
}

// ── what we know about today ──

type Day = {
  name: string | null;
  mood: string | null;
  energy: string | null;
  sleep: string | null;
  short: boolean;
  symptoms: string[];
};

function readDay(context: ReflectionContext): Day {
  const minutes = context.lastNightSleepMinutes;
  const slept = minutes !== null && Number.isFinite(minutes) && minutes > 0 ? minutes : null;
  const name = context.firstName?.replace(/\s+/g, ' ').trim() ?? '';
  return {
    name: name ? shorten(name, 30) : null,
    mood: context.mood ? (MOOD_WORDS[context.mood] ?? null) : null,
    energy: context.energy ? (ENERGY_WORDS[context.energy] ?? null) : null,
    sleep: slept === null ? null : formatMinutes(slept),
    short: slept !== null && slept < SLEEP_NEED_MINUTES,
    symptoms: context.symptoms.map((symptom) => shorten(symptom.replace(/\s+/g, ' ').trim().toLowerCase(), 30)).filter(Boolean),
  };
}

/** "headache, brain fog, insomnia and 2 others": named, but never an endless list. */
function symptomList(symptoms: readonly string[]): string {
  if (symptoms.length <= SYMPTOMS_NAMED + 1) return listOf(symptoms);
  return `${symptoms.slice(0, SYMPTOMS_NAMED).join(', ')} and ${symptoms.length - SYMPTOMS_NAMED} others`;
}

/** "you feel happy with low energy", in the present or the past tense; null when neither is known. */
function feeling(day: Day, tense: 'now' | 'then'): string | null {
  const [feel, have] = tense === 'now' ? ['feel', 'have'] : ['felt', 'had'];
  if (day.mood && day.energy) return `you ${feel} ${day.mood} with ${day.energy} energy`;
  if (day.mood) return `you ${feel} ${day.mood}`;
  return day.energy ? `you ${have} ${day.energy} energy` : null;
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
  const feel = feeling(day, 'now');
  const symptoms = day.symptoms.length ? symptomList(day.symptoms) : null;
  let recap = '';
  if (feel) recap = `You said ${feel} today${day.sleep ? `, after ${day.sleep} of sleep` : ''}${symptoms ? `, and noted ${symptoms}` : ''}.`;
  else if (day.sleep) recap = `You slept ${day.sleep} last night${symptoms ? ` and noted ${symptoms} today` : ''}.`;
  else if (symptoms) recap = `You noted ${symptoms} today.`;
  const greeting = day.name ? `Hi ${day.name}. ` : '';
  return `${greeting}${recap ? `${recap} ` : ''}${openingQuestion(context, day)}`;
}

// ── the follow-ups ──

const FILLER = /^(?:(?:well|so|um+|uh+|hmm+|erm|honestly|basically|actually|i think|i guess|i suppose|i mean|yeah|yes|no|ok(?:ay)?|oh|like|just|and|but|then)\b[\s,]*)+/i;
const STOPWORDS = new Set(['the', 'and', 'but', 'was', 'were', 'are', 'had', 'has', 'have', 'that', 'this', 'with', 'for', 'its', "it's", 'just', 'really', 'very', 'too', 'not', 'all', 'been', 'did', 'got', 'get', 'you', 'then', 'than', 'from', 'today']);

/**
 * The clause of a message with the most content words that fits a quote (60 characters), whole: a clause
 * is never cut, so a long one is not quoted at all; '' when none fits.
 */
export function salientPhrase(message: string): string {
  const clauses = message
    .replace(/\s+/g, ' ')
    .replace(/["“”]/g, "'")
    .split(/[.!?;:]+|,\s*|\s+(?:but|because|although|though|so|since)\s+/i)
    .map((clause) => clause.replace(FILLER, '').trim())
    .filter((clause) => /\p{L}/u.test(clause) && clause.length <= QUOTE_MAX);
  const weight = (clause: string) => clause.split(' ').filter((word) => word.length > 2 && !STOPWORDS.has(word.toLowerCase())).length;
  const best = clauses.reduce<string | null>((top, clause) => (top === null || weight(clause) > weight(top) ? clause : top), null);
  return best ?? '';
}

/** A whole sentence on each topic, for a reply that has no quote and for the closing. */
const TOPIC_SENTENCES: Readonly<Record<string, string>> = {
  work: 'Work took a good share of your day.',
  stress: 'Stress was weighing on you.',
  sleep: 'Your sleep was on your mind.',
  training: 'You made room to move your body.',
  food: 'What you ate and drank played a part.',
  'the people around you': 'The people around you were part of your day.',
};

function topicsOf(text: string): string[] {
  return TOPICS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

function followUp(context: ReflectionContext, message: string, turn: number): string {
  const phrase = salientPhrase(message);
  const topic = topicsOf(message)[0];
  // The member's own words when a whole clause of them fits, else what they were about, else thanks.
  const reflect = phrase
    ? pick([`You said "${phrase}".`, `You mentioned "${phrase}".`, `Thank you for telling me: "${phrase}".`], context.day, turn, message)
    : topic
      ? `Thank you for sharing that. ${TOPIC_SENTENCES[topic]}`
      : 'Thank you for sharing that.';
  const questions = turn === 1 ? (topic ? (TOPIC_QUESTIONS[topic] ?? FIRST_QUESTIONS) : FIRST_QUESTIONS) : SECOND_QUESTIONS;
  return `${reflect} ${pick(questions, context.day, turn, 'question', message)}`;
}

// ── the closing ──

/** One small step for tomorrow, by the first rule that applies. */
export function suggestionFor(context: ReflectionContext, talkedAbout: readonly string[]): string {
  const day = readDay(context);
  const unwell = context.symptoms.filter((symptom) => UNWELL_SYMPTOMS.includes(symptom)).map((symptom) => symptom.toLowerCase());
  if (unwell.length) return `take it easy tomorrow, and see a doctor if the ${listOf(unwell)} persists or gets worse.`;
  if (day.short || context.symptoms.includes('Insomnia')) {
    const versus = day.sleep ? `, to sleep longer than last night's ${day.sleep}` : '';
    return `start winding down at 21:30 tonight, with screens away and lights low${versus}.`;
  }
  if ((context.energy && LOW_ENERGIES.includes(context.energy)) || context.symptoms.includes('Fatigue')) {
    return 'take a 10-minute walk outside within an hour of waking; morning daylight lifts energy more reliably than extra coffee.';
  }
  const thirsty = context.symptoms.find((symptom) => THIRSTY_SYMPTOMS.includes(symptom));
  if (thirsty) return `keep a 1-litre bottle of water in sight tomorrow and finish it by lunch; even mild dehydration can make ${thirsty.toLowerCase()} worse.`;
  if (context.mood && LOW_MOODS.includes(context.mood)) return 'plan ten minutes tomorrow with someone you like, for a call, a walk or a coffee.';
  if (talkedAbout.includes('stress') || context.symptoms.includes('Anxiety')) return 'before your first task tomorrow, take five slow breaths, in for four and out for six.';
  return pick(GENERIC_STEPS, context.day, 'step');
}

/** "You" at a sentence's start. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

function closing(context: ReflectionContext, day: Day, messages: readonly string[]): string {
  const talkedAbout = topicsOf(messages.join('\n'));
  // What was said, in whole sentences: how the day felt, the member's own words, and at most two topics.
  const feel = feeling(day, 'then');
  const felt = feel ? sentence(`${feel}${day.sleep ? ` after ${day.sleep} of sleep` : ''}`) : day.sleep ? `You slept ${day.sleep}.` : null;
  const words = messages.map(salientPhrase).find(Boolean);
  const quoted = words ? `In your words: "${words}".` : null;
  const topics = talkedAbout.slice(0, 2).map((topic) => TOPIC_SENTENCES[topic]);
  const said = [felt, quoted, ...topics].filter((part): part is string => Boolean(part));
  const summary = said.length ? said.join(' ') : 'Thank you for taking a few minutes to look back on today.';
  const thanks = `Thank you for reflecting with me${day.name ? `, ${day.name}` : ''}.`;
  return `${summary} One small step to try: ${suggestionFor(context, talkedAbout)} ${thanks}`;
}

// ── the conversation ──

/** The assistant's next message: the opening, a follow-up, or (after the third user message) the closing. */
export function builtinReflection(context: ReflectionContext, transcript: readonly ChatTurn[]): ReflectionReply {
  const day = readDay(context);
  const messages = transcript.filter((turn) => turn.role === 'user').map((turn) => turn.content.replace(/\s+/g, ' ').trim());
  const turn = messages.length;
  if (turn === 0) return { reply: shorten(opening(context, day), REPLY_MAX), done: false };
  if (turn <= BUILTIN_FOLLOW_UPS) return { reply: shorten(followUp(context, messages.at(-1) ?? '', turn), REPLY_MAX), done: false };
  return { reply: shorten(closing(context, day, messages), REPLY_MAX), done: true };
}
