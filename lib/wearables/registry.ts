import 'server-only';
import type { WearableProvider } from '@/lib/generated/prisma/enums';
import type { WearableAdapter } from './adapter';
import { WEARABLE_KEYS, type WearableKey } from './catalogue';
import { oura } from './oura';
import { whoop } from './whoop';
import { withings } from './withings';

// Every wearable provider's adapter, in one place: adding a provider is its folder and one line here
// (and its key in catalogue.ts, which this list must match).

const ADAPTERS = { whoop, oura, withings } satisfies { [K in WearableKey]: WearableAdapter<K> };

export const adapterFor = (key: WearableKey): WearableAdapter => ADAPTERS[key];

/** The adapters in the catalogue's order. */
export const ADAPTER_LIST: readonly WearableAdapter[] = WEARABLE_KEYS.map(adapterFor);

/** The adapter of a connection row's provider. */
export function adapterOfProvider(provider: WearableProvider): WearableAdapter {
  const found = ADAPTER_LIST.find((adapter) => adapter.provider === provider);
  if (!found) throw new Error(`no wearable adapter for ${provider}`);
  return found;
}
