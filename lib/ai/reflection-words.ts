import type { Feeling, Topic } from './reflection-listening';

// The built-in reflection's own words: how it names what he talked about and how he feels, and the
// open questions that follow from each. Never his sentence back; "{s}" is a subject of at most two of
// his words ("your boss"). Every question is open and ends the reply, so each list holds no other '?'.

export type Valence = 'hard' | 'good' | 'plain';

/** How a topic is named in a sentence, when he named nothing more precise. */
export const TOPIC_NAMES: Readonly<Record<Topic, string>> = {
  sleep: 'your sleep',
  work: 'work',
  training: 'your training',
  food: 'food',
  alcohol: 'drink',
  family: 'your family',
  mood: 'your mood',
  symptoms: 'your body',
  stress: 'the pressure',
};

/** One sentence saying what the day held, by how it went; past tense, so any subject agrees. */
export const TOPIC_SAYINGS: Readonly<Record<Topic, Readonly<Record<Valence, readonly string[]>>>> = {
  sleep: {
    hard: ['So the nights haven’t been giving you the rest you need.', 'So sleep is what’s been missing.'],
    good: ['So you got some proper rest.', 'So sleep went your way for once.'],
    plain: ['So sleep has been on your mind.', 'So your nights came up first.'],
  },
  work: {
    hard: ['So {s} took a lot out of you today.', 'So {s} weighed on you today.'],
    good: ['So {s} went your way today.', 'So {s} gave you something to feel good about.'],
    plain: ['So {s} filled a good part of your day.', 'So {s} took up a lot of today.'],
  },
  training: {
    hard: ['So training didn’t go the way you planned.', 'So moving today took real effort.'],
    good: ['So you got moving today, and it went well.', 'So you made time to move, and it paid off.'],
    plain: ['So you made time to move your body.', 'So {s} was part of today.'],
  },
  food: {
    hard: ['So eating didn’t go the way you wanted.', 'So food was a bit of a battle today.'],
    good: ['So you ate well, and that counts.', 'So food was on your side today.'],
    plain: ['So what you ate played a part today.', 'So food came into it today.'],
  },
  alcohol: {
    hard: ['So drink came into it, and you felt it afterwards.', 'So alcohol played a bigger part than you’d like.'],
    good: ['So you had a drink and enjoyed it.', 'So a drink was part of a good evening.'],
    plain: ['So alcohol came into your day.', 'So drink was part of the picture.'],
  },
  family: {
    hard: ['So {s} asked a lot of you today.', 'So things with {s} weighed on you.'],
    good: ['So {s} gave you something good today.', 'So time with {s} went well.'],
    plain: ['So {s} took up a good part of your day.', 'So {s} mattered today.'],
  },
  mood: {
    hard: ['So your mood took a dip.', 'So your mood hasn’t been where you’d like it.'],
    good: ['So your mood has lifted.', 'So you’ve been in better spirits.'],
    plain: ['So your mood has been on your mind.', 'So how you feel in yourself came up.'],
  },
  symptoms: {
    hard: ['So {s} gave you a hard time today.', 'So {s} got in the way today.'],
    good: ['So {s} eased off, which is good to hear.', 'So {s} gave you some peace today.'],
    plain: ['So {s} got your attention today.', 'So {s} was on your mind.'],
  },
  stress: {
    hard: ['So the pressure has been building.', 'So you’ve been carrying a lot of pressure.'],
    good: ['So you kept the pressure in check.', 'So the pressure eased a little.'],
    plain: ['So pressure came into it today.', 'So stress was part of the picture.'],
  },
};

/** When he kept off alcohol, whatever the feeling. */
export const ABSTAINING_SAYINGS = ['So you have kept off the drink, and that takes some doing.', 'So you have kept off the drink, which is no small thing.'];

/** How he sounds: fits after "you sound" and after "you feel". */
export const FEELING_WORDS: Readonly<Record<Feeling, string>> = {
  tired: 'worn out',
  anxious: 'on edge',
  low: 'low',
  angry: 'angry',
  frustrated: 'fed up',
  overwhelmed: 'stretched thin',
  stressed: 'under strain',
  lonely: 'a bit alone',
  happy: 'in good spirits',
  proud: 'pleased with how it went',
  calm: 'settled',
};
export const MIXED_SAYINGS = ['It sounds like a day of ups and downs.', 'It sounds like there was some good and some hard in it.'];
export const HARD_FEELING_SAYINGS = ['You sound {f}.', 'No wonder you feel {f}.', 'That would leave anyone {f}.'];
export const GOOD_FEELING_SAYINGS = ['You sound {f}, and that’s good to hear.', 'Good to hear you feel {f}.'];

