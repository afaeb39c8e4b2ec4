import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { actionShortlist, actionsInTodaysWords, adviceSentences, alertFor, builtinEngine, shortenTitle } from '@/lib/ai/builtin-engine';
import { formatMinutes } from '@/lib/format';
import { CATALOGUE, catalogueAction, SIGNALS } from '@/lib/ai/catalogue';
import { ACTION_CATEGORIES, type AlertSignals, type EngineContext, type RecentVsBaseline } from '@/lib/ai/engine';

const NONE: RecentVsBaseline = { recent: null, recentDays: 0, baseline: null };
const week = (recent: number, baseline: number | null): RecentVsBaseline => ({ recent, recentDays: 7, baseline });

function context(overrides: Partial<EngineContext> = {}): EngineContext {
  return { day: '2026-03-10', sleepMinutes: NONE, steps: NONE, hrvMs: NONE, restingHrBpm: NONE, weight: { latestKg: null, goalKg: null }, checkIn: null, yesterdayActionIds: [], ...overrides };
}

const STEADY = context({
  sleepMinutes: week(455, 450),
  steps: week(9500, 9400),
  hrvMs: week(52, 51),
  restingHrBpm: week(56, 57),
  weight: { latestKg: 82, goalKg: 82 },
});
const SHORT_SLEEP = context({ sleepMinutes: week(370, 418) });
const LOW_STEPS = context({ steps: week(4820, 6750) });
const STRAINED = context({ hrvMs: week(38, 47) });
const HEAVY = context({ weight: { latestKg: 92.4, goalKg: 85 } });
const HARD = ['move-strength-session', 'move-zone-2-cardio'];

/** The next `count` UTC days from 2026-03-10. */
const days = (count: number) => Array.from({ length: count }, (_, index) => new Date(Date.UTC(2026, 2, 10 + index)).toISOString().slice(0, 10));
const ids = (actions: { id: string }[]) => actions.map((action) => action.id);

afterEach(() => {
  jest.restoreAllMocks();
});

describe('aiEngine() without OPENAI_API_KEY', () => {
  it('is the built-in engine, and tells the operator once how to turn a model on', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // lib/env.ts reads the environment once, when first imported.
    process.env.OPENAI_API_KEY = '';
    const { aiEngine } = await import('@/lib/ai');
    expect(aiEngine()).toBe(builtinEngine);
    expect(aiEngine()).toBe(builtinEngine);
    expect(warn.mock.calls).toEqual([
      ['[setup] Generated texts come from the built-in engine: set OPENAI_API_KEY (with OPENAI_MODEL, and OPENAI_BASE_URL for a compatible server such as Ollama or vLLM) to have a model phrase them.'],
    ]);
  });
});

describe('the catalogue', () => {
  it('holds at least 16 actions with unique ids, at least four in each category', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(16);
    expect(new Set(ids([...CATALOGUE])).size).toBe(CATALOGUE.length);
    for (const category of ACTION_CATEGORIES) expect(CATALOGUE.filter((action) => action.category === category).length).toBeGreaterThanOrEqual(4);
  });

  it('gives every action a title of at most 60 characters, a description, evidence and known triggers', () => {
    for (const action of CATALOGUE) {
      expect(action.title.replace('{steps}', '10,000').length).toBeLessThanOrEqual(60);
      expect(action.description.length).toBeGreaterThan(20);
      expect(action.evidence.length).toBeGreaterThan(20);
      expect(action.triggers.length).toBeGreaterThan(0);
      for (const trigger of action.triggers) expect(SIGNALS).toContain(trigger);
    }
    expect(catalogueAction('move-step-target')?.category).toBe('movement');
    expect(catalogueAction('drink-more-coffee')).toBeUndefined();
  });
});

describe('formatMinutes', () => {
  it.each([
    [370, '6 h 10 min'],
    [48, '48 min'],
    [420, '7 h'],
    [419.6, '7 h'],
    [0, '0 min'],
  ])('%p → %p', (minutes, text) => expect(formatMinutes(minutes)).toBe(text));
});

