// Spots a message about suicide, self-harm or a medical emergency, and answers it with the right numbers
// for the user's country. Phrase lists, not a model: it runs before any engine and never needs a network.

export type CrisisKind = 'self_harm' | 'medical_emergency';

export type CrisisContacts = {
  /** The number to call for an ambulance, as said in a sentence ("999"). */
  emergency: string;
  /** Who to reach and how, as said after "reach out to". */
  crisisLine: string;
};

const INTERNATIONAL = 'international';

/** Keyed by ISO 3166-1 alpha-2 in lower case, plus the international fallback. */
export const CRISIS_CONTACTS: Record<string, CrisisContacts> = {
  gb: { emergency: '999', crisisLine: 'Samaritans on 116 123 (free, day or night)' },
  ie: { emergency: '112 or 999', crisisLine: 'Samaritans on 116 123 (free, day or night)' },
  us: { emergency: '911', crisisLine: 'the 988 Suicide & Crisis Lifeline (call or text 988)' },
  ca: { emergency: '911', crisisLine: '9-8-8, the Suicide Crisis Helpline (call or text 988)' },
  au: { emergency: '000', crisisLine: 'Lifeline on 13 11 14' },
  nz: { emergency: '111', crisisLine: 'Need to Talk? (call or text 1737)' },
  de: { emergency: '112', crisisLine: 'TelefonSeelsorge on 0800 111 0 111 or 0800 111 0 222 (free, day or night)' },
  fr: { emergency: '112 (or 15 for SAMU)', crisisLine: 'the national suicide prevention line on 3114 (free, day or night)' },
  [INTERNATIONAL]: { emergency: 'your local emergency number', crisisLine: 'a crisis line in your country (find one at findahelpline.com)' },
};

/** "uk" is not ISO 3166-1, but people and some geolocation services use it. */
const ALIASES: Readonly<Record<string, string>> = { uk: 'gb' };

export function contactsFor(country: string | null): CrisisContacts {
  const typed = country?.trim().toLowerCase() ?? '';
  const code = Object.hasOwn(ALIASES, typed) ? (ALIASES[typed] ?? typed) : typed;
  return (Object.hasOwn(CRISIS_CONTACTS, code) ? CRISIS_CONTACTS[code] : undefined) ?? (CRISIS_CONTACTS[INTERNATIONAL] as CrisisContacts);
}

// ── detection ──