/** Questions when a topic leads: the first follow-up explores, the second looks to tomorrow. */
export const TOPIC_QUESTIONS: Readonly<Record<Topic, readonly [explore: readonly string[], ahead: readonly string[]]>> = {
  sleep: [
    ['What was going on in the hour before you went to bed?', 'What do you think kept the night from being better?'],
    ['What would help tonight go a bit better than last night?', 'What’s one thing you could change about this evening?'],
  ],
  work: [
    ['What about {s} took the most out of you?', 'What about {s} is still on your mind tonight?'],
    ['What would make {s} feel a notch lighter tomorrow?', 'What could you leave at work tonight, so it doesn’t come home with you?'],
  ],
  training: [
    ['How did your body feel during it and afterwards?', 'What got you out the door for it?'],
    ['How do you want to plan your next session, given how today felt?', 'What would help your body recover well tonight?'],
  ],
  food: [
    ['How did what you ate show up in your energy?', 'What made eating well easier or harder today?'],
    ['What would make tomorrow’s meals a little easier to get right?', 'What could you get ready tonight to help tomorrow’s eating?'],
  ],
  alcohol: [
    ['How did the drinking fit with how the rest of your day went?', 'What was going on around the drinks?'],
    ['What would you like your evening to look like tomorrow?', 'How would you like to handle drink over the next few days?'],
  ],
  family: [
    ['How did that time with {s} leave you feeling?', 'What part of things with {s} is on your mind most?'],
    ['What would help things with {s} feel easier tomorrow?', 'What would you like more of with {s} this week?'],
  ],
  mood: [
    ['When in the day did you notice your mood most?', 'What do you think has been shaping your mood?'],
    ['What usually helps lift your mood, even a little?', 'What could give your mood a small boost tomorrow?'],
  ],
  symptoms: [
    ['How much did {s} get in the way of your day?', 'When did you notice {s} most today?'],
    ['What has helped {s} so far, even a little?', 'What would help you look after {s} tomorrow?'],
  ],
  stress: [
    ['Where do you feel that pressure most: in your head, your body or your sleep?', 'What is sitting at the top of the pile right now?'],
    ['What usually helps you let the pressure go?', 'What could you take off your plate tomorrow, even something small?'],
  ],
};

/** The first follow-up's questions when the day went one way: never "what took it out of you" after a good one. */
export const TURNING_QUESTIONS: Readonly<Partial<Record<Topic, Partial<Record<'hard' | 'good', readonly string[]>>>>> = {
  sleep: { good: ['What do you think helped the night go well?', 'What did you do differently before bed?'] },
  work: { good: ['What made {s} go well?', 'What part of it are you most pleased with?'] },
  training: { hard: ['What got in the way of it today?', 'What made it harder than usual?'] },
  food: { good: ['What made eating well easier today?', 'What helped you get it right today?'] },
  alcohol: { good: ['What was going on around the drinks?', 'Who were you with?'] },
  family: { good: ['What made that time with {s} good?', 'What part of it would you like more of?'] },
  mood: { good: ['What do you think lifted your mood?', 'When did you notice it lift?'] },
  symptoms: { good: ['What do you think has helped {s}?', 'What has changed since it eased?'] },
  stress: { good: ['What helped you keep the pressure in check?', 'What did you do differently today?'] },
};
/** When he kept off alcohol. */
export const ABSTAINING_QUESTIONS: readonly [explore: string, ahead: string] = ['What has helped you keep off it?', 'What will help you keep it going this week?'];
/** When he has lost someone: sorry first, and no question about how the time went. */
export const GRIEF_SAYINGS = ['I’m sorry to hear about {s}.', 'I’m so sorry about {s}.'];
export const GRIEF_QUESTIONS: readonly [explore: string, ahead: string] = ['How are you holding up?', 'Who could you lean on this week?'];

/** Questions when only a feeling was heard. */
export const FEELING_QUESTIONS: Readonly<Record<Feeling, readonly [explore: string, ahead: string]>> = {
  tired: ['When in the day did the tiredness hit hardest?', 'What would give you a bit more energy tomorrow?'],
  anxious: ['What is at the top of the worry list right now?', 'What usually helps you settle when you feel on edge?'],
  low: ['What has been weighing on you most?', 'What has helped, even a little, on days like this before?'],
  angry: ['What set that off?', 'How would you like to handle it if it comes up again?'],
  frustrated: ['What has been getting in your way?', 'What’s one part of it you can actually move on tomorrow?'],
  overwhelmed: ['If you could set one thing down tonight, what would it be?', 'What could wait until later in the week?'],
  stressed: ['What is behind most of that strain?', 'What usually helps you unwind at the end of a day like this?'],
  lonely: ['Who would you most like to hear from this week?', 'What kind of company would do you good right now?'],
  happy: ['What made the difference today?', 'How could you give tomorrow a bit more of that?'],
  proud: ['What did it take to get there?', 'What would you like to build on next?'],
  calm: ['What helped you feel that way?', 'How could you keep a bit of that calm for tomorrow?'],
};

/** When he has no words for it yet, or talks about something else. */
export const UNSURE_SAYINGS = ['That’s fine; not every day comes with words attached.', 'Fair enough. Some days are hard to sum up.', 'No problem, it doesn’t have to be anything big.'];
export const UNSURE_QUESTIONS: readonly [explore: readonly string[], ahead: readonly string[]] = [
  ['If you had to pick one moment from today, good or bad, what would it be?', 'How has your body felt today, from waking up until now?'],
  ['What’s one small thing that went all right today?', 'What would make tomorrow feel like a good day?'],
];
export const ELSEWHERE_SAYINGS = ['Sounds like {e} had your attention.', 'Fair enough, {e} can take over a day.'];
export const ELSEWHERE_QUESTIONS: readonly [explore: string, ahead: string] = ['Away from {e}, how has your own day been?', 'And how are you feeling in yourself tonight?'];
export const PLAIN_SAYINGS = ['Thanks for telling me.', 'Got it, thank you.', 'Thanks, that helps me picture your day.'];
export const PLAIN_QUESTIONS: readonly [explore: readonly string[], ahead: readonly string[]] = [
  ['What took most of your energy today?', 'How has your body felt today, from waking up until now?'],
  ['What helped you most today, even a little?', 'What would make tomorrow feel like a good day?'],
];
export const VENTING_SAYINGS = ['That’s a lot to carry, and thank you for getting it all down.', 'That is a lot on your plate, and it helps to get it out.'];
export const VENTING_QUESTION = 'Of all that, what is weighing on you most tonight?';
