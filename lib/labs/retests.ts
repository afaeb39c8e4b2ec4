import 'server-only';
import { retestBy } from './explanations';
import { resultPanels } from './results';
import { summariseResults } from './results-summary';

// The tests to repeat ("Tests to repeat" on /my_actions): each latest result outside the lab's range, of a marker the team has
// written a retest interval for (lib/labs/explanations.ts), with the day to test again by. A newer result
// replaces the one it follows, so a retest inside the range ends its line here by itself.

export type Retest = { marker: string; label: string; flag: 'Low' | 'High'; takenOn: string; by: string };

export async function retestsDue(userId: string): Promise<Retest[]> {
  const { outside } = summariseResults(await resultPanels(userId));
  return outside
    .flatMap((entry) => {
      const by = retestBy(entry.marker, entry.value.takenOn);
      return by ? [{ marker: entry.marker, label: entry.label, flag: entry.flag, takenOn: entry.value.takenOn, by }] : [];
    })
    .sort((a, b) => a.by.localeCompare(b.by) || a.label.localeCompare(b.label));
}