describe('daily actions', () => {
  it('are four different catalogue actions, whatever the figures', async () => {
    for (const input of [context(), STEADY, SHORT_SLEEP, LOW_STEPS, STRAINED, HEAVY]) {
      const actions = await builtinEngine.dailyActions(input);
      expect(actions).toHaveLength(4);
      expect(new Set(ids(actions)).size).toBe(4);
      for (const action of actions) {
        expect(action.category).toBe(catalogueAction(action.id)?.category);
        expect(action.title.length).toBeLessThanOrEqual(60);
        expect(action.reason).not.toBe('');
      }
    }
  });

  it('are the same for the same figures and day, without Math.random', async () => {
    jest.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random was called');
    });
    const first = await builtinEngine.dailyActions(SHORT_SLEEP);
    expect(await builtinEngine.dailyActions(structuredClone(SHORT_SLEEP))).toEqual(first);
  });

  it('vary from day to day when nothing stands out, and cover all four categories', async () => {
    const sets = new Set<string>();
    for (const day of days(14)) {
      const actions = await builtinEngine.dailyActions(context({ day }));
      expect(new Set(actions.map((action) => action.category))).toEqual(new Set(ACTION_CATEGORIES));
      sets.add(ids(actions).sort().join());
    }
    expect(sets.size).toBeGreaterThan(3);
  });

  it('answer short sleep with sleep actions, one quoting the figures and each with its own reason', async () => {
    const actions = await builtinEngine.dailyActions(SHORT_SLEEP);
    const sleep = actions.filter((action) => action.category === 'sleep');
    expect(sleep.length).toBeGreaterThanOrEqual(1);
    expect(actions.map((action) => action.reason)).toContain('Your sleep averaged 6 h 10 min over 7 nights, 48 min below your 30-day baseline.');
    // The second answer to the same short nights says why it helps rather than quoting them again.
    expect(new Set(actions.map((action) => action.reason)).size).toBe(actions.length);
  });

  it('give each of the day’s actions its own “Why today”, whatever the figures', async () => {
    for (const figures of [SHORT_SLEEP, LOW_STEPS, STRAINED, HEAVY, STEADY, context({ checkIn: { mood: 'SAD', energy: 'LOW', symptoms: ['Insomnia'] } })]) {
      const reasons = (await builtinEngine.dailyActions(figures)).map((action) => action.reason);
      expect(new Set(reasons).size).toBe(reasons.length);
    }
  });

  it('compare short sleep with the 7 h adults need when the baseline is as short', async () => {
    const [first] = await builtinEngine.dailyActions(context({ sleepMinutes: { recent: 385, recentDays: 5, baseline: 390 } }));
    expect(first?.reason).toBe('Your sleep averaged 6 h 25 min over 5 nights, short of the 7 h most adults need.');
  });

  it('answer low steps with a walking target above the user’s average', async () => {
    const actions = await builtinEngine.dailyActions(LOW_STEPS);
    const walk = actions.find((action) => action.id === 'move-step-target');
    expect(walk?.title).toBe('Walk 7,000 steps today');
    expect(actions.map((action) => action.reason)).toContain('Your steps averaged 4,820 a day over 7 days, 1,930 below your 30-day baseline.');
  });

  it('answer a low HRV with recovery and leave hard training out altogether', async () => {
    const actions = await builtinEngine.dailyActions(STRAINED);
    expect(actions.filter((action) => action.category === 'recovery').length).toBeGreaterThanOrEqual(1);
    expect(actions[0]?.reason).toBe('Your HRV averaged 38 ms over 7 days, 19% below your 30-day baseline of 47 ms.');
    const everything = ids(actionShortlist(STRAINED, CATALOGUE.length));
    for (const id of HARD) expect(everything).not.toContain(id);
    expect(ids(actionShortlist(STEADY, CATALOGUE.length))).toEqual(expect.arrayContaining(HARD));
  });

  it('answer a weight above the goal with nutrition and movement', async () => {
    const actions = await builtinEngine.dailyActions(HEAVY);
    expect(actions.map((action) => action.category)).toEqual(expect.arrayContaining(['nutrition', 'movement']));
    expect(actions[0]?.reason).toBe('You weigh 92.4 kg, 7.4 kg above your goal of 85 kg.');
  });

  it('quote the weight in the member’s units: pounds for a member who reads pounds', async () => {
    const actions = await builtinEngine.dailyActions({ ...HEAVY, units: 'imperial' });
    expect(actions[0]?.reason).toBe('You weigh 203.7 lbs, 16.3 lbs above your goal of 187.4 lbs.');
  });

  it('put an action of the day in today’s words: the same action, its reason from the figures now', () => {
    const [first] = actionShortlist(HEAVY, 1);
    const lighter = { ...HEAVY, weight: { latestKg: 90, goalKg: 85 } };
    expect(actionsInTodaysWords([first!.id], lighter)).toMatchObject([{ id: first!.id, reason: 'You weigh 90 kg, 5 kg above your goal of 85 kg.' }]);
    expect(actionsInTodaysWords(['not-in-the-catalogue'], lighter)).toEqual([]);
  });

  it('follow the check-in: insomnia, anxiety and low mood; no hard training with a fever', async () => {
    const actions = await builtinEngine.dailyActions(context({ checkIn: { mood: 'SAD', energy: 'MODERATE', symptoms: ['Insomnia', 'Anxiety', 'Fever'] } }));
    const reasons = actions.map((action) => action.reason);
    expect(reasons).toContain('You logged insomnia in your latest check-in.');
    expect(reasons).toContain('You logged anxiety in your latest check-in.');
    expect(ids(actions).some((id) => HARD.includes(id))).toBe(false);
  });

  it('fall back on the area’s figure, or the evidence, when no signal calls for an action', async () => {
    const steady = await builtinEngine.dailyActions(STEADY);
    expect(steady.find((action) => action.category === 'movement')?.reason).toBe('Your steps averaged 9,500 a day over 7 days; this builds on them.');
    const blank = await builtinEngine.dailyActions(context());
    for (const action of blank) expect(action.reason).toBe(catalogueAction(action.id)?.evidence);
  });

  it('never repeat yesterday’s set exactly, changing one action only', async () => {
    for (const base of [context(), STEADY, SHORT_SLEEP, LOW_STEPS, STRAINED, HEAVY]) {
      for (const day of days(5)) {
        const fresh = ids(await builtinEngine.dailyActions({ ...base, day }));
        const again = ids(await builtinEngine.dailyActions({ ...base, day, yesterdayActionIds: [...fresh].reverse() }));
        expect(new Set(again).size).toBe(4);
        expect([...again].sort()).not.toEqual([...fresh].sort());
        expect(again.filter((id) => fresh.includes(id))).toHaveLength(3);
      }
    }
  });
});

