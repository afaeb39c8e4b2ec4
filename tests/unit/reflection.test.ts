import { describe, expect, it } from '@jest/globals';
import { BUILTIN_FOLLOW_UPS, builtinReflection, REFLECTION_MAX_USER_TURNS, salientPhrase, type ChatTurn, type ReflectionContext } from '@/lib/ai/reflection';

function context(overrides: Partial<ReflectionContext> = {}): ReflectionContext {
  return { day: '2026-03-10', mood: 'HAPPY', energy: 'LOW', symptoms: ['Headache', 'Brain fog'], lastNightSleepMinutes: 370, firstName: null, ...overrides };
}
const BLANK = context({ mood: null, energy: null, symptoms: [], lastNightSleepMinutes: null });

/** The conversation after the given user messages, with the built-in's own replies in between. */
function converse(ctx: ReflectionContext, messages: readonly string[]): { transcript: ChatTurn[]; replies: string[] } {
  const transcript: ChatTurn[] = [];
  const replies: string[] = [];
  for (const message of [null, ...messages]) {
    if (message !== null) transcript.push({ role: 'user', content: message });
    const { reply } = builtinReflection(ctx, transcript);
    replies.push(reply);
    transcript.push({ role: 'assistant', content: reply });
  }
  return { transcript, replies };
}

const MESSAGES = [
  'Honestly I stayed up far too late watching the football, and work was non-stop all morning.',
  'I think the meetings just drained me, but the walk at lunch helped a bit.',
  'Getting to bed before eleven, probably.',
];
const SAMPLES: ReflectionContext[] = [
  context(),
  context({ firstName: 'Sam' }),
  BLANK,
  context({ mood: null }),
  context({ energy: null, lastNightSleepMinutes: 480 }),
  context({ symptoms: [], mood: 'TERRIBLE', energy: 'PEAK' }),
  context({ symptoms: ['Chest pain'], lastNightSleepMinutes: Number.NaN }),
];

describe('the opening', () => {
  it('names mood, energy, sleep and symptoms and asks about the energy', () => {
    expect(builtinReflection(context(), [])).toEqual({
      reply: 'You said you feel happy with low energy today, after 6 h 10 min of sleep, and noted headache and brain fog. What do you think is behind your energy today?',
      done: false,
    });
  });

  it('greets the user by first name when known', () => {
    expect(builtinReflection(context({ firstName: '  Sam ' }), []).reply).toMatch(/^Hi Sam\. You said you feel happy/);
  });

  it('copes with each piece missing', () => {
    expect(builtinReflection(context({ mood: null }), []).reply).toBe(
      'You said you have low energy today, after 6 h 10 min of sleep, and noted headache and brain fog. What do you think is behind your energy today?',
    );
    expect(builtinReflection(context({ energy: null }), []).reply).toBe(
      'You said you feel happy today, after 6 h 10 min of sleep, and noted headache and brain fog. How have those affected your day?',
    );
    expect(builtinReflection(context({ lastNightSleepMinutes: null, symptoms: [] }), []).reply).toBe(
      'You said you feel happy with low energy today. What do you think is behind your energy today?',
    );
    expect(builtinReflection(context({ mood: null, energy: null, symptoms: ['Insomnia'] }), []).reply).toBe(
      'You slept 6 h 10 min last night and noted insomnia today. How has the insomnia affected your day?',
    );
    expect(builtinReflection(context({ mood: null, energy: null, lastNightSleepMinutes: null }), []).reply).toBe(
      'You noted headache and brain fog today. How have those affected your day?',
    );
    expect(builtinReflection(BLANK, []).reply).toBe('How has today been for you, and what stood out?');
  });

  it('asks about a short night when nothing else calls for attention', () => {
    expect(builtinReflection(context({ energy: 'MODERATE', mood: 'NEUTRAL', symptoms: [] }), []).reply).toBe(
      'You said you feel neutral with moderate energy today, after 6 h 10 min of sleep. What got in the way of a longer night?',
    );
  });
});

describe('the follow-ups', () => {
  it('say in their own words what the message was about, never quoting it, and ask one question', () => {
    const { replies } = converse(context(), MESSAGES.slice(0, 2));
    expect(replies[1]).toBe(
      'So sleep has been on your mind. And work came into it too. Last night’s sleep came to 6 h 10 min, short of the 7 hours most adults need. ' +
        'What was going on in the hour before you went to bed?',
    );
    expect(replies[2]).toMatch(/^So the meetings (?:took a lot out of you|weighed on you) today\. And your training came into it too\. (?:You sound worn out|No wonder you feel worn out|That would leave anyone worn out)\. /);
    for (const reply of replies.slice(1)) {
      expect(reply.match(/\?/g)).toHaveLength(1);
      expect(reply).not.toContain('"');
    }
  });

  it('name what a message is about in at most two of the member’s words', () => {
    expect(salientPhrase('My boss moved every deadline forward.')).toBe('your boss');
    expect(salientPhrase('Probably the two glasses of wine and answering work emails in bed until well past midnight')).toBe('drink');
    expect(salientPhrase('stresed about wrk')).toBe('work');
    expect(salientPhrase('Pretty quiet')).toBe('');
  });

  it('ask a question about the topic the user raised', () => {
    const reply = builtinReflection(context(), [
      { role: 'assistant', content: 'opening' },
      { role: 'user', content: 'My boss moved every deadline forward.' },
    ]).reply;
    expect(['What about your boss took the most out of you?', 'What about your boss is still on your mind tonight?'].some((question) => reply.endsWith(question))).toBe(true);
  });

  it('vary their wording with the inputs, deterministically', () => {
    const questions = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((letter) => builtinReflection(context({ day: `2026-03-1${letter.charCodeAt(0) % 10}` }), converse(context(), [`Work was busy ${letter}`]).transcript.slice(0, 2)).reply.split('. ').at(-1)));
    expect(questions.size).toBeGreaterThan(1);
  });

  it('thank the user, and turn to last night, when the message has no words', () => {
    const reply = builtinReflection(context(), [
      { role: 'assistant', content: 'opening' },
      { role: 'user', content: '   ' },
    ]);
    expect(reply.done).toBe(false);
    expect(reply.reply).toMatch(/^(?:Thanks for telling me|Got it, thank you|Thanks, that helps me picture your day)\. Last night’s sleep came to 6 h 10 min, short of the 7 hours most adults need\. How has last night shown up in your day\?$/);
  });
});

