import type { ExperimentOutcome } from './contract';

// Common changes members try, each with the outcome it is most often meant to move. A suggestion only: he
// may judge it by any outcome, or write his own change. Pure data, safe in a page's bundle.

export type CatalogueEntry = {
  key: string;
  /** The change as the form and the pages write it. */
  change: string;
  outcome: ExperimentOutcome;
  direction: 'higher' | 'lower';
};

export const EXPERIMENT_CATALOGUE: readonly CatalogueEntry[] = [
  { key: 'magnesium-night', change: 'Magnesium at night', outcome: 'sleepDurationMinutes', direction: 'higher' },
  { key: 'no-alcohol-after-six', change: 'No alcohol after 6 pm', outcome: 'hrvMs', direction: 'higher' },
  { key: 'bed-before-eleven', change: 'In bed before 11 pm', outcome: 'sleepDurationMinutes', direction: 'higher' },
  { key: 'creatine', change: 'Creatine, 5 g a day', outcome: 'energy', direction: 'higher' },
  { key: 'no-caffeine-after-noon', change: 'No caffeine after noon', outcome: 'sleepDurationMinutes', direction: 'higher' },
  { key: 'daily-walk', change: 'A 30-minute walk every day', outcome: 'restingHeartRateBpm', direction: 'lower' },
  { key: 'training-block', change: 'A new training block', outcome: 'restingHeartRateBpm', direction: 'lower' },
  { key: 'morning-light', change: 'Daylight within an hour of waking', outcome: 'mood', direction: 'higher' },
  { key: 'no-screens-in-bed', change: 'No screens in bed', outcome: 'sleepDurationMinutes', direction: 'higher' },
  { key: 'trt-dose', change: 'A new TRT dose', outcome: 'energy', direction: 'higher' },
];

export const catalogueEntry = (key: string | null): CatalogueEntry | null => EXPERIMENT_CATALOGUE.find((entry) => entry.key === key) ?? null;
