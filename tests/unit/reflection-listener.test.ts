import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { builtinReflection, type ChatTurn, type ReflectionContext, type ReflectionReply } from '@/lib/ai/reflection';
import { hear } from '@/lib/ai/reflection-listening';
import { MANUAL_ACTION_MAX } from '@/lib/validation/daily-actions';
import { detectCrisis } from '@/lib/safety/crisis';
import { MEMBER_MESSAGES, MEMBER_WITH_FIGURES } from '@/tests/fixtures/reflection/messages';

// The built-in reflection as a listener: every member message in the corpus, at the first and the
// second follow-up and in the closing, with and without his own figures.

const FIGURES: ReflectionContext = MEMBER_WITH_FIGURES;
const NO_FIGURES: ReflectionContext = { day: '2026-03-11', mood: null, energy: null, symptoms: [], lastNightSleepMinutes: null, firstName: null };
const CONTEXTS = [
  ['with his figures', FIGURES],
  ['without figures', NO_FIGURES],
] as const;

/** The conversation after `messages`, each answered by the built-in engine; the last answer returned. */
function converse(context: ReflectionContext, messages: readonly string[]): { reply: ReflectionReply; transcript: ChatTurn[] } {
  const transcript: ChatTurn[] = [{ role: 'assistant', content: builtinReflection(context, []).reply }];
  let reply = builtinReflection(context, transcript);
  for (const message of messages) {
    transcript.push({ role: 'user', content: message });
    reply = builtinReflection(context, transcript);
    transcript.push({ role: 'assistant', content: reply.reply });
  }
  return { reply, transcript };
}

