// What a member's message is about and how he feels, read the way members write: short, misspelt,
// "idk", or a long vent. Pure word lists, no model: the built-in reflection answers from this.

export const TOPICS = ['sleep', 'work', 'training', 'food', 'alcohol', 'family', 'mood', 'symptoms', 'stress'] as const;
export type Topic = (typeof TOPICS)[number];

export const FEELINGS = ['tired', 'anxious', 'low', 'angry', 'frustrated', 'overwhelmed', 'stressed', 'lonely', 'happy', 'proud', 'calm'] as const;
export type Feeling = (typeof FEELINGS)[number];
export const POSITIVE_FEELINGS: readonly Feeling[] = ['happy', 'proud', 'calm'];

export type Heard = {
  /** In the order he raised them. */
  topics: Topic[];
  /** Not negated ("not tired" is not tired), in the order he said them. */
  feelings: Feeling[];
  /** What the message names for a topic, in our words with at most two of his ("your boss", "the kids"). */
  subjects: Partial<Record<Topic, string>>;
  /** Something away from his day ("the football", "the weather"), when that is all the message is about. */
  elsewhere: string | null;
  /** "idk", "dunno", "nothing really", "meh". */
  unsure: boolean;
  /** Something did not happen or went wrong ("skipped the gym", "had a row"), though no feeling is named. */
  setback: boolean;
  /** He kept off alcohol ("not drinking", "sober"): the topic is alcohol, the news is good. */
  abstaining: boolean;
  /** He has lost someone ("passed away", "the funeral"). */
  grief: boolean;
  /** Something is getting better ("easing", "gone", "improving"): a symptom's good news, not just a good mood. */
  easing: boolean;
  words: number;
};