describe('manual action titles', () => {
  it.each([
    ['I want to walk the dog for 30 minutes after dinner.', 'Walk the dog for 30 minutes after dinner'],
    ['Tonight, I will read a book before bed', 'Read a book before bed'],
    ['Call mum. Then tidy the garage and fix the bike.', 'Call mum'],
    ['   meditate   ', 'Meditate'],
    ['I’d like to try to stretch', 'Stretch'],
    ['', 'My action'],
  ])('%p → %p', async (description, title) => expect(await builtinEngine.manualActionTitle(description)).toBe(title));

  it('give a long description a real short title: its first thought, a whole phrase, never cut off with an ellipsis', async () => {
    const title = await builtinEngine.manualActionTitle('Prepare healthy lunches for the whole week ahead including lots of vegetables and lean protein');
    expect(title).toBe('Prepare healthy lunches for the whole week ahead');
    expect(shortenTitle('Do one thing and then another thing and then yet another one and')).toBe('Do one thing');
    expect(shortenTitle('Take a 20-minute walk after lunch every day to help my digestion and my mood')).toBe('Take a 20-minute walk after lunch every day');
    expect(shortenTitle('Drink two litres of water spread over the day and avoid sugary drinks, especially after 6pm')).toBe('Drink two litres of water spread over the day');
    // A first thought longer than a glance ends at a whole word, without a dangling "and" or "the".
    expect(shortenTitle('Walk the dog and stretch for twenty minutes before breakfast every single morning')).toBe('Walk the dog and stretch for twenty minutes');
  });

  it('cut a single long word to exactly 60 characters', () => {
    const title = shortenTitle('a'.repeat(200));
    expect(title).toHaveLength(60);
    expect(title.endsWith('…')).toBe(true);
  });

  it('stay within 60 characters for any of the 200 characters a manual action allows', () => {
    const words = ['walk', 'the', 'dog', 'and', 'stretch', 'for', 'twenty', 'minutes', 'before', 'breakfast,', 'then', 'drink'];
    for (let length = 1; length <= 200; length += 7) {
      const description = Array.from({ length }, (_, index) => words[(index * 7 + length) % words.length]).join(' ').slice(0, 200);
      expect(shortenTitle(description).length).toBeLessThanOrEqual(60);
    }
  });
});

