import { listOf } from '@/lib/format';
import { WEARABLE_KEYS, WEARABLE_NAMES, type WearableKey } from './catalogue';

// What the public pages promise about wearables, in this install's words: a live connection only for the
// wearables it can connect (lib/offers/install-offers.ts), otherwise the history file from the device's own app,
// which My devices imports on every install. Browser-safe: the pages hand in the keys they were given.

const deviceName = (key: WearableKey): string => (key === 'withings' ? 'a Withings scale' : WEARABLE_NAMES[key]);

export type ConnectWords = {
  /** A highlight beside the sign-in forms. */
  highlight: string;
  /** The "Connect" step of /onboarding_2's pitch, and of the landing page's features. */
  pitch: string;
  feature: string;
  /** /onboarding_1: what the steps ahead do with the member's devices. */
  welcome: string;
  /** /order_devices: what to do once the device arrives, and with one the member already has. */
  afterDelivery: string;
  alreadyHave: string;
};

/** The wearable promises for an install that can connect `keys` (none: import the history file instead). */
export function connectWords(keys: readonly WearableKey[]): ConnectWords {
  if (!keys.length) {
    return {
      highlight: 'Your watch, ring or scale’s history, imported in one go',
      pitch: `Export your history from the ${listOf(WEARABLE_KEYS.map((key) => WEARABLE_NAMES[key]), 'or')} app and import the file on My devices: your sleep, heart-rate variability, activity and weight come in all at once.`,
      feature: 'Import the history file from your watch, ring or scale’s app, and your sleep, heart-rate variability and activity arrive in one go: no double entry.',
      welcome: 'bring in your devices’ history',
      afterDelivery: 'Once it arrives, export its history from the maker’s app and import the file on My devices.',
      alreadyHave: 'Already have a device? Import the history file from its app on My devices at any time.',
    };
  }
  const all = keys.length === WEARABLE_KEYS.length;
  const names = listOf(keys.map((key) => WEARABLE_NAMES[key]), 'or');
  return {
    highlight: `${listOf(keys.map((key) => WEARABLE_NAMES[key]), 'and')} in one place`,
    pitch: `Link ${listOf(keys.map(deviceName), 'or')} so sleep, heart-rate variability, activity and weight arrive on their own.`,
    feature: all
      ? 'Link your wearable so sleep, heart-rate variability and activity flow in automatically: no double entry.'
      : `Link ${names}, or import the history file from another device’s app, so sleep, heart-rate variability and activity flow in: no double entry.`,
    welcome: 'connect your devices',
    afterDelivery: all
      ? 'Once it arrives, connect it in a couple of clicks.'
      : `Once it arrives, connect ${names} in a couple of clicks; for the others, import the history file from the maker’s app on My devices.`,
    alreadyHave: all ? 'Already have a device? You can connect it from My devices at any time.' : 'Already have a device? You can connect it or import its history from My devices at any time.',
  };
}