const wordsOf = (text: string) => text.toLowerCase().replace(/[‘’`]/g, "'").match(/[\p{L}\p{N}']+/gu) ?? [];

/** The longest run of consecutive words the reply shares with the message. */
function sharedRun(reply: string, message: string): number {
  const [a, b] = [wordsOf(reply), wordsOf(message)];
  let longest = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) row[j] = (previous[j - 1] ?? 0) + 1;
      longest = Math.max(longest, row[j] ?? 0);
    }
    previous = row;
  }
  return longest;
}

const STOCK = /You said|You mentioned|In your words|Thank you for telling me:|What would you like tomorrow to have more of|How did that affect your energy through the day/;
const OPERATOR = /\b(?:server|configured|AI key|API|OpenAI|model|engine|fallback)\b/i;
const CRISIS = /\b(?:999|911|112|116 123|Samaritans|emergency|crisis)\b/i;
/** The questions for a message that names nothing: a reply to one that does must not fall back on them. */
const NOTHING_HEARD = /What took most of your energy today\?|What helped you most today, even a little\?|pick one moment from today/;

function expectListening(reply: string, message: string) {
  expect(reply.length).toBeLessThanOrEqual(600);
  expect(reply.match(/\?/g)).toHaveLength(1);
  expect(reply.endsWith('?')).toBe(true);
  expect(sharedRun(reply, message)).toBeLessThanOrEqual(4);
  expect(reply).not.toMatch(/["“”]/);
  expect(reply).not.toMatch(STOCK);
  expect(reply).not.toMatch(OPERATOR);
  expect(reply).not.toMatch(CRISIS);
  expect(reply).not.toMatch(/null|undefined|NaN|\{\w\}/);
}

describe('the corpus', () => {
  it('holds at least 60 member messages, none of them a crisis (those never reach the listener)', () => {
    expect(MEMBER_MESSAGES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(MEMBER_MESSAGES.map((m) => m.message)).size).toBe(MEMBER_MESSAGES.length);
    for (const { message } of MEMBER_MESSAGES) expect([message, detectCrisis(message)]).toEqual([message, null]);
  });
});

describe.each(MEMBER_MESSAGES)('"$message"', ({ message, topics, feeling, acknowledge, summary, step, mustNot }) => {
  it('is heard: its topics and its feeling', () => {
    const heard = hear(message);
    expect(heard.topics).toEqual(expect.arrayContaining(topics ?? []));
    if (topics?.length) expect(heard.topics[0]).toBe(topics[0]);
    if (!topics) expect(heard.topics).toEqual([]);
    expect(heard.feelings[0]).toBe(feeling);
  });

  it.each(CONTEXTS)('is answered at turns 1 and 2 %s: acknowledged in the listener’s words, with one open question', (_, context) => {
    for (const before of [[], ['ok']]) {
      const { reply } = converse(context, [...before, message]);
      expect(reply.done).toBe(false);
      expect(reply.step).toBeUndefined();
      expectListening(reply.reply, message);
      expect(reply.reply).toMatch(acknowledge);
      if (mustNot && before.length === 0) expect(reply.reply).not.toMatch(mustNot);
      if (topics?.length || feeling) expect(reply.reply).not.toMatch(NOTHING_HEARD);
      // No figures, no numbers: nothing is made up.
      if (context === NO_FIGURES) expect(reply.reply).not.toMatch(/\d/);
    }
  });

  it.each(CONTEXTS)('is summed up in the closing %s, with one small step to add as an action', (_, context) => {
    const { reply } = converse(context, [message, 'idk', 'ok']);
    expect(reply.done).toBe(true);
    expect(reply.reply).not.toMatch(/\?/);
    expect(reply.reply.length).toBeLessThanOrEqual(600);
    expect(sharedRun(reply.reply, message)).toBeLessThanOrEqual(4);
    expect(reply.reply).not.toMatch(STOCK);
    expect(reply.reply).not.toMatch(OPERATOR);
    if (summary) expect(reply.reply).toMatch(summary);
    const description = reply.step?.description ?? '';
    expect(description).toMatch(/^[A-Z].+\.$/);
    expect(description.length).toBeLessThanOrEqual(MANUAL_ACTION_MAX);
    expect(description).not.toMatch(/\n/);
    // The closing offers the very step the button adds.
    expect(reply.reply.toLowerCase()).toContain(description.toLowerCase());
    if (step) expect(description).toMatch(step);
  });
});

describe('his figures', () => {
  it('a tired member hears last night’s sleep, with its source', () => {
    const { reply } = converse(FIGURES, ['so tierd']);
    expect(reply.reply).toContain('Last night’s sleep came to 5 h 20 min (from Oura), short of the 7 hours most adults need.');
  });

  it('a stressed member hears this week’s HRV against his usual, named once', () => {
    const { reply, transcript } = converse(FIGURES, ['stresed about wrk', 'still stressed']);
    const first = transcript[2]?.content ?? '';
    expect(first).toContain('Your HRV this week averages 38 ms against your usual 46 ms (from Oura)');
    // The second follow-up names the next figure instead of repeating the first.
    expect(reply.reply).not.toContain('HRV');
    expect(reply.reply).toContain('Your resting heart rate this week averages 61 bpm against your usual 57 (from Oura)');
  });

  it('an HRV close to his usual, or a resting heart rate that has not risen, is not named', () => {
    const steady = { ...FIGURES, hrv: { week: 45, usual: 46, source: 'Oura' }, restingHeartRate: { week: 57, usual: 56, source: 'Oura' } };
    const { reply } = converse(steady, ['so stressed']);
    expect(reply.reply).not.toMatch(/HRV|resting heart rate/);
  });

  it('a good training week with HRV above his usual hears it', () => {
    const { reply } = converse({ ...FIGURES, hrv: { week: 55, usual: 46, source: 'Whoop' } }, ['Great session at the gym']);
    expect(reply.reply).toContain('Your HRV this week averages 55 ms, above your usual 46 ms (from Whoop)');
  });

  it('"idk" after a short night: the night, and a question about it', () => {
    const { reply } = converse(FIGURES, ['idk']);
    expect(reply.reply).toMatch(/^(?:That’s fine|Fair enough|No problem).* Last night’s sleep came to 5 h 20 min \(from Oura\).* How has last night shown up in your day\?$/);
  });

  it('the closing steps follow his figures: an easy session when his HRV is down', () => {
    const { reply } = converse(FIGURES, ['gym was tough', 'ok', 'fine']);
    expect(reply.step).toEqual({ description: 'Keep tomorrow’s training easy: a 30-minute walk or a gentle ride instead of a hard session.' });
    const rested = converse({ ...FIGURES, hrv: null }, ['gym was tough', 'ok', 'fine']).reply;
    expect(rested.step?.description).toMatch(/^Stretch for 10 minutes/);
  });

  it('a closing after a tired day names the short night and steers to a wind-down', () => {
    const { reply } = converse(FIGURES, ['wrk was mental', 'so tierd', 'idk']);
    expect(reply.reply).toBe(
      'Today you talked about work, and you sounded worn out, after 5 h 20 min of sleep. ' +
        'One small step for tomorrow: start winding down at 21:30 tonight, with screens away and lights low, to sleep longer than last night’s 5 h 20 min. ' +
        'Thank you for reflecting with me, Sam.',
    );
  });
});

describe('every reply, for any message (fast-check)', () => {
  const vocabulary = ['work', 'tired', 'tierd', 'gym', 'beer', 'kids', 'wife', 'sleep', 'slept', 'badly', 'so', 'really', 'not', 'idk', 'boss', 'meeting', 'stressed', 'happy', 'the', 'my', 'and', 'was', 'headache', 'football', 'lunch', 'late', 'again', 'today', 'night', 'good', 'low', 'run'];
  const memberMessage = fc.oneof(
    fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 80 }).map((words) => words.join(' ')),
    fc.string({ minLength: 1, maxLength: 300 }),
  );

  it('never repeats more than four of his words in a row, asks exactly one question, and stays under 600 characters', () => {
    fc.assert(
      fc.property(memberMessage, fc.constantFrom(FIGURES, NO_FIGURES), (message, context) => {
        if (detectCrisis(message)) return;
        for (const before of [[], ['ok']]) {
          const { reply } = converse(context, [...before, message]);
          expect(sharedRun(reply.reply, message)).toBeLessThanOrEqual(4);
          expect(reply.reply.match(/\?/g)).toHaveLength(1);
          expect(reply.reply.length).toBeLessThanOrEqual(600);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same transcript the same reply', () => {
    fc.assert(
      fc.property(fc.array(memberMessage, { minLength: 1, maxLength: 4 }), (messages) => {
        expect(converse(FIGURES, messages)).toEqual(converse(FIGURES, messages));
      }),
      { numRuns: 100 },
    );
  });

  it('closes with a step he can add as one of his own actions', () => {
    fc.assert(
      fc.property(fc.array(memberMessage, { minLength: 3, maxLength: 3 }), fc.constantFrom(FIGURES, NO_FIGURES), (messages, context) => {
        const { reply } = converse(context, messages);
        expect(reply.done).toBe(true);
        expect(reply.reply).not.toMatch(/\?/);
        const description = reply.step?.description ?? '';
        expect(description.length).toBeGreaterThan(0);
        expect(description.length).toBeLessThanOrEqual(MANUAL_ACTION_MAX);
      }),
      { numRuns: 100 },
    );
  });
});
