import { listOf } from '@/lib/format';
import type { ReflectionContext } from './reflection-context';
import { LOW_ENERGIES, LOW_MOODS, pick, readDay, hrvIsDown, type Day } from './reflection-day';
import { hear, type Feeling, type Topic } from './reflection-listening';
import * as words from './reflection-words';

// The reflection's closing: a short summary of what he talked about, in the listener's words, and one
// small step for tomorrow chosen from that and from his figures, worded to be added as his own action.

/** Check-in symptoms that earn "see a doctor" rather than a habit. */
const UNWELL_SYMPTOMS = ['Chest pain', 'Shortness of breath', 'Fever', 'Dizziness', 'Vertigo'];
/** Check-in symptoms that water often eases. */
const THIRSTY_SYMPTOMS = ['Headache', 'Brain fog', 'Fatigue', 'Constipation', 'Muscle aches'];
const GENERIC_STEPS = [
  'Before bed, write down one thing that went well today.',
  'Take a 10-minute walk after lunch tomorrow.',
  'Put a glass of water by your bed tonight and drink it when you wake.',
];

type Talk = { topics: Topic[]; feelings: Feeling[]; subjects: Partial<Record<Topic, string>> };

/** Everything he said, each topic and feeling once, the most mentioned first (then the first mentioned). */
function talkOf(messages: readonly string[]): Talk {
  const heard = messages.map(hear);
  const rank = <T extends string>(lists: readonly (readonly T[])[]): T[] => {
    const counts = new Map<T, { count: number; first: number }>();
    lists.flat().forEach((item, index) => {
      const seen = counts.get(item);
      counts.set(item, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? index });
    });
    return [...counts].sort(([, a], [, b]) => b.count - a.count || a.first - b.first).map(([item]) => item);
  };
  return { topics: rank(heard.map((h) => h.topics)), feelings: rank(heard.map((h) => h.feelings)), subjects: Object.assign({}, ...heard.map((h) => h.subjects)) as Talk['subjects'] };
}

const STEPS: Readonly<Partial<Record<Topic | Feeling, string>>> = {
  alcohol: 'Keep tomorrow evening alcohol-free, with a drink you enjoy in its place.',
  stress: 'Before your first task tomorrow, take five slow breaths, in for four and out for six.',
  anxious: 'Before your first task tomorrow, take five slow breaths, in for four and out for six.',
  stressed: 'Before your first task tomorrow, take five slow breaths, in for four and out for six.',
  overwhelmed: 'Tonight, write down the three things that matter most tomorrow, and let the rest wait.',
  work: 'Take a proper 20-minute lunch break away from your desk tomorrow.',
  frustrated: 'Pick the one thing you can move forward tomorrow, and do it first.',
  angry: 'When it flares up tomorrow, step outside for five minutes before you reply.',
  food: 'Plan tomorrow’s lunch tonight, with some protein and a portion of veg.',
  family: 'Put your phone away for the first 30 minutes at home tomorrow evening.',
  lonely: 'Message one friend tomorrow to arrange a catch-up this week.',
  symptoms: 'Note tomorrow when it is worst and what eases it, and see your GP if it does not settle.',
  mood: 'Plan ten minutes tomorrow with someone you like, for a call, a walk or a coffee.',
  low: 'Plan ten minutes tomorrow with someone you like, for a call, a walk or a coffee.',
  happy: 'Write down tonight what made today go well, so you can repeat it tomorrow.',
  proud: 'Write down tonight what made today go well, so you can repeat it tomorrow.',
  calm: 'Write down tonight what made today go well, so you can repeat it tomorrow.',
};

