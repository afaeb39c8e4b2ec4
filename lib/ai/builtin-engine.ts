import { ISO_DAY } from '@/lib/codecs';
import { formatDateGB, formatDayGB, formatMinutes, listOf } from '@/lib/format';
import { GO_FLOOR, STEADY_FLOOR } from '@/lib/scores/readiness';
import { formatWeight, type UnitSystem } from '@/lib/units';
import type { Energy, Mood } from '@/lib/generated/prisma/enums';
import { CATALOGUE, type CatalogueAction, type Signal } from './catalogue';
import { DAILY_ACTION_COUNT, MANUAL_TITLE_MAX, type Action, type ActionCategory, type AiEngine, type Alert, type AlertSignals, type EngineContext, type FlaggedResult } from './engine';
import { builtinReflection } from './reflection';

// Deterministic rules: the same figures and day always give the same texts. The day string varies the
// order among equally relevant actions through a stable hash, never Math.random.

const SLEEP_NEED_MINUTES = 7 * 60;
const STEPS_ACTIVE = 7000;
const SHORT_NIGHT_MINUTES = 6 * 60;
const TRIAL_NOTICE_DAYS = 3;

// ── the user's numbers, formatted ──

const GROUPED = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

const count = (value: number) => GROUPED.format(Math.round(value));
/** A weight, or a difference of weights, in the member's units: "91.4 kg", "201.5 lbs". */
const weightIn = (units: UnitSystem | undefined) => (value: number) => formatWeight(Math.abs(value), units ?? 'metric');
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const span = (days: number, unit: 'night' | 'day') => `${Math.max(1, Math.round(days))} ${unit}${Math.round(days) > 1 ? 's' : ''}`;

