import { formatMinutes, listOf } from '@/lib/format';
import type { Energy, Mood } from '@/lib/generated/prisma/enums';
import type { ReflectionContext, WeekVsUsual } from './reflection-context';

// What the built-in reflection knows of the member's day before he says a word: the check-in, last
// night's sleep and this week's figures against his usual, as sentences; and its stable wording pick.

/** Most adults need at least 7 hours (AASM and Sleep Research Society consensus, 2015). */
const SLEEP_NEED_MINUTES = 7 * 60;
const SYMPTOMS_NAMED = 3;
/** A week's HRV this far from his usual is worth naming; day-to-day noise is smaller in a 7-day mean. */
const HRV_SHIFT = 0.07;
const RESTING_HR_RISE_BPM = 3;

const MOOD_WORDS: Readonly<Record<Mood, string>> = { TERRIBLE: 'terrible', SAD: 'sad', NEUTRAL: 'neutral', HAPPY: 'happy', ELATED: 'elated' };
const ENERGY_WORDS: Readonly<Record<Energy, string>> = { DEPLETED: 'depleted', LOW: 'low', MODERATE: 'moderate', PEAK: 'peak' };
export const LOW_MOODS: readonly Mood[] = ['TERRIBLE', 'SAD'];
export const LOW_ENERGIES: readonly Energy[] = ['DEPLETED', 'LOW'];

/** The item of `list` that an FNV-1a hash of the parts points at: stable, never random. */
export function pick<T>(list: readonly T[], ...parts: readonly (string | number)[]): T {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // FNV's low bits follow the characters' parity; a murmur3-style finish mixes the high bits down.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
  hash = (hash ^ (hash >>> 13)) >>> 0;
  return list[hash % list.length] as T;
}

/** Cut at a word boundary so the result, with its ellipsis, is at most `max` characters. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  if (lastSpace >= max / 2) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\uD800-\uDBFF]$/, '').replace(/[\s,;:.–—-]+$/, '')}…`;
}

export const fill = (text: string, values: Readonly<Record<string, string>>) => text.replace(/\{(\w)\}/g, (_, key: string) => values[key] ?? '');

// ── what we know about today ──

export type Day = { name: string | null; mood: string | null; energy: string | null; sleep: string | null; short: boolean; symptoms: string[] };

export function readDay(context: ReflectionContext): Day {
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
export function symptomList(symptoms: readonly string[]): string {
  if (symptoms.length <= SYMPTOMS_NAMED + 1) return listOf(symptoms);
  return `${symptoms.slice(0, SYMPTOMS_NAMED).join(', ')} and ${symptoms.length - SYMPTOMS_NAMED} others`;
}

// ── his figures ──

const usable = (figure: WeekVsUsual | null | undefined): figure is WeekVsUsual =>
  figure != null && Number.isFinite(figure.week) && Number.isFinite(figure.usual) && figure.week > 0 && figure.usual > 0;
const from = (source: string | null | undefined) => (source ? ` (from ${source})` : '');

export type FigureKind = 'sleep' | 'hrvLow' | 'hrvHigh' | 'restingHigh';

/** The figures worth naming today, each as one sentence without a question. */
export function figures(context: ReflectionContext, day: Day): Map<FigureKind, string> {
  const found = new Map<FigureKind, string>();
  if (day.sleep) {
    const verdict = day.short ? ', short of the 7 hours most adults need' : ', a decent length';
    found.set('sleep', `Last night’s sleep came to ${day.sleep}${from(context.lastNightSleepSource)}${verdict}.`);
  }
  const { hrv, restingHeartRate: resting } = context;
  if (usable(hrv)) {
    const [week, usual] = [Math.round(hrv.week), Math.round(hrv.usual)];
    if (hrv.week < hrv.usual * (1 - HRV_SHIFT)) found.set('hrvLow', `Your HRV this week averages ${week} ms against your usual ${usual} ms${from(hrv.source)}; a dip like that often goes with stress, short sleep or hard training.`);
    else if (hrv.week > hrv.usual * (1 + HRV_SHIFT)) found.set('hrvHigh', `Your HRV this week averages ${week} ms, above your usual ${usual} ms${from(hrv.source)}, which usually means you are recovering well.`);
  }
  if (usable(resting) && resting.week >= resting.usual + RESTING_HR_RISE_BPM) {
    found.set('restingHigh', `Your resting heart rate this week averages ${Math.round(resting.week)} bpm against your usual ${Math.round(resting.usual)}${from(resting.source)}; it often rises with strain or short nights.`);
  }
  return found;
}

/** His HRV this week is below his usual by more than day-to-day noise. */
export const hrvIsDown = (context: ReflectionContext): boolean => usable(context.hrv) && context.hrv.week < context.hrv.usual * (1 - HRV_SHIFT);
