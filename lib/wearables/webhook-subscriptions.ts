import 'server-only';
import { WEARABLE_NAMES } from './catalogue';
import { ADAPTER_LIST } from './registry';

// Keeps the providers' notifications coming (a daily job, lib/jobs): each adapter that subscribes
// (Oura for the whole app, Withings per member) makes what is missing and renews what is about to
// expire; one whose webhook is set in its developer dashboard (Whoop) has nothing to call. Providers
// can only reach a public https address: with a local APP_URL this does nothing, and the 6-hourly
// polling keeps the data coming.

/** The daily job. */
export async function maintainWebhooks(base?: string, now = new Date()): Promise<void> {
  const changed: string[] = [];
  for (const { key, webhook } of ADAPTER_LIST) {
    if (!webhook.maintainSubscriptions) continue;
    const count = await webhook.maintainSubscriptions(base, now);
    if (count) changed.push(`${WEARABLE_NAMES[key]} ${count}`);
  }
  if (changed.length) console.log(`[wearables] webhook subscriptions made or renewed: ${changed.join(', ')}`);
}
