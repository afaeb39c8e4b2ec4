import { describe, expect, it } from '@jest/globals';
import { CRISIS_CONTACTS, crisisReply, detectCrisis } from '@/lib/safety/crisis';

describe('detectCrisis', () => {
  it.each([
    'I want to kill myself',
    'Honestly I’ve been thinking about ending my life',
    'I just want to die',
    'I feel SUICIDAL tonight',
    'I want to hurt myself when I am alone',
    'I keep cutting myself',
    'Been self-harming again',
    'There is no reason to live anymore',
    'Everyone would be better off dead without me, I mean I would be better off dead',
    'they would all be better off without me',
    "I don't want to wake up tomorrow",
    'I wish I was dead',
    'Thinking about taking an overdose',
    'Life is not worth living',
  ])('flags self-harm: %s', (message) => {
    expect(detectCrisis(message)).toBe('self_harm');
  });

  it.each([
    'Crushing chest pain since lunch',
    'My chest hurts and the pain is spreading down my left arm',
    'chest pain going up into my jaw',
    "I can't breathe",
    'I cannot breathe properly',
    'I think my dad is having a stroke',
    'his face is drooping on one side',
    'slurred speech all of a sudden',
    'I passed out in the shower',
    'He is unconscious',
    'my friend took an overdose of his pills',
    'severe bleeding from a cut on my leg',
    'I think I am having a heart attack',
  ])('flags a medical emergency: %s', (message) => {
    expect(detectCrisis(message)).toBe('medical_emergency');
  });

  it.each([
    'Killing it at the gym this week',
    'I killed it on the bike today',
    "I'm dying to try the new sauna",
    'These new shoes are to die for',
    'My legs are killing me after squats',
    'Did suicide sprints at football practice',
    'I cut myself shaving',
    'I hurt myself at the gym',
    'Worked on my swimming stroke and backstroke',
    'What a stroke of luck',
    'The bill nearly gave me a heart attack',
    'Dad died of a heart attack, so I watch my cholesterol',
    'Worried about my risk of stroke',
    'Passed out on the sofa after dinner',
    'Mild chest pain after bench press',
    'Slept badly and had a headache',
    'I could kill for a coffee',
    '',
    '   ',
  ])('does not flag: %s', (message) => {
    expect(detectCrisis(message)).toBeNull();
  });
});

describe('crisisReply', () => {
  it.each([
    ['gb', ['999', 'Samaritans', '116 123']],
    ['us', ['911', '988 Suicide & Crisis Lifeline', 'call or text 988']],
    ['ca', ['911', '9-8-8', 'Suicide Crisis Helpline', 'call or text 988']],
    ['au', ['000', 'Lifeline', '13 11 14']],
    ['de', ['112', 'TelefonSeelsorge', '0800 111 0 111', '0800 111 0 222']],
    ['fr', ['112', '15', 'SAMU', '3114']],
  ])('gives the crisis line and emergency number for %s', (country, numbers) => {
    const reply = crisisReply('self_harm', country);
    expect(reply).toContain("You're not alone");
    expect(reply).toMatch(/keep talking/);
    for (const number of numbers) expect(reply).toContain(number);
  });

  it('tells the user to call the emergency number now for a medical emergency', () => {
    expect(crisisReply('medical_emergency', 'gb')).toMatch(/^This could be a medical emergency\. Please call 999 now/);
    expect(crisisReply('medical_emergency', 'au')).toContain('call 000 now');
    expect(crisisReply('medical_emergency', 'us')).not.toContain('988');
  });

  it('reads the country case-insensitively and knows "uk"', () => {
    expect(crisisReply('self_harm', ' GB ')).toContain('116 123');
    expect(crisisReply('self_harm', 'uk')).toContain('116 123');
  });

  it('falls back to the international contacts for an unknown or missing country', () => {
    for (const country of [null, 'zz', '', 'constructor', 'toString']) {
      const reply = crisisReply('self_harm', country);
      expect(reply).toContain('findahelpline.com');
      expect(reply).toContain('your local emergency number');
      expect(crisisReply('medical_emergency', country)).toContain('Please call your local emergency number now');
    }
  });

  it('has contacts for at least gb, us, ca, au, de, fr and the fallback, and keeps replies brief', () => {
    expect(Object.keys(CRISIS_CONTACTS)).toEqual(expect.arrayContaining(['gb', 'us', 'ca', 'au', 'de', 'fr', 'international']));
    for (const country of Object.keys(CRISIS_CONTACTS)) {
      for (const kind of ['self_harm', 'medical_emergency'] as const) expect(crisisReply(kind, country).length).toBeLessThanOrEqual(600);
    }
  });
});