/** FNV-1a over the day and the action id, as a fraction in [0, 1). */
function dayHash(day: string, id: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${day}:${id}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

// ── reading the figures ──

type Reading = { severity: number; reason: string; tip: string };
type Readings = { signals: Map<Signal, Reading>; strained: boolean; unwell: string[] };

const TIPS: Readonly<Record<Signal, string>> = {
  shortSleep: 'Aim for lights out 30 minutes earlier and keep the same wake time, weekends included.',
  lowSteps: 'Short walks after meals are the easiest way to add steps back.',
  lowHrv: 'That points to accumulated strain: favour easy movement, slow breathing and an early night over hard training.',
  highRestingHr: 'A raised resting heart rate often follows short sleep, alcohol or a coming illness, so keep training easy and drink water.',
  aboveGoalWeight: 'Protein at every meal and a daily walk make a steady loss of about 0.5 kg a week realistic.',
  belowGoalWeight: 'Strength training and protein at every meal help you add muscle rather than fat.',
  lowMood: 'Daylight, movement and time with people you like are the most reliable lifts.',
  lowEnergy: 'Morning daylight, water and a short walk usually help more than extra caffeine.',
  poorSleepReported: 'A fixed wake time and no caffeine after 14:00 are the first things to try.',
  stressReported: 'A few minutes of slow breathing, twice a day, measurably lowers stress.',
  achesReported: 'Gentle mobility and an easy day let sore tissues recover.',
  foggyReported: 'Water, daylight and a short break from the screen every hour tend to clear it.',
  constipationReported: 'More fibre, more water and a walk after meals usually help within days.',
  lowReadiness: 'Your body has not caught up yet: keep today easy and protect tonight’s sleep.',
  highReadiness: 'You recovered well overnight: a good day for a harder session.',
  lowVitaminD: 'Daylight on your skin, oily fish and eggs raise vitamin D; ask your doctor whether a supplement suits you.',
  highHaematocrit: 'Drink water through the day and raise the result with your doctor, above all if you take testosterone.',
  highLdl: 'Soluble fibre, oily fish in place of red meat and regular cardio lower LDL; go through the result with your doctor.',
};

/** Which flagged result calls for which signal (docs/architecture.md, "Results steer the day"). */
const RESULT_SIGNALS: Readonly<Record<FlaggedResult['marker'], { flag: 'Low' | 'High'; signal: Signal }>> = {
  vitamin_d: { flag: 'Low', signal: 'lowVitaminD' },
  haematocrit: { flag: 'High', signal: 'highHaematocrit' },
  ldl_cholesterol: { flag: 'High', signal: 'highLdl' },
  non_hdl_cholesterol: { flag: 'High', signal: 'highLdl' },
  apob: { flag: 'High', signal: 'highLdl' },
};

const SYMPTOM_SIGNALS: Readonly<Record<string, Signal>> = {
  Insomnia: 'poorSleepReported',
  Anxiety: 'stressReported',
  Depression: 'lowMood',
  Fatigue: 'lowEnergy',
  'Muscle aches': 'achesReported',
  'Joint pain': 'achesReported',
  'Brain fog': 'foggyReported',
  Headache: 'foggyReported',
  Constipation: 'constipationReported',
};
const LOW_MOOD: Partial<Record<Mood, number>> = { TERRIBLE: 0.9, SAD: 0.6 };
const LOW_ENERGY: Partial<Record<Energy, number>> = { DEPLETED: 0.9, LOW: 0.5 };
/** Symptoms that rule out hard training and earn a line about seeing a doctor. */
const UNWELL_SYMPTOMS = ['Fever', 'Chills', 'Chest pain', 'Shortness of breath', 'Dizziness', 'Vertigo'];

function readFigures(context: EngineContext): Readings {
  const signals = new Map<Signal, Reading>();
  const add = (signal: Signal, severity: number, reason: string) => {
    const known = signals.get(signal);
    if (severity > 0 && (!known || severity > known.severity)) signals.set(signal, { severity: Math.min(1, severity), reason, tip: TIPS[signal] });
  };
  let strained = false;

  const sleep = context.sleepMinutes;
  if (sleep.recent !== null) {
    const belowBaseline = sleep.baseline !== null && sleep.baseline - sleep.recent >= 30 ? sleep.baseline - sleep.recent : 0;
    const underNeed = Math.max(0, SLEEP_NEED_MINUTES - sleep.recent);
    const versus = belowBaseline ? `${formatMinutes(belowBaseline)} below your 30-day baseline` : 'short of the 7 h most adults need';
    add('shortSleep', Math.max(underNeed / 90, belowBaseline / 60), `Your sleep averaged ${formatMinutes(sleep.recent)} over ${span(sleep.recentDays, 'night')}, ${versus}.`);
  }

  const steps = context.steps;
  if (steps.recent !== null) {
    const drop = steps.baseline !== null && steps.baseline > 0 && (steps.baseline - steps.recent) / steps.baseline >= 0.15 ? steps.baseline - steps.recent : 0;
    const versus = drop ? `${count(drop)} below your 30-day baseline` : `under ${count(STEPS_ACTIVE)} a day`;
    const severity = Math.max((STEPS_ACTIVE - steps.recent) / 4000, drop ? drop / (steps.baseline ?? 1) / 0.4 : 0);
    add('lowSteps', severity, `Your steps averaged ${count(steps.recent)} a day over ${span(steps.recentDays, 'day')}, ${versus}.`);
  }

  const hrv = context.hrvMs;
  if (hrv.recent !== null && hrv.baseline !== null && hrv.baseline > 0) {
    const drop = (hrv.baseline - hrv.recent) / hrv.baseline;
    if (drop >= 0.1) {
      add('lowHrv', drop / 0.25, `Your HRV averaged ${count(hrv.recent)} ms over ${span(hrv.recentDays, 'day')}, ${percent(drop)} below your 30-day baseline of ${count(hrv.baseline)} ms.`);
      strained ||= drop >= 0.15;
    }
  }

  const pulse = context.restingHrBpm;
  if (pulse.recent !== null && pulse.baseline !== null && pulse.recent - pulse.baseline >= 3) {
    const rise = pulse.recent - pulse.baseline;
    add('highRestingHr', rise / 8, `Your resting heart rate averaged ${count(pulse.recent)} bpm over ${span(pulse.recentDays, 'day')}, ${count(rise)} bpm above your 30-day baseline.`);
    strained ||= rise >= 5;
  }

  const { latestKg, goalKg } = context.weight;
  const kg = weightIn(context.units);
  if (latestKg !== null && goalKg !== null && Math.abs(latestKg - goalKg) >= 1) {
    const above = latestKg > goalKg;
    const gap = Math.abs(latestKg - goalKg);
    const reason = `You weigh ${kg(latestKg)}, ${kg(gap)} ${above ? 'above' : 'below'} your goal of ${kg(goalKg)}.`;
    add(above ? 'aboveGoalWeight' : 'belowGoalWeight', 0.8 * Math.min(1, gap / (above ? 10 : 6)), reason);
  }

  // Today's readiness steers the day: easing off rules out hard sessions, a 'go' day makes them fit.
  const readiness = context.readiness;
  if (readiness?.band === 'ease') {
    add('lowReadiness', 0.6 + (0.4 * (STEADY_FLOOR - readiness.score)) / STEADY_FLOOR, `Your readiness today is ${readiness.score} of 100${readiness.weakest ? ` (${readiness.weakest})` : ''}.`);
    strained = true;
  } else if (readiness?.band === 'go') {
    add('highReadiness', 0.4 + (0.3 * (readiness.score - GO_FLOOR)) / (100 - GO_FLOOR), `Your readiness today is ${readiness.score} of 100: you recovered well overnight.`);
  }

  // A blood result outside the lab's range is a basis of its own, quoted with its day and the lab's limit.
  for (const result of context.flaggedResults ?? []) {
    const steer = RESULT_SIGNALS[result.marker];
    if (steer.flag !== result.flag) continue;
    add(steer.signal, 0.85, `Your ${result.name} was ${result.result} on ${result.takenOn}, ${result.flag === 'Low' ? 'below' : 'above'} the lab’s ${result.limit}.`);
  }

  const checkIn = context.checkIn;
  const unwell = checkIn ? UNWELL_SYMPTOMS.filter((symptom) => checkIn.symptoms.includes(symptom)).map((symptom) => symptom.toLowerCase()) : [];
  if (checkIn) {
    if (checkIn.mood) add('lowMood', LOW_MOOD[checkIn.mood] ?? 0, `You logged your mood as ${checkIn.mood.toLowerCase()} in your latest check-in.`);
    if (checkIn.energy) add('lowEnergy', LOW_ENERGY[checkIn.energy] ?? 0, `You logged your energy as ${checkIn.energy.toLowerCase()} in your latest check-in.`);
    strained ||= checkIn.energy === 'DEPLETED' || unwell.length > 0;
    const bySignal = new Map<Signal, string[]>();
    for (const symptom of checkIn.symptoms) {
      const signal = SYMPTOM_SIGNALS[symptom];
      if (signal) bySignal.set(signal, [...(bySignal.get(signal) ?? []), symptom.toLowerCase()]);
    }
    for (const [signal, symptoms] of bySignal) add(signal, 0.7, `You logged ${listOf(symptoms)} in your latest check-in.`);
  }
  return { signals, strained, unwell };
}

// ── daily actions ──

type Ranked = { entry: CatalogueAction; score: number; reading: Reading | undefined };

/** How strongly the figures call for an action (its first trigger counts fully, the others 3/4), and the reading behind it. */
function relevance(entry: CatalogueAction, readings: Readings): { score: number; reading: Reading | undefined } {
  let best: Reading | undefined;
  let score = 0;
  let matches = 0;
  entry.triggers.forEach((signal, index) => {
    const reading = readings.signals.get(signal);
    if (!reading) return;
    matches += 1;
    const weighted = reading.severity * (index === 0 ? 1 : 0.75);
    if (weighted > score) [score, best] = [weighted, reading];
  });
  if (matches > 1) score += 0.1 * (matches - 1);
  return { score, reading: best };
}

/** Relevant actions first (by how strongly the figures call for them), then the rest; the day breaks ties. */
function rank(context: EngineContext, readings: Readings): Ranked[] {
  const scored = CATALOGUE.filter((entry) => !(readings.strained && entry.intensity === 'hard')).flatMap((entry) => {
    const { score, reading } = relevance(entry, readings);
    if (entry.needsTrigger && score <= 0) return [];
    const jitter = dayHash(context.day, entry.id);
    return [{ entry, score, reading, key: score > 0 ? score + 0.15 * jitter : jitter - 1 }];
  });
  return scored.sort((a, b) => b.key - a.key || a.entry.id.localeCompare(b.entry.id));
}

/** Relevant actions at most 2 per category, then a spread over the categories not yet covered. */
function spread(ranked: Ranked[]): Ranked[] {
  const out: Ranked[] = [];
  const counts = new Map<ActionCategory, number>();
  const take = (pool: Ranked[], cap: number) => {
    for (const item of pool) {
      const used = counts.get(item.entry.category) ?? 0;
      if (out.includes(item) || used >= cap) continue;
      out.push(item);
      counts.set(item.entry.category, used + 1);
    }
  };
  take(ranked.filter((item) => item.score > 0), 2);
  for (const cap of [1, 2, Infinity]) take(ranked, cap);
  return out;
}

/** Why an action no signal called for: the figure of its area when there is one, else its evidence. */
function evergreenReason({ category, evidence }: CatalogueAction, context: EngineContext): string {
  const { sleepMinutes: sleep, steps, hrvMs: hrv, weight } = context;
  const kg = weightIn(context.units);
  if (category === 'sleep' && sleep.recent !== null) return `Your sleep averaged ${formatMinutes(sleep.recent)} over ${span(sleep.recentDays, 'night')}; this helps keep it there.`;
  if (category === 'movement' && steps.recent !== null) return `Your steps averaged ${count(steps.recent)} a day over ${span(steps.recentDays, 'day')}; this builds on them.`;
  if (category === 'nutrition' && weight.latestKg !== null) {
    return weight.goalKg !== null ? `You weigh ${kg(weight.latestKg)} against a goal of ${kg(weight.goalKg)}; this helps you hold steady.` : `You weigh ${kg(weight.latestKg)}; this supports a steady weight.`;
  }
  if (category === 'recovery' && hrv.recent !== null) return `Your HRV averaged ${count(hrv.recent)} ms over ${span(hrv.recentDays, 'day')}; this helps keep it steady.`;
  return evidence;
}

function toAction({ entry, reading }: Ranked, context: EngineContext): Action {
  let title = entry.title;
  if (entry.stepTarget) {
    const { add, floor, cap } = entry.stepTarget;
    const target = context.steps.recent === null ? floor : Math.min(cap, Math.max(floor, Math.round((context.steps.recent + add) / 500) * 500));
    title = title.replace('{steps}', count(target));
  }
  return { id: entry.id, title, description: entry.description, reason: reading?.reason ?? evergreenReason(entry, context), category: entry.category };
}

/**
 * A day's actions (catalogue ids, in their order) in today's words, each with its own reason: the titles
 * (today's step target) and reasons from the figures now; ids not in the catalogue are left out. A day's
 * actions keep their place when the data changes; this rewrites what they quote (lib/dashboard/actions.ts).
 */
export function actionsInTodaysWords(ids: readonly string[], context: EngineContext): Action[] {
  const readings = readFigures(context);
  const actions = ids.flatMap((id) => {
    const entry = CATALOGUE.find((candidate) => candidate.id === id);
    if (!entry) return [];
    const { score, reading } = relevance(entry, readings);
    return [toAction({ entry, score, reading }, context)];
  });
  return ownReasons(actions, readings);
}

/** True when `ids` are exactly yesterday's set, in any order. */
export function isYesterdaysSet(ids: readonly string[], yesterday: readonly string[]): boolean {
  const before = new Set(yesterday);
  return before.size === ids.length && ids.every((id) => before.has(id));
}

/**
 * Each action its own "Why today": one whose reason an earlier action already gives (four answers to one
 * weight above the goal would all quote it) takes the reading of its next trigger that no earlier action
 * quotes, else its evidence.
 */
function ownReasons(actions: readonly Action[], readings: Readings): Action[] {
  const used = new Set<string>();
  return actions.map((action) => {
    const entry = CATALOGUE.find((candidate) => candidate.id === action.id);
    const reason = !used.has(action.reason) || !entry ? action.reason : (entry.triggers.map((signal) => readings.signals.get(signal)?.reason).find((text) => text !== undefined && !used.has(text)) ?? entry.evidence);
    used.add(reason);
    return reason === action.reason ? action : { ...action, reason };
  });
}

/** The best `size` actions for these figures, best first; the OpenAI engine lets a model choose among them. */
export function actionShortlist(context: EngineContext, size: number): Action[] {
  const readings = readFigures(context);
  return ownReasons(
    spread(rank(context, readings))
      .slice(0, size)
      .map((item) => toAction(item, context)),
    readings,
  );
}

/** Today's four actions: the shortlist's first four, or its fifth instead of the fourth when those were yesterday's. */
export function pickActions(context: EngineContext): Action[] {
  const shortlist = actionShortlist(context, DAILY_ACTION_COUNT + 1);
  const today = shortlist.slice(0, DAILY_ACTION_COUNT);
  const spare = shortlist[DAILY_ACTION_COUNT];
  const repeats = isYesterdaysSet(today.map((action) => action.id), context.yesterdayActionIds);
  return repeats && spare ? ownReasons([...today.slice(0, -1), spare], readFigures(context)) : today;
}

// ── manual action titles ──

const LEAD_INS = [
  /^(?:today|tonight|tomorrow|this (?:morning|afternoon|evening))\s*,?\s+/i,
  /^i(?:\s+(?:really\s+)?(?:want|need|would like|plan|am going|have|intend|aim|hope)|['’](?:d like|m going))\s+to\s+/i,
  /^i(?:\s+(?:will|should|must|can)|['’]ll)\s+/i,
  /^(?:try|remember|make sure|don['’]t forget)\s+to\s+/i,
  /^(?:please|just)\s+/i,
];
const DANGLING = /(?:[\s,;:–—-]+|\s+(?:and|or|but|to|the|a|an|of|with|for|in|on|at|by|my|your))+$/i;

/** A phrase that starts a second thought: a title stops before it ("Prepare lunches for the week | including …"). */
const SECOND_THOUGHT = /\s*(?:[,;:(–—]|\s-\s)\s*|\s+(?=(?:and then|then|including|which|so that|so|because|while|but|in order to|as well as|to help|to make sure)\b)/i;
/** A title this long or shorter reads at a glance; a longer first thought is cut at a word. */
const TITLE_GLANCE = 48;

/**
 * A manual action's title: a real short title, never the description cut off with an ellipsis and then
 * repeated under it. Its first sentence without lead-ins such as "I want to", up to the first second
 * thought ("Prepare lunches for the week, including vegetables" → "Prepare lunches for the week") when
 * what comes before is at least two words; longer than TITLE_GLANCE, it ends at a whole word, without
 * dangling words. Only a single word longer than MANUAL_TITLE_MAX is cut, with an ellipsis.
 */
export function shortenTitle(description: string): string {
  const whole = description.replace(/\s+/g, ' ').trim();
  let text = whole.split(/(?<=[.!?;])\s/)[0] ?? whole;
  for (let changed = true; changed; ) {
    const before = text;
    for (const leadIn of LEAD_INS) text = text.replace(leadIn, '');
    changed = text !== before;
  }
  text = text.replace(/[\s.!?;:,]+$/, '') || whole.replace(/[\s.!?;:,]+$/, '');
  if (!text) return 'My action';
  const [first] = text.split(SECOND_THOUGHT);
  if (first && first.trim().split(' ').length >= 2) text = first.trim();
  text = text.charAt(0).toLocaleUpperCase('en-GB') + text.slice(1);
  if (text.length <= TITLE_GLANCE) return text;
  const words = text.slice(0, TITLE_GLANCE + 1).split(' ');
  if (words.length > 1) {
    const cut = words.slice(0, -1).join(' ').replace(DANGLING, '');
    if (cut.length >= TITLE_GLANCE / 3) return cut;
  }
  if (text.length <= MANUAL_TITLE_MAX) return text;
  return `${text.slice(0, MANUAL_TITLE_MAX - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

// ── advice and alerts ──

/** The advice as separate sentences: a safety line first, then the two strongest signals, then daylight. */
export function adviceSentences(context: EngineContext): string[] {
  const readings = readFigures(context);
  const sentences: string[] = [];
  if (readings.unwell.length) {
    const chest = readings.unwell.includes('chest pain') ? '; for severe or spreading chest pain, call emergency services now' : '';
    sentences.push(`You logged ${listOf(readings.unwell)} in your latest check-in: skip hard training and speak to a doctor if it persists or gets worse${chest}.`);
  }
  const strongest = [...readings.signals.values()].sort((a, b) => b.severity - a.severity).slice(0, 2);
  for (const reading of strongest) sentences.push(reading.reason, reading.tip);
  if (!strongest.length) {
    const { sleepMinutes: sleep, steps } = context;
    if (sleep.recent !== null || steps.recent !== null) {
      const figures = [
        sleep.recent !== null ? `sleep averaged ${formatMinutes(sleep.recent)} over ${span(sleep.recentDays, 'night')}` : null,
        steps.recent !== null ? `steps ${count(steps.recent)} a day` : null,
      ].filter((figure): figure is string => figure !== null);
      sentences.push(`Your figures are steady: ${listOf(figures)}.`, 'Keep the routine and add two strength sessions this week to protect muscle and testosterone.');
    } else {
      sentences.push('Bring in your wearable’s data on My devices and complete your daily check-in, and this advice will be built from your own figures.', 'Until then, the foundations are 7 to 9 hours of sleep, 8,000 steps a day and two strength sessions a week.');
    }
  }
  const daylight = context.daylight;
  if (daylight?.hours != null && daylight.hours <= 0 && !daylight.sunrise) {
    sentences.push('The sun does not rise today where you are: start the day under bright light, and keep up vitamin D from oily fish or a supplement.');
  } else if (daylight?.hours != null && daylight.hours >= 24 && !daylight.sunrise) {
    sentences.push('The sun does not set today where you are: keep your bedroom dark and your wake time fixed to protect your sleep.');
  } else if (daylight?.hours != null) {
    const sunrise = daylight.sunrise ? `; sunrise is at ${daylight.sunrise}, so get outside within an hour of it` : '; get outside for 10 minutes in the morning';
    sentences.push(`You have ${formatMinutes(daylight.hours * 60)} of daylight today${sunrise}.`);
  } else if (daylight?.sunrise) {
    sentences.push(`Sunrise is at ${daylight.sunrise}: get outside within an hour of it for 10 minutes of daylight.`);
  }
  return sentences;
}

/** The dashboard banner: low HRV, three short nights, a new lab result, the trial ending; the first that applies. */
export function alertFor(signals: AlertSignals): Alert | null {
  const { recent, baseline, recentDays } = signals.hrvMs;
  if (recent !== null && baseline !== null && baseline > 0 && (baseline - recent) / baseline >= 0.15) {
    return {
      title: `Your HRV is ${percent((baseline - recent) / baseline)} below your baseline`,
      subtitle: `It averaged ${count(recent)} ms over ${span(recentDays, 'day')} against ${count(baseline)} ms over 30 days. Take it easy today and get to bed early.`,
    };
  }
  const lastThree = signals.recentNightsMinutes.slice(-3);
  if (lastThree.length === 3 && lastThree.every((minutes) => minutes !== null && minutes < SHORT_NIGHT_MINUTES)) {
    return { title: 'Three short nights in a row', subtitle: `You slept ${listOf(lastThree.map((minutes) => formatMinutes(minutes ?? 0)))}. Protect tonight: lights out 30 minutes earlier.` };
  }
  if (signals.newLabResult && ISO_DAY.isReal(signals.newLabResult.takenOn)) {
    // The report as a whole: its day, and what is outside the lab's ranges first.
    const { takenOn, results, outside, charted } = signals.newLabResult;
    const title = `New results from your blood test of ${formatDateGB(ISO_DAY.toDate(takenOn))}`;
    const verdict = outside.length
      ? `${outside.length} of ${results} outside the lab’s range: ${listOf(outside.map(({ name, flag }) => `${name} ${flag}`))}. See them on My results.`
      : results === 1
        ? 'It is within the lab’s range.'
        : `All ${results} are within the lab’s ranges.`;
    // Only where the trend is shown: the dashboard's T-Results chart has total testosterone, nothing else does yet.
    return { title, subtitle: charted ? `${verdict} Your testosterone is on the T-Results chart beside your earlier ones.` : verdict };
  }
  if (signals.trialEndsOn && ISO_DAY.isReal(signals.trialEndsOn) && ISO_DAY.isReal(signals.day)) {
    const daysLeft = Math.round((ISO_DAY.toDate(signals.trialEndsOn).getTime() - ISO_DAY.toDate(signals.day).getTime()) / 86_400_000);
    if (daysLeft >= 0 && daysLeft <= TRIAL_NOTICE_DAYS) {
      const when = daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
      return { title: `Your free trial ends ${when}`, subtitle: `Your last trial day is ${formatDayGB(ISO_DAY.toDate(signals.trialEndsOn))}. Manage your subscription in Settings.` };
    }
  }
  return null;
}

/** The default engine: instant, deterministic, and working from the user's own figures. */
export const builtinEngine: AiEngine = {
  name: 'builtin',
  dailyActions: async (context) => pickActions(context),
  manualActionTitle: async (description) => shortenTitle(description),
  advice: async (context) => adviceSentences(context).join(' '),
  alert: async (signals) => alertFor(signals),
  reflection: async (context, transcript) => builtinReflection(context, transcript),
  // The computed texts already say what they mean.
  phrasePatterns: async (insights) => [...insights],
};