describe('advice', () => {
  it('leads with the strongest signal, its figures and what to do', async () => {
    expect(await builtinEngine.advice(SHORT_SLEEP)).toBe(
      'Your sleep averaged 6 h 10 min over 7 nights, 48 min below your 30-day baseline. Aim for lights out 30 minutes earlier and keep the same wake time, weekends included.',
    );
  });

  it('says the figures are steady and uses daylight and sunrise when given', async () => {
    expect(await builtinEngine.advice({ ...STEADY, daylight: { hours: 8.5, sunrise: '07:12' } })).toBe(
      'Your figures are steady: sleep averaged 7 h 35 min over 7 nights and steps 9,500 a day. Keep the routine and add two strength sessions this week to protect muscle and testosterone. You have 8 h 30 min of daylight today; sunrise is at 07:12, so get outside within an hour of it.',
    );
  });

  it('puts a doctor first when the check-in reports chest pain', () => {
    const [first] = adviceSentences(context({ checkIn: { mood: 'NEUTRAL', energy: 'MODERATE', symptoms: ['Chest pain'] } }));
    expect(first).toBe(
      'You logged chest pain in your latest check-in: skip hard training and speak to a doctor if it persists or gets worse; for severe or spreading chest pain, call emergency services now.',
    );
  });

  it('gives the foundations without any figures', async () => {
    expect(await builtinEngine.advice(context())).toMatch(/^Bring in your wearable’s data on My devices and complete your daily check-in/);
  });
});

