import { describe, expect, it } from '@jest/globals';
import { WEARABLE_KEYS } from '@/lib/wearables/catalogue';
import { listOf } from '@/lib/format';
import { connectWords } from '@/lib/wearables/connect-words';

describe('listOf', () => {
  it.each([
    [[], 'or', ''],
    [['Whoop'], 'or', 'Whoop'],
    [['Whoop', 'Oura'], 'and', 'Whoop and Oura'],
    [['Whoop', 'Oura', 'Withings'], 'or', 'Whoop, Oura or Withings'],
  ] as const)('lists %j with %s', (names, conjunction, text) => {
    expect(listOf(names, conjunction)).toBe(text);
  });
});

describe('connectWords', () => {
  it('promises no live connection on an install with no wearable keys, and points to the history import', () => {
    const words = connectWords([]);
    expect(words.highlight).toBe('Your watch, ring or scale’s history, imported in one go');
    expect(words.pitch).toBe(
      'Export your history from the Whoop, Oura or Withings app and import the file on My devices: your sleep, heart-rate variability, activity and weight come in all at once.',
    );
    expect(words.afterDelivery).toBe('Once it arrives, export its history from the maker’s app and import the file on My devices.');
    expect(words.alreadyHave).toBe('Already have a device? Import the history file from its app on My devices at any time.');
    expect(words.welcome).toBe('bring in your devices’ history');
    for (const text of Object.values(words)) expect(text).not.toMatch(/\b(link|connect)\b|in one place|couple of clicks/i);
  });

  it('keeps the live-connection pitch where every wearable can be connected', () => {
    const words = connectWords(WEARABLE_KEYS);
    expect(words.highlight).toBe('Whoop, Oura and Withings in one place');
    expect(words.pitch).toBe('Link Whoop, Oura or a Withings scale so sleep, heart-rate variability, activity and weight arrive on their own.');
    expect(words.afterDelivery).toBe('Once it arrives, connect it in a couple of clicks.');
    expect(words.alreadyHave).toBe('Already have a device? You can connect it from My devices at any time.');
    expect(words.welcome).toBe('connect your devices');
  });

  it('names only the wearables the install connects, and the import for the others', () => {
    const words = connectWords(['oura']);
    expect(words.highlight).toBe('Oura in one place');
    expect(words.pitch).toBe('Link Oura so sleep, heart-rate variability, activity and weight arrive on their own.');
    expect(words.afterDelivery).toBe('Once it arrives, connect Oura in a couple of clicks; for the others, import the history file from the maker’s app on My devices.');
    expect(words.feature).toContain('import the history file');
  });
});