/** One small step for tomorrow, a whole sentence: from what he talked about first, then his figures and check-in. */
export function suggestionFor(context: ReflectionContext, talkedAbout: readonly string[], feelings: readonly string[] = [], subjects: Talk['subjects'] = {}): string {
  const day = readDay(context);
  const unwell = context.symptoms.filter((symptom) => UNWELL_SYMPTOMS.includes(symptom)).map((symptom) => symptom.toLowerCase());
  if (unwell.length) return `Take it easy tomorrow, and see a doctor if the ${listOf(unwell)} persists or gets worse.`;
  const windDown = `Start winding down at 21:30 tonight, with screens away and lights low${day.short && day.sleep ? `, to sleep longer than last night’s ${day.sleep}` : ''}.`;
  const hrvLow = hrvIsDown(context);
  // Tired after a short night: the night comes first, whatever else he talked about.
  if (day.short && (talkedAbout.includes('sleep') || feelings.includes('tired'))) return windDown;
  // Lonely is the news, even when family is what he talked about.
  if (feelings.includes('lonely')) return STEPS.lonely ?? windDown;
  for (const said of [...talkedAbout, ...feelings]) {
    if (said === 'sleep' || said === 'tired') return windDown;
    if (said === 'training') {
      return hrvLow ? 'Keep tomorrow’s training easy: a 30-minute walk or a gentle ride instead of a hard session.' : 'Stretch for 10 minutes after your next session, with a glass of water.';
    }
    // A symptom he named is named in the step ("when your back is worst").
    if (said === 'symptoms' && subjects.symptoms) return `Note tomorrow when ${subjects.symptoms} is worst and what eases it, and see your GP if it does not settle.`;
    const step = STEPS[said as Topic | Feeling];
    if (step) return step;
  }
  if (day.short || context.symptoms.includes('Insomnia')) return windDown;
  if (hrvLow) return 'Before your first task tomorrow, take five slow breaths, in for four and out for six.';
  if ((context.energy && LOW_ENERGIES.includes(context.energy)) || context.symptoms.includes('Fatigue')) {
    return 'Take a 10-minute walk outside within an hour of waking; morning daylight lifts energy more reliably than extra coffee.';
  }
  const thirsty = context.symptoms.find((symptom) => THIRSTY_SYMPTOMS.includes(symptom));
  if (thirsty) return `Keep a 1-litre bottle of water in sight tomorrow and finish it by lunch; even mild dehydration can make ${thirsty.toLowerCase()} worse.`;
  if (context.mood && LOW_MOODS.includes(context.mood)) return STEPS.low ?? '';
  return pick(GENERIC_STEPS, context.day, 'step');
}

export function closing(context: ReflectionContext, day: Day, messages: readonly string[]): { text: string; step: string } {
  const talk = talkOf(messages);
  // What lay behind the pressure or the mood comes first.
  const behind = (t: Topic) => (t === 'stress' || t === 'mood' ? 1 : 0);
  const ranked = [...talk.topics].sort((a, b) => behind(a) - behind(b));
  // What he said last is always in the summary: it is what the closing answers.
  const last = hear(messages.at(-1) ?? '').topics.find((t) => t !== 'stress' && t !== 'mood');
  const kept = last && !ranked.slice(0, 3).includes(last) ? [...ranked.slice(0, 2), last] : ranked.slice(0, 3);
  const named = kept.map((t) => talk.subjects[t] ?? words.TOPIC_NAMES[t]);
  const feeling = talk.feelings[0];
  const sounded = feeling ? `you sounded ${words.FEELING_WORDS[feeling]}` : null;
  const slept = day.short && day.sleep && (talk.topics.includes('sleep') || talk.feelings.includes('tired')) ? `, after ${day.sleep} of sleep` : '';
  let summary = 'Thank you for taking a few minutes to look back on today.';
  if (named.length) summary = `Today you talked about ${listOf(named)}${sounded ? `, and ${sounded}` : ''}${slept}.`;
  else if (sounded) summary = `Today ${sounded}${slept}.`;
  const step = suggestionFor(context, talk.topics, talk.feelings, talk.subjects);
  const thanks = `Thank you for reflecting with me${day.name ? `, ${day.name}` : ''}.`;
  return { text: `${summary} One small step for tomorrow: ${step.charAt(0).toLowerCase()}${step.slice(1)} ${thanks}`, step };
}