describe('the closing', () => {
  it(`comes after the ${BUILTIN_FOLLOW_UPS + 1}rd user message, sums up the day in its own words and suggests a wind-down after a short night`, () => {
    const { transcript } = converse(context({ firstName: 'Sam' }), MESSAGES.slice(0, 2));
    const closing = builtinReflection(context({ firstName: 'Sam' }), [...transcript, { role: 'user', content: MESSAGES[2] ?? '' }]);
    const step = 'Start winding down at 21:30 tonight, with screens away and lights low, to sleep longer than last night’s 6 h 10 min.';
    expect(closing).toEqual({
      reply:
        'Today you talked about your sleep, the meetings and your training, and you sounded worn out, after 6 h 10 min of sleep. ' +
        `One small step for tomorrow: s${step.slice(1)} Thank you for reflecting with me, Sam.`,
      done: true,
      step: { description: step },
    });
    expect(BUILTIN_FOLLOW_UPS + 1).toBeLessThan(REFLECTION_MAX_USER_TURNS);
  });

  it('suggests the step its rules call for', () => {
    const close = (ctx: ReflectionContext, messages = ['fine', 'ok', 'not much']) => {
      const { replies } = converse(ctx, messages);
      return replies.at(-1) ?? '';
    };
    const rested = { lastNightSleepMinutes: 480 };
    expect(close(context({ ...rested }))).toContain('take a 10-minute walk outside within an hour of waking');
    expect(close(context({ ...rested, energy: 'MODERATE', symptoms: ['Headache'] }))).toContain('finish it by lunch; even mild dehydration can make headache worse');
    expect(close(context({ ...rested, energy: 'PEAK', symptoms: ['Chest pain'] }))).toContain('see a doctor if the chest pain persists or gets worse');
    expect(close(context({ ...rested, energy: 'MODERATE', symptoms: [], mood: 'SAD' }))).toContain('plan ten minutes tomorrow with someone you like');
    expect(close(context({ ...rested, energy: 'PEAK', symptoms: [] }), ['So stressed', 'ok', 'fine'])).toContain('take five slow breaths');
    expect(close(context({ ...rested, energy: 'PEAK', symptoms: [] }), ['wife and I had a row', 'ok', 'fine'])).toContain('put your phone away for the first 30 minutes at home');
    const generic = close(context({ ...rested, energy: 'PEAK', symptoms: [] }));
    expect(['write down one thing that went well', 'walk after lunch', 'glass of water by your bed'].some((step) => generic.includes(step))).toBe(true);
  });

  it('never quotes the member, and copes with knowing nothing', () => {
    const { replies } = converse(BLANK, ['Pretty quiet', 'Nothing to add', 'That is all']);
    expect(replies.at(-1)).toMatch(/^Thank you for taking a few minutes to look back on today\. One small step for tomorrow: .+ Thank you for reflecting with me\.$/);
    expect(replies.at(-1)).not.toMatch(/Pretty quiet|Nothing to add|That is all/i);
    const { replies: silent } = converse(BLANK, [' ', '...', '?']);
    expect(silent.at(-1)).toMatch(/^Thank you for taking a few minutes to look back on today\. One small step/);
  });

  it('stays closed for any later message', () => {
    const { transcript } = converse(context(), MESSAGES);
    expect(builtinReflection(context(), [...transcript, { role: 'user', content: 'One more thing' }]).done).toBe(true);
  });
});

describe('every reply', () => {
  it('is deterministic, at most 600 characters, and never shows a missing value', () => {
    const long = 'word '.repeat(400);
    for (const ctx of [...SAMPLES, context({ firstName: 'A'.repeat(200), symptoms: Array.from({ length: 20 }, (_, index) => `Symptom ${index} ${'x'.repeat(50)}`) })]) {
      for (const messages of [MESSAGES, [long, long, long]]) {
        const first = converse(ctx, messages).replies;
        expect(converse(ctx, messages).replies).toEqual(first);
        for (const reply of first) {
          expect(reply.length).toBeLessThanOrEqual(600);
          expect(reply).not.toMatch(/null|undefined|NaN/);
        }
      }
    }
  });
});
