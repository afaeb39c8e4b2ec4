// The wearables the app connects, as the browser may know them: keys, names and the device cards'
// words. Browser-safe on purpose (no secrets, no Prisma, no 'server-only'): the server's registry
// (registry.ts) is typed against these keys, so this is the one list of providers.

type CatalogueEntry = {
  /** The provider's name in messages ("Connecting Oura isn't available…"). */
  name: string;
  /** The device, as its card is titled. */
  device: string;
  /** The card's icon (components/onboarding/device-icon.tsx). */
  icon: 'strap' | 'ring' | 'scale';
  /** What the device measures: on the onboarding step's card, and on /my_devices'. */
  blurb: { onboarding: string; myDevices: string };
};

const CATALOGUE = {
  whoop: { name: 'Whoop', device: 'Whoop', icon: 'strap', blurb: { onboarding: 'Strain, recovery and sleep', myDevices: 'Strain, recovery and sleep' } },
  oura: { name: 'Oura', device: 'Oura Ring', icon: 'ring', blurb: { onboarding: 'Sleep, readiness and recovery', myDevices: 'Sleep, readiness and recovery' } },
  withings: { name: 'Withings', device: 'Withings Scale', icon: 'scale', blurb: { onboarding: 'Weight and body composition', myDevices: 'Weight, body composition and blood pressure' } },
} as const satisfies Record<string, CatalogueEntry>;

export type WearableKey = keyof typeof CATALOGUE;

/** Every wearable's key, in the order the cards show them. */
export const WEARABLE_KEYS = Object.keys(CATALOGUE) as [WearableKey, ...WearableKey[]];

export const WEARABLE_CARDS: Record<WearableKey, CatalogueEntry> = CATALOGUE;

export const WEARABLE_NAMES = Object.fromEntries(WEARABLE_KEYS.map((key) => [key, CATALOGUE[key].name])) as Record<WearableKey, string>;

export const isWearableKey = (value: string): value is WearableKey => (WEARABLE_KEYS as readonly string[]).includes(value);

/** What a request naming no known wearable is told: "Choose whoop, oura or withings." */
export const WEARABLE_CHOICE = `Choose ${WEARABLE_KEYS.length > 1 ? `${WEARABLE_KEYS.slice(0, -1).join(', ')} or ${WEARABLE_KEYS.at(-1)}` : WEARABLE_KEYS[0]}.`;
