import type { ActionCategory } from './engine';

/** What the built-in rules can read in a user's figures; each makes some actions relevant. */
export const SIGNALS = [
  'shortSleep',
  'lowSteps',
  'lowHrv',
  'highRestingHr',
  'aboveGoalWeight',
  'belowGoalWeight',
  'lowMood',
  'lowEnergy',
  'poorSleepReported',
  'stressReported',
  'achesReported',
  'foggyReported',
  'constipationReported',
  /** Today's readiness (lib/scores/readiness.ts) in its 'ease off' band. */
  'lowReadiness',
  /** Today's readiness in its 'go hard' band. */
  'highReadiness',
  /** Blood results outside the lab's range: the latest vitamin D below it. */
  'lowVitaminD',
  /** The latest haematocrit above the lab's range. */
  'highHaematocrit',
  /** The latest LDL cholesterol, non-HDL cholesterol or ApoB above the lab's range. */
  'highLdl',
] as const;
export type Signal = (typeof SIGNALS)[number];

export type CatalogueAction = {
  /** Stable: stored with each day's set and compared with yesterday's. */
  id: string;
  category: ActionCategory;
  /** At most 60 characters; `{steps}` is replaced with the user's step target. */
  title: string;
  description: string;
  /** The signals that make this action relevant, best fit first. */
  triggers: readonly Signal[];
  /** Hard sessions are left out while recovery is strained or the user reports feeling unwell. */
  intensity: 'gentle' | 'hard';
  /** Only when one of its triggers fires: an action for a blood result makes no sense without that result. */
  needsTrigger?: true;
  /** Walking targets: the user's 7-day mean plus `add`, rounded to 500, kept within floor and cap. */
  stepTarget?: { add: number; floor: number; cap: number };
  /** The evidence in one line, for the model's prompt and for reviewers. */
  evidence: string;
};

export const CATEGORY_LABELS: Readonly<Record<ActionCategory, string>> = {
  sleep: 'Sleep',
  movement: 'Movement',
  nutrition: 'Nutrition',
  recovery: 'Recovery and stress',
};

