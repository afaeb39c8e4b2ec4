import { formatDateGB, listOf } from '@/lib/format';
import { MetricSource } from '@/lib/generated/prisma/enums';

/** Where a figure came from, named for the reader: the device or service; a typed-in figure has none. */
export const DEVICE_OF_SOURCE: Readonly<Record<MetricSource, string | null>> = {
  [MetricSource.WHOOP]: 'Whoop',
  [MetricSource.OURA]: 'Oura',
  [MetricSource.WITHINGS]: 'Withings',
  [MetricSource.APPLE_HEALTH]: 'Apple Health',
  [MetricSource.APPLE_HEALTH_EXPORT]: 'Apple Health (imported)',
  [MetricSource.WHOOP_EXPORT]: 'Whoop (imported)',
  [MetricSource.OURA_EXPORT]: 'Oura (imported)',
  [MetricSource.WITHINGS_EXPORT]: 'Withings (imported)',
  [MetricSource.GARMIN_EXPORT]: 'Garmin (imported)',
  [MetricSource.SCAN]: 'Camera vital-signs scan',
  [MetricSource.MANUAL]: null,
};

/** A source as a screen names it: the device, or "your own entry". */
export const sourceName = (source: MetricSource): string => DEVICE_OF_SOURCE[source] ?? 'your own entry';

/**
 * A source inside a "From …" caption: a device by its name, except where the caption speaks to the member
 * ("your camera scan", "your own entries", "your imported Apple Health history").
 */
const CAPTION_WORDS: Readonly<Partial<Record<MetricSource, string>>> = {
  [MetricSource.APPLE_HEALTH_EXPORT]: 'your imported Apple Health history',
  [MetricSource.WHOOP_EXPORT]: 'your imported Whoop history',
  [MetricSource.OURA_EXPORT]: 'your imported Oura history',
  [MetricSource.WITHINGS_EXPORT]: 'your imported Withings history',
  [MetricSource.GARMIN_EXPORT]: 'your imported Garmin history',
  [MetricSource.SCAN]: 'your camera scan',
  [MetricSource.MANUAL]: 'your own entries',
};
const captionName = (source: MetricSource): string => CAPTION_WORDS[source] ?? sourceName(source);

/** Extra origins a caption can name beside the metric sources. */
export type OtherOrigin = 'checkins';
const OTHER_NAME: Readonly<Record<OtherOrigin, string>> = { checkins: 'your daily check-ins' };

/**
 * The caption that says where a figure came from ("From Oura and your camera scan."), its sources
 * named by how many of the figure's days each gave (most first, then by name), or null when nothing
 * stands behind it. `sources` may repeat a source once per day it gave.
 */
export function provenance(sources: Iterable<MetricSource | null>, others: readonly OtherOrigin[] = []): string | null {
  const counts = new Map<MetricSource, number>();
  for (const source of sources) if (source !== null) counts.set(source, (counts.get(source) ?? 0) + 1);
  const names = [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || captionName(a).localeCompare(captionName(b)))
    .map(([source]) => captionName(source));
  const all = [...names, ...others.map((other) => OTHER_NAME[other])];
  return all.length ? `From ${listOf(all)}.` : null;
}

/** The caption of a single dated figure: "From Apple Health, 24 Nov 2026." */
export const datedProvenance = (source: MetricSource, day: string): string => `From ${captionName(source)}, ${formatDateGB(day)}.`;