/** Members' usual misspellings and shorthand, to the word the lists below know. */
const SPELLING: Readonly<Record<string, string>> = {
  tierd: 'tired', tird: 'tired', tiered: 'tired', tyred: 'tired', slep: 'sleep', sleap: 'sleep', sleeo: 'sleep', sleeep: 'sleep', slpet: 'slept', sleept: 'slept',
  stresed: 'stressed', stressd: 'stressed', strssed: 'stressed', stres: 'stress', wrk: 'work', wrok: 'work', werk: 'work', wrkd: 'worked', wk: 'work',
  anxous: 'anxious', anxios: 'anxious', axious: 'anxious', angy: 'angry', hapy: 'happy', happpy: 'happy', gd: 'good', gud: 'good', mtg: 'meeting', mtgs: 'meetings',
  wrkout: 'workout', excercise: 'exercise', exersize: 'exercise', famly: 'family', fam: 'family', missus: 'wife', mrs: 'wife', hangry: 'hungry',
  exausted: 'exhausted', exhuasted: 'exhausted', knackerd: 'knackered', shatterd: 'shattered', headach: 'headache', hedache: 'headache', migrane: 'migraine',
  drunk: 'drunk', bevvies: 'beers', bevs: 'beers', pints: 'pints', ovewhelmed: 'overwhelmed', overwelmed: 'overwhelmed', frustated: 'frustrated', frusterated: 'frustrated',
  depresed: 'depressed', lonley: 'lonely', worryed: 'worried', werried: 'worried', tbh: 'honestly', rn: 'now', im: "i'm", ive: "i've", cant: "can't", dont: "don't", didnt: "didn't",
};
/** "idk" and its kin: he has nothing to say yet. */
const UNSURE = /^(?:idk|dunno|i don'?t know|don'?t know|not sure|no idea|nothing( much| really)?|nada|meh|n\/?a|same as always|the usual|whatever|no|nah|nope|not really|eh|hmm+|\?+|\.+)$/;
const UNSURE_ANYWHERE = /\b(?:idk|dunno|don'?t know|not sure|no idea)\b/;

type Pattern = readonly [RegExp, string | null];
// Each topic's words; the string, when present, is how a reply may name it (at most two of his words).
const TOPIC_WORDS: Readonly<Record<Topic, readonly Pattern[]>> = {
  sleep: [[/\b(?:sleep\w*|slept|bed(?:time)?|insomnia|naps?|napped|woke|waking|wake up|awake|stayed up|up late|up all night|at night|tossing|snoring|nightmares|bad dreams|[1-5] ?am|night'?s rest)\b/, null]],
  work: [
    [/\b(?:my|the) (boss|manager)\b/, 'your $1'],
    [/\b(?:boss|manager)\b/, null],
    [/\b(meetings?|deadlines?|commute|traffic|presentation|inbox|project|rota|shift)\b/, 'the $1'],
    [/\b(?:work(?:s|ed|ing|load|days?|place|mates?)?(?! out)|job|office|clients?|e-?mails?|colleagues?|overtime|wfh|desk|promot\w*|redundanc\w+|interview)\b/, null],
  ],
  training: [
    [/\b(?:my|the) (run|session|workout|ride|swim)\b/, 'your $1'],
    [/\b(?:gym|trained|training|train (?:hard|legs|today|tonight)|workouts?|(?<!school )run|ran|running|lift\w*|exercis\w*|walk(?:ed|ing)?|cycl\w+|bike|swim\w*|squats?|deadlifts?|legs day|leg day|parkrun|5k|10k|yoga|pilates|spin class|hiit|crossfit|tennis|padel|golf|steps|stretch\w*|played football|football training|five-a-side|sauna|cold plunge|ice bath)\b/, null],
  ],
  food: [[/\b(?:ate|eat\w*|food|meals?|lunch|dinner|breakfast|snack\w*|sugar|takeaway|pizza|burgers?|crisps|chocolate|protein|salad|diet|hungry|starving|fasting|cook\w*|veg|junk|coffee|caffeine)\b/, null]],
  alcohol: [[/\b(?:alcohol|booze|beers?|pints?|wine|whisk(?:e)?y|vodka|gin|lager|cocktails?|hungover|hangover|pub|drunk|tipsy|sober|dry (?:january|month))\b/, null]],
  family: [
    [/\b(?:my|the) (wife|husband|partner|girlfriend|boyfriend|son|daughter|dad|mum|mom|father|mother|brother|sister|parents|kids|baby|toddler|in-laws)\b/, 'your $1'],
    [/\b(kids|children|family|baby|toddler|wife|partner|dad|mum|mom|grandad|grandma|nan|brother|sister)\b/, 'your $1'],
    [/\b(?:divorce|separated|custody)\b/, null],
  ],
  mood: [[/\b(?:mood|moody|motivat\w*|unmotivated|depress\w*|grumpy|irritable|snappy|numb|down in the dumps|feel(?:ing)? (?:really |so |very |pretty |a bit )?(?:low|down))\b/, null]],
  symptoms: [
    // Not a body part in a saying: "boss on my back", "off my back", "at the back", "in my head", "over my head".
    [/(?<!\b(?:on|off|at|behind|in|into|over|out of|through|round|around|get|got|gets) )\b(?:my|the) (back|knee|knees|shoulder|neck|hip|stomach|gut|head|ankle|elbow|hamstring|calf)\b(?! (?:of|to|home|from))/, 'your $1'],
    [/\b(back|knees?|shoulder|neck|hip)(?= (?:pain|is|are|killing|hurts?|hurting|aching|playing up|gone|sore))/, 'your $1'],
    [/\b(headache|migraine|flu|cough|injury)\b/, 'the $1'],
    [/\b(?:bp|blood pressure)\b/, 'your blood pressure'],
    [/\b(?:aches?|aching|achy|sore(?:ness)?|pain\w*|ill|sick|poorly|nause\w+|dizz\w+|bloat\w*|heartburn|injur\w+|pulled|tweaked|brain fog|foggy|libido|sex drive|erections?|runny nose|temperature|under the weather|a cold)\b/, null],
  ],
  stress: [[/\b(?:stress\w*|pressure|overwhelm\w*|anxi\w+|worr\w+|panic\w*|tense|on edge|burn(?:t|ed) out|burnout|swamped|frazzled|wound up|too much (?:on|going on)|head (?:is |was )?full|snowed under)\b/, null]],
};

const FEELING_WORDS: Readonly<Record<Feeling, RegExp>> = {
  tired: /\b(?:tired|exhausted|knackered|shattered|drained|wiped(?: out)?|wrecked|fatigued?|sleepy|zonked|dead on my feet|running on empty|no energy|zero energy|burn(?:t|ed) out|burnout|worn out|done in|rough|hungover|long day)\b/,
  anxious: /\b(?:anxious|anxiety|worried|worrying|worries|nervous|can't switch off|mind (?:racing|won't stop)|on edge|panick?y|panic|uneasy|restless|jittery)\b/,
  low: /\b(?:low(?! carb)|(?<!(?:wind|calm|sit|sat|slow|settle|lie|lay|put|go|went|upside|up and|back|shut|cut|write|wrote|written|slowed|calmed|wound) )down|sad|depressed|miserable|(?<!my )flat(?! white)|rubbish|crap|shit|shite|awful|terrible|horrible|gutted|hopeless|empty|numb|bleh|embarrassed|ashamed|not (?:great|good|happy|brilliant|ok|okay|fine)|not feeling it)\b/,
  angry: /\b(?:angry|furious|livid|pissed off|annoyed|irritated|raging|fuming|wound up|mad at)\b/,
  frustrated: /\b(?:frustrat\w*|fed up|sick of|stuck|sick and tired|banging my head|going nowhere)\b/,
  overwhelmed: /\b(?:overwhelm\w*|swamped|snowed under|drowning|stretched|spinning plates|no time|too much on|i'm done|had enough|can't cope|can't take (?:it|any more)|end of my tether|falling apart)\b/,
  stressed: /\b(?:stressed|stressful|frazzled|tense|under pressure)\b/,
  lonely: /\b(?:lonely|alone|isolated|on my own|no one to talk to)\b/,
  happy: /\b(?:happy|good|great|brilliant|buzzing|glad|decent|solid|awesome|amazing|fantastic|lovely|cheerful|positive|better|fun|enjoyed|not (?:too |that |a )?bad|sharp|focused|energi[sz]ed|(?:went|gone|going|ate|slept|eaten|did|done|doing) (?:really |pretty |quite )?well)\b/,
  proud: /\b(?:proud|pb|personal best|nailed it|smashed it|nailed|achieved|chuffed|organised|productive|on top of things|promoted|got the job|passed)\b/,
  calm: /\b(?:calm(?:er)?|relaxed|chilled|peaceful|rested|refreshed|fresh|content|at ease|settled)\b/,
};
/** Drinking words that may mean water or coffee: alcohol only when nothing else is being drunk. */
const DRINKING = /\b(?:drinks|drinking|drank|a drink)\b/;
const SOFT_DRINKS = /\b(?:water|coffee|tea|juice|energy drinks?|fizzy|squash)\b/;
const ABSTAINING = /\b(?:not|no|without|stopped|off the|cut out|quit)\s+(?:\w+\s+)?(?:drinking|drink|booze|alcohol|beers?|wine)\b|\b(?:sober|alcohol[- ]free|dry (?:january|month)|teetotal)\b/;
const GRIEF = /\b(?:pass(?:ed|ing) away|passing|passed|died|funeral|bereave\w*|lost my (?:dad|mum|mom|father|mother|wife|husband|partner|son|daughter|brother|sister|grandad|grandma|nan|friend|mate))\b/;
const EASING = /\b(?:better|eas(?:ed|ing)|gone|improv\w+|recovered|cleared|settled down)\b/;
const SETBACK = /\b(?:skipped|missed|didn't (?:go|get|make|manage)|couldn't (?:be bothered|face)|no time for|bailed|gave up|a row|argument|argued|fell out|fight|killing me|agony|in bits)\b/;
/** Phrases whose words would mislead the lists: "worried sick" is not ill, "sick of" is fed up. */
const IDIOMS: readonly (readonly [RegExp, string])[] = [
  [/\bworried sick\b/g, 'worried'],
  [/\bsick (?:and tired )?of\b/g, 'fed up of'],
];

/** A feeling after one of these, within two words, is negated: "not tired", "never really happy". */
const NEGATION = /\b(?:not|never|no|isn'?t|wasn'?t|don'?t|didn'?t|hardly|barely)\s+(?:\w+\s+)?$/;

/** Away from his day: named so a reply can say it in our words. */
const ELSEWHERE: readonly Pattern[] = [
  [/\b(?:football|footy|premier league|champions league|arsenal|chelsea|liverpool|spurs|man (?:united|city))\b/, 'the football'],
  [/\b(?:the match|the game|rugby|cricket|f1|formula 1|world cup|boxing|darts|snooker)\b/, 'the sport'],
  [/\b(?:phone|scroll\w*|social media|tiktok|instagram|youtube)\b/, 'your phone'],
  [/\b(?:weather|rain\w*|sunny|snow\w*|cold out|windy|storm)\b/, 'the weather'],
  [/\b(?:news|politics|election|government|prime minister|president)\b/, 'the news'],
  [/\b(?:film|movie|netflix|series|box set|telly|tv|show|game|gaming|xbox|playstation|ps5)\b/, 'what you watched'],
];

/** Lower case, straight apostrophes, single spaces, misspellings mended; digits and letters kept. */
export function normalise(message: string): string {
  const text = message.toLowerCase().replace(/[‘’`]/g, "'").replace(/[“”]/g, '"');
  return text
    .split(/\s+/)
    .map((token) => {
      const bare = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      const mended = SPELLING[bare];
      return mended ? token.replace(bare, mended) : token;
    })
    .join(' ')
    .trim();
}

function subjectOf(text: string, topic: Topic): string | null {
  for (const [pattern, name] of TOPIC_WORDS[topic]) {
    const match = pattern.exec(text);
    if (match && name) return name.replace('$1', match[1] ?? '');
  }
  return null;
}

/** Each topic and feeling the message names, in the order it names them. */
export function hear(message: string): Heard {
  let text = normalise(message);
  for (const [idiom, plain] of IDIOMS) text = text.replace(idiom, plain);
  const plain = text.replace(/[^\p{L}\p{N}'\s/?.-]/gu, ' ').replace(/\s+/g, ' ').trim();
  const at = (pattern: RegExp): number => {
    const match = pattern.exec(text);
    return match ? match.index : -1;
  };
  const found = TOPICS.map((topic) => ({ topic, index: Math.min(...TOPIC_WORDS[topic].map(([p]) => at(p)).filter((i) => i >= 0), Infinity) }))
    .filter(({ index }) => index !== Infinity);
  // "A few drinks" is alcohol; "drinking too much coffee" is not.
  const drinking = at(DRINKING);
  if (drinking >= 0 && !SOFT_DRINKS.test(text) && !found.some(({ topic }) => topic === 'alcohol')) found.push({ topic: 'alcohol', index: drinking });
  const topics = found.sort((a, b) => a.index - b.index).map(({ topic }) => topic);
  const feelings = FEELINGS.map((feeling) => ({ feeling, index: firstUnnegated(text, FEELING_WORDS[feeling]) }))
    .filter(({ index }) => index >= 0)
    .sort((a, b) => a.index - b.index)
    .map(({ feeling }) => feeling);
  const subjects: Partial<Record<Topic, string>> = {};
  for (const topic of topics) {
    const subject = subjectOf(text, topic);
    if (subject) subjects[topic] = subject;
  }
  // Only when nothing of his day is named: "under the weather" is a symptom, not the weather.
  const away = topics.length ? null : (ELSEWHERE.find(([pattern]) => pattern.test(text))?.[1] ?? null);
  const bare = plain.replace(/[.?!]+$/, '').trim();
  const unsure = UNSURE.test(bare) || (!topics.length && !feelings.length && UNSURE_ANYWHERE.test(text));
  const abstaining = topics.includes('alcohol') && ABSTAINING.test(text);
  return { topics, feelings, subjects, elsewhere: away, unsure, setback: SETBACK.test(text), abstaining, grief: GRIEF.test(text), easing: EASING.test(text), words: plain ? plain.split(' ').length : 0 };
}

/** The index of the pattern's first match not negated just before it; -1 when there is none. */
function firstUnnegated(text: string, pattern: RegExp): number {
  const global = new RegExp(pattern.source, 'g');
  for (const match of text.matchAll(global)) {
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    // "not good" is low, not negated happy: the low list has it whole.
    if (!NEGATION.test(before)) return match.index;
  }
  return -1;
}