/** Idioms that contain an alarming word but mean no harm; blanked out before the patterns run. */
const BENIGN: readonly RegExp[] = [
  /\bsuicide (?:sprints?|runs?|drills?|squats?|shuttles?)\b/g,
  // An injury told in passing, unless it follows "to" as in "I want to hurt myself when...".
  /(?<!\bto |\bwanna )\bcut myself (?:shaving|while|when|cooking|chopping|on (?:a|the))\b/g,
  /(?<!\bto |\bwanna )\bhurt myself (?:at|in|during|while|when|lifting|playing|running|training|on (?:a|the))\b/g,
  /\b(?:heat|sun|breast|back|swimming|rowing|paddle|golf|brush) ?strokes?\b/g,
  /\bstrokes? (?:of (?:luck|genius|midnight)|rate|count|per)\b/g,
  /\b(?:nearly|almost|practically) (?:had|have|having|gave me|give me|giving me) a heart attack\b/g,
  /\bgave me a heart attack\b/g,
  // Family history and risk talk, not something happening now.
  /\b(?:risk|history|chance|odds|signs|prevent(?:ing|ion)?) of (?:a )?(?:strokes?|heart attacks?)\b/g,
  /\b(?:stroke|heart attack) risk\b/g,
  /\bdied (?:of|from|after) (?:a )?(?:stroke|heart attack)\b/g,
  /\b(?:had|suffered) (?:a )?(?:stroke|heart attack) (?:last|in|\d|years?|a (?:few|couple)|when|back|some|ago)\b/g,
  /\boverdos(?:e|ed|ing) on (?:coffee|caffeine|sugar|carbs|chocolate|netflix|tv|work|cardio|screen time)\b/g,
  /\bpassed out (?:on the (?:sofa|couch|bed)|in front of|watching|asleep|early|drunk|after (?:dinner|a few))\b/g,
  /\bunconscious (?:bias|mind)\b/g,
  /\bcan(?:no|')?t breathe (?:through|out of) (?:my|the) nose\b/g,
];

const SELF_HARM: readonly RegExp[] = [
  /\b(?:kill|killing|harm|harming|hang|hanging|poison|poisoning|unalive) myself\b/,
  /\b(?:cut|cutting|hurt|hurting) myself\b/,
  /\bself[- ]?harm(?:ing|ed)?\b/,
  /\bsuicid(?:e|al)\b/,
  /\b(?:end|ending|take|taking) my (?:own )?life\b/,
  /\bend(?:ing)? it all\b/,
  /\b(?:want|wanted|wanna|ready|deserve) (?:to )?(?:die|be dead)\b/,
  /\bwish(?:ing)? (?:i (?:was|were|could be) dead|i could die|i had never been born|i wasn'?t alive)\b/,
  /\bfeel(?:ing)? like dying\b/,
  /\b(?:don'?t|do not|dont) want to (?:be alive|live|exist|wake up|be here any ?more)\b/,
  /\bno (?:reason|point) (?:to|in) (?:live|living|being alive|going on)\b/,
  /\bnothing (?:left )?to live for\b/,
  /\b(?:isn'?t|not|no longer) worth living\b|\blife (?:isn'?t|is not|is no longer) worth it\b/,
  /\bbetter off (?:dead|without me)\b/,
  /\bcan(?:no|')?t go on (?:any ?more|living|like this any ?more)\b/,
  /\b(?:take|taking|planning|plan|going) (?:to )?(?:an? )?overdose\b/,
];

const CHEST_PAIN = /\bchest\b.{0,25}\b(?:pain|pains|hurts?|hurting|tight|tightness|pressure|ache)\b|\b(?:pain|pressure|tightness)\b.{0,15}\bchest\b/;
const CHEST_WARNING = /\b(?:crushing|spreading|radiating|arms?|jaw|shoulder|neck|sweat(?:ing|y)?|clammy|nause(?:a|ous)|short of breath)\b/;

const MEDICAL: readonly RegExp[] = [
  /\b(?:can(?:no|')?t|can not|unable to|struggling to|hard to) breathe?\b/,
  /\b(?:not|stopped) breathing\b/,
  /\bstrokes?\b/,
  /\b(?:face|mouth|smile) (?:is )?droop(?:ing|s|y)?\b/,
  /\bslurr(?:ed|ing) (?:speech|my words|his words|her words)\b|\bspeech is slurred\b/,
  /\bpassed out\b|\bunconscious\b|\bunresponsive\b|\bwon'?t wake up\b/,
  /\boverdos(?:e|ed|ing)\b/,
  /\bsevere bleeding\b|\bbleeding (?:heavily|badly|a lot)\b|\b(?:won'?t|can'?t) stop (?:the )?bleeding\b/,
  /\bheart attack\b/,
  /\bseizures?\b/,
  /\banaphyla(?:xis|ctic)\b|\bthroat is (?:closing|swelling)\b/,
];

/** Lower case, straight apostrophes, single spaces, and the benign idioms blanked out. */
function normalise(message: string): string {
  let text = message.toLowerCase().replace(/[‘’`]/g, "'").replace(/\s+/g, ' ');
  for (const idiom of BENIGN) text = text.replace(idiom, ' ');
  return text;
}

/** Self-harm first: an intended overdose is a crisis of both kinds, and its reply carries both numbers. */
export function detectCrisis(message: string): CrisisKind | null {
  const text = normalise(message);
  if (SELF_HARM.some((pattern) => pattern.test(text))) return 'self_harm';
  if (CHEST_PAIN.test(text) && CHEST_WARNING.test(text)) return 'medical_emergency';
  if (MEDICAL.some((pattern) => pattern.test(text))) return 'medical_emergency';
  return null;
}

/** A brief, warm reply with the numbers for the user's country; the chat stays open afterwards. */
export function crisisReply(kind: CrisisKind, country: string | null): string {
  const { emergency, crisisLine } = contactsFor(country);
  if (kind === 'self_harm') {
    return (
      `I'm really glad you told me, and I'm sorry you're feeling this way. You're not alone. ` +
      `Please reach out to ${crisisLine}, and if you might act on these thoughts or are in danger right now, call ${emergency}. ` +
      `You can keep talking to me here too: what's happening for you right now?`
    );
  }
  return (
    `This could be a medical emergency. Please call ${emergency} now, or ask someone near you to call for you: ` +
    `don't wait to see if it passes, and don't drive yourself. You can keep talking to me here once help is on its way.`
  );
}
