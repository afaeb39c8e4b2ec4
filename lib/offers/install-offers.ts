import 'server-only';
import { billingEnabled } from '@/lib/billing/stripe';
import { env } from '@/lib/env';
import { WEARABLE_KEYS, WEARABLE_NAMES, type WearableKey } from '@/lib/wearables/catalogue';
import { listOf } from '@/lib/format';
import { wearableConfigured } from '@/lib/wearables/oauth-grant';
import { adapterFor } from '@/lib/wearables/registry';

// What this install can do for a member, read from its configuration: each screen that would promise a
// subscription, a wearable, the iPhone app or a posted kit asks here first, so it says only what is true.

export type InstallOffers = {
  /** Stripe is configured: the 30-day free trial and the subscription. */
  billing: boolean;
  /** The wearables a member can connect here, in catalogue order. */
  wearables: WearableKey[];
  /** Where to get the iOS app that sends Apple Health data, or null while there is none. */
  iosApp: string | null;
  /** Kit orders reach the kit team (KIT_ORDERS_EMAIL); without it an order waits. */
  kits: boolean;
};

/** Where to get the iOS app, or null while there is none. */
export const iosAppUrl = (): string | null => env.IOS_APP_URL ?? null;

/** Kit orders reach the kit team. */
export const kitsOffered = (): boolean => Boolean(env.KIT_ORDERS_EMAIL);

/** The wearables a member can connect here. */
export const connectableWearables = (): WearableKey[] => WEARABLE_KEYS.filter((key) => wearableConfigured(adapterFor(key)));

export function installOffers(): InstallOffers {
  return {
    billing: billingEnabled(),
    wearables: connectableWearables(),
    iosApp: iosAppUrl(),
    kits: kitsOffered(),
  };
}

/** "Whoop, Oura or Withings" for the wearables given (the member's choice of one). */
export function wearableChoice(keys: readonly WearableKey[]): string {
  return listOf(keys.map((key) => WEARABLE_NAMES[key]), 'or');
}