export const CATALOGUE: readonly CatalogueAction[] = [
  // ── sleep ──
  {
    id: 'sleep-earlier-lights-out',
    category: 'sleep',
    title: 'Lights out 30 minutes earlier tonight',
    description: 'Set an alarm for 30 minutes before your usual bedtime and start winding down when it goes off.',
    triggers: ['shortSleep', 'lowEnergy'],
    intensity: 'gentle',
    evidence: 'A week of 5-hour nights lowers daytime testosterone in young men; extending short sleep restores alertness.',
  },
  {
    id: 'sleep-fixed-wake-time',
    category: 'sleep',
    title: 'Get up at your usual time, even after a short night',
    description: 'Keep your wake time within 30 minutes of normal today, weekend or not, and nap no longer than 20 minutes.',
    triggers: ['poorSleepReported', 'shortSleep', 'lowEnergy'],
    intensity: 'gentle',
    evidence: 'A regular sleep schedule is linked to better sleep quality and mood than total sleep time alone.',
  },
  {
    id: 'sleep-caffeine-cutoff',
    category: 'sleep',
    title: 'No caffeine after 14:00',
    description: 'Switch to water or decaffeinated drinks from 14:00; caffeine takes 5 to 6 hours to halve in the body.',
    triggers: ['poorSleepReported', 'shortSleep', 'stressReported', 'highRestingHr'],
    intensity: 'gentle',
    evidence: 'Caffeine even 6 hours before bed measurably shortens total sleep.',
  },
  {
    id: 'sleep-screens-off',
    category: 'sleep',
    title: 'Screens off an hour before bed',
    description: 'Put your phone on charge outside the bedroom and read, stretch or talk for the last hour of the day.',
    triggers: ['poorSleepReported', 'shortSleep', 'stressReported'],
    intensity: 'gentle',
    evidence: 'Evening screen use delays sleep onset and shortens sleep, mostly through arousal and lost time.',
  },
  {
    id: 'sleep-cool-dark-room',
    category: 'sleep',
    title: 'Make the bedroom cool and dark',
    description: 'Aim for about 18 °C, open a window or turn the heating down, and block light with curtains or an eye mask.',
    triggers: ['poorSleepReported', 'shortSleep'],
    intensity: 'gentle',
    evidence: 'A cool, dark room supports the drop in core temperature and melatonin release that start sleep.',
  },
  {
    id: 'sleep-morning-daylight',
    category: 'sleep',
    title: 'Get 10 minutes of daylight within an hour of waking',
    description: 'Step outside without sunglasses for at least 10 minutes in the morning, longer on an overcast day.',
    triggers: ['lowMood', 'lowEnergy', 'foggyReported', 'poorSleepReported', 'shortSleep', 'lowVitaminD'],
    intensity: 'gentle',
    evidence: 'Morning light anchors the body clock, bringing sleep earlier and lifting daytime mood and alertness.',
  },
  // ── movement ──
  {
    id: 'move-step-target',
    category: 'movement',
    title: 'Walk {steps} steps today',
    description: 'Spread them through the day: a walk after each meal and the stairs instead of the lift add up quickly.',
    triggers: ['lowSteps', 'aboveGoalWeight', 'lowMood'],
    intensity: 'gentle',
    stepTarget: { add: 2000, floor: 6000, cap: 10000 },
    evidence: 'Mortality risk falls steadily with daily steps up to about 8,000 to 10,000 for adults under 60.',
  },
  {
    id: 'move-walk-after-meals',
    category: 'movement',
    title: 'Walk for 10 minutes after your largest meal',
    description: 'A gentle 10-minute walk straight after eating, indoors or out.',
    triggers: ['lowSteps', 'aboveGoalWeight', 'constipationReported'],
    intensity: 'gentle',
    evidence: 'Short walks after meals blunt the rise in blood glucose more than the same walk at other times.',
  },
  {
    id: 'move-hourly-breaks',
    category: 'movement',
    title: 'Stand up and move for 3 minutes every hour',
    description: 'Set an hourly reminder during the working day: walk, climb a flight of stairs or do 10 squats.',
    triggers: ['lowSteps', 'foggyReported', 'lowEnergy'],
    intensity: 'gentle',
    evidence: 'Breaking up long sitting improves blood glucose, blood pressure and alertness.',
  },
  {
    id: 'move-strength-session',
    category: 'movement',
    title: 'Do a 20-minute full-body strength session',
    description: 'Three rounds of squats, push-ups, rows and a plank; stop each set with two good repetitions left.',
    triggers: ['belowGoalWeight', 'aboveGoalWeight', 'lowMood', 'highReadiness'],
    intensity: 'hard',
    evidence: 'Resistance training builds muscle, improves insulin sensitivity and supports healthy testosterone levels.',
  },
  {
    id: 'move-zone-2-cardio',
    category: 'movement',
    title: 'Do 30 minutes of easy cardio',
    description: 'Cycle, jog, row or walk uphill at a pace where you can still speak in full sentences.',
    triggers: ['highReadiness', 'highRestingHr', 'aboveGoalWeight', 'lowSteps', 'highLdl'],
    intensity: 'hard',
    evidence: 'Regular moderate aerobic exercise lowers resting heart rate and raises cardiorespiratory fitness.',
  },
  // ── nutrition ──
  {
    id: 'food-protein-breakfast',
    category: 'nutrition',
    title: 'Have about 30 g of protein at breakfast',
    description: 'For example three eggs, a bowl of Greek yoghurt with nuts, or smoked fish on toast.',
    triggers: ['aboveGoalWeight', 'belowGoalWeight', 'lowEnergy'],
    intensity: 'gentle',
    evidence: 'A protein-rich breakfast increases fullness and helps keep muscle while losing fat.',
  },
  {
    id: 'food-water-first',
    category: 'nutrition',
    title: 'Drink a large glass of water on waking',
    description: 'Then keep a bottle in sight and aim for pale yellow urine through the day, more when you sweat.',
    triggers: ['foggyReported', 'lowEnergy', 'highRestingHr', 'constipationReported', 'highHaematocrit'],
    intensity: 'gentle',
    evidence: 'Even mild dehydration worsens concentration, mood and headaches, and raises heart rate.',
  },
  {
    id: 'food-extra-vegetables',
    category: 'nutrition',
    title: 'Add two extra portions of vegetables or pulses',
    description: 'Fill half your plate with vegetables at lunch and dinner, or add beans or lentils to a meal.',
    triggers: ['constipationReported', 'aboveGoalWeight', 'highLdl'],
    intensity: 'gentle',
    evidence: 'Higher fibre intake improves bowel regularity and is linked to lower weight and heart disease risk.',
  },
  {
    id: 'food-alcohol-free-day',
    category: 'nutrition',
    title: 'Make today alcohol-free',
    description: 'Swap your usual drink for sparkling water or an alcohol-free beer, especially in the evening.',
    triggers: ['lowHrv', 'highRestingHr', 'shortSleep', 'poorSleepReported'],
    intensity: 'gentle',
    evidence: 'Alcohol fragments sleep, lowers overnight heart rate variability and raises resting heart rate.',
  },
  {
    id: 'food-early-dinner',
    category: 'nutrition',
    title: 'Finish dinner 3 hours before bed',
    description: 'Plan dinner early enough that the kitchen closes 3 hours before you turn the lights out.',
    triggers: ['shortSleep', 'aboveGoalWeight', 'poorSleepReported'],
    intensity: 'gentle',
    evidence: 'Late, large meals are linked to worse sleep quality and reflux.',
  },
  {
    id: 'food-oily-fish',
    category: 'nutrition',
    title: 'Eat a portion of oily fish',
    description: 'Salmon, mackerel, sardines or trout at one meal today; a handful of walnuts if you do not eat fish.',
    triggers: ['lowMood', 'achesReported', 'lowVitaminD', 'highLdl'],
    intensity: 'gentle',
    evidence: 'Omega-3 fats from oily fish are linked to lower cardiovascular risk and support mood.',
  },
  {
    id: 'food-vitamin-d-sources',
    category: 'nutrition',
    title: 'Eat a vitamin D food and ask about a supplement',
    description: 'Oily fish, eggs or a fortified cereal at one meal today, and ask your doctor whether a vitamin D supplement suits you.',
    triggers: ['lowVitaminD'],
    needsTrigger: true,
    intensity: 'gentle',
    evidence: 'Few foods carry vitamin D; the NHS advises a daily 10 microgram supplement in autumn and winter (nhs.uk, Vitamin D).',
  },
  {
    id: 'food-haematocrit-water',
    category: 'nutrition',
    title: 'Drink 2 litres of water and book a word with your doctor',
    description: 'Spread the water over the day, and raise your high haematocrit with your doctor, above all if you take testosterone.',
    triggers: ['highHaematocrit'],
    needsTrigger: true,
    intensity: 'gentle',
    evidence: 'Dehydration raises haematocrit; on testosterone therapy, a haematocrit above 54 % calls for a review (Endocrine Society guideline, 2018).',
  },
  {
    id: 'food-ldl-swap',
    category: 'nutrition',
    title: 'Swap one red-meat or butter meal for fish or beans',
    description: 'Oats, beans, nuts and olive oil in place of fatty meat, butter and cream at one meal today.',
    triggers: ['highLdl'],
    needsTrigger: true,
    intensity: 'gentle',
    evidence: 'Replacing saturated fat with unsaturated fat and adding soluble fibre lowers LDL cholesterol (NHS, High cholesterol).',
  },
  // ── recovery and stress ──
  {
    id: 'recover-slow-breathing',
    category: 'recovery',
    title: 'Breathe slowly for 5 minutes, twice today',
    description: 'Breathe in for 4 seconds and out for 6, about 6 breaths a minute, once in the morning and once in the evening.',
    triggers: ['stressReported', 'lowHrv', 'highRestingHr', 'poorSleepReported', 'lowReadiness'],
    intensity: 'gentle',
    evidence: 'Slow-paced breathing raises heart rate variability and lowers stress and blood pressure.',
  },
  {
    id: 'recover-easy-day',
    category: 'recovery',
    title: 'Make today an easy day',
    description: 'Swap hard training for a walk or gentle cycling, and keep your heart rate conversational.',
    triggers: ['lowReadiness', 'lowHrv', 'highRestingHr', 'achesReported', 'lowEnergy'],
    intensity: 'gentle',
    evidence: 'Easing off when HRV is low (HRV-guided training) gives fitness gains at least as good as a fixed hard plan.',
  },
  {
    id: 'recover-rest-break',
    category: 'recovery',
    title: 'Take a 15-minute rest with your eyes closed',
    description: 'Lie down in the early afternoon with a guided body scan or simply rest; set an alarm so it stays short.',
    triggers: ['lowEnergy', 'shortSleep', 'lowHrv', 'lowReadiness'],
    intensity: 'gentle',
    evidence: 'Short daytime rest improves alertness after short sleep without harming the night that follows.',
  },
  {
    id: 'recover-mobility',
    category: 'recovery',
    title: 'Do 10 minutes of mobility work',
    description: 'Slow hip, shoulder and spine movements through a comfortable range: no forcing, no pain.',
    triggers: ['achesReported', 'lowHrv'],
    intensity: 'gentle',
    evidence: 'Regular gentle movement reduces stiffness and musculoskeletal pain.',
  },
  {
    id: 'recover-see-a-friend',
    category: 'recovery',
    title: 'Call or meet a friend today',
    description: 'Arrange a walk, a coffee or a phone call with someone you enjoy talking to.',
    triggers: ['lowMood', 'stressReported'],
    intensity: 'gentle',
    evidence: 'Social connection is one of the strongest predictors of wellbeing and longevity.',
  },
  {
    id: 'recover-worry-list',
    category: 'recovery',
    title: 'Write tomorrow’s to-do list before bed',
    description: 'Spend 5 minutes writing down what is on your mind and the first steps for tomorrow, then close the notebook.',
    triggers: ['poorSleepReported', 'stressReported'],
    intensity: 'gentle',
    evidence: 'Writing a to-do list at bedtime helps people fall asleep faster.',
  },
];

const BY_ID = new Map(CATALOGUE.map((action) => [action.id, action]));

/** The catalogue action with this id, or undefined for any other string. */
export function catalogueAction(id: string): CatalogueAction | undefined {
  return BY_ID.get(id);
}