describe('alerts', () => {
  const quiet: AlertSignals = { day: '2026-03-10', hrvMs: week(45, 47), recentNightsMinutes: [420, 400, 450], newLabResult: null, trialEndsOn: null };

  it('are null when no rule applies', async () => {
    expect(await builtinEngine.alert(quiet)).toBeNull();
  });

  it('flag an HRV at least 15% below the baseline first', async () => {
    const alert = await builtinEngine.alert({ ...quiet, hrvMs: week(38, 47), recentNightsMinutes: [300, 310, 320], newLabResult: { takenOn: '2026-03-02', results: 1, outside: [], charted: true }, trialEndsOn: '2026-03-11' });
    expect(alert).toEqual({ title: 'Your HRV is 19% below your baseline', subtitle: 'It averaged 38 ms over 7 days against 47 ms over 30 days. Take it easy today and get to bed early.' });
    expect(alertFor({ ...quiet, hrvMs: week(40.1, 47) })).toBeNull();
  });

  it('flag three short nights in a row, the latest three only', () => {
    expect(alertFor({ ...quiet, recentNightsMinutes: [480, 350, 340, 355] })).toEqual({
      title: 'Three short nights in a row',
      subtitle: 'You slept 5 h 50 min, 5 h 40 min and 5 h 55 min. Protect tonight: lights out 30 minutes earlier.',
    });
    expect(alertFor({ ...quiet, recentNightsMinutes: [350, 340, 360] })).toBeNull();
    expect(alertFor({ ...quiet, recentNightsMinutes: [350, null, 340] })).toBeNull();
    expect(alertFor({ ...quiet, recentNightsMinutes: [350, 340] })).toBeNull();
  });

  it('flag a new blood test before the trial ending, by its day and what is outside its ranges, pointing only to a chart that shows it', () => {
    expect(alertFor({ ...quiet, newLabResult: { takenOn: '2026-03-02', results: 1, outside: [], charted: true }, trialEndsOn: '2026-03-10' })).toEqual({
      title: 'New results from your blood test of 2 Mar 2026',
      subtitle: 'It is within the lab’s range. Your testosterone is on the T-Results chart beside your earlier ones.',
    });
    // The report as a whole, what is outside its ranges first; no chart promised for what none shows.
    const outside = [
      { name: 'vitamin D', flag: 'low' as const },
      { name: 'haematocrit', flag: 'high' as const },
    ];
    expect(alertFor({ ...quiet, newLabResult: { takenOn: '2026-03-04', results: 49, outside, charted: false } })).toEqual({
      title: 'New results from your blood test of 4 Mar 2026',
      subtitle: '2 of 49 outside the lab’s range: vitamin D low and haematocrit high. See them on My results.',
    });
    expect(alertFor({ ...quiet, newLabResult: { takenOn: '2026-03-04', results: 12, outside: [], charted: false } })?.subtitle).toBe('All 12 are within the lab’s ranges.');
  });

  it('flag the trial ending within three days', () => {
    expect(alertFor({ ...quiet, trialEndsOn: '2026-03-12' })).toEqual({ title: 'Your free trial ends in 2 days', subtitle: 'Your last trial day is 12/03/2026. Manage your subscription in Settings.' });
    expect(alertFor({ ...quiet, trialEndsOn: '2026-03-10' })?.title).toBe('Your free trial ends today');
    expect(alertFor({ ...quiet, trialEndsOn: '2026-03-11' })?.title).toBe('Your free trial ends tomorrow');
    expect(alertFor({ ...quiet, trialEndsOn: '2026-03-14' })).toBeNull();
    expect(alertFor({ ...quiet, trialEndsOn: '2026-03-09' })).toBeNull();
  });
});

describe('blood results outside the lab’s range steer the day', () => {
  const vitaminD = { marker: 'vitamin_d', name: 'vitamin D', result: '27.4 ng/mL', flag: 'Low', limit: '30', takenOn: '4 Mar 2026' } as const;
  const haematocrit = { marker: 'haematocrit', name: 'haematocrit', result: '0.55 L/L', flag: 'High', limit: '0.54', takenOn: '4 Mar 2026' } as const;

  it('puts an action for each among today’s four, each giving the result as its basis', () => {
    const actions = builtinEngine.dailyActions(context({ ...STEADY, flaggedResults: [vitaminD, haematocrit] }));
    return actions.then((today) => {
      const reasons = today.map((action) => action.reason);
      expect(reasons).toContain('Your vitamin D was 27.4 ng/mL on 4 Mar 2026, below the lab’s 30.');
      expect(reasons).toContain('Your haematocrit was 0.55 L/L on 4 Mar 2026, above the lab’s 0.54.');
      expect(ids(today)).toEqual(expect.arrayContaining(['food-vitamin-d-sources', 'food-haematocrit-water']));
    });
  });

  it('without such a result, neither action is chosen, and the advice names no result', () => {
    const shortlist = ids(actionShortlist(STEADY, 8));
    expect(shortlist).not.toContain('food-vitamin-d-sources');
    expect(shortlist).not.toContain('food-haematocrit-water');
    expect(adviceSentences(STEADY).join(' ')).not.toMatch(/vitamin D|haematocrit/);
  });

  it('a result the other way (a high vitamin D) steers nothing', () => {
    const high = { ...vitaminD, flag: 'High', result: '112 ng/mL', limit: '100' } as const;
    expect(ids(actionShortlist(context({ ...STEADY, flaggedResults: [high] }), 8))).not.toContain('food-vitamin-d-sources');
  });
});

