import { MetricSource } from '@/lib/generated/prisma/enums';

/** Where a figure came from, named for the reader: the device or service; a typed-in figure has none. */
export const DEVICE_OF_SOURCE: Readonly<Record<MetricSource, string | null>> = {
  [MetricSource.WHOOP]: 'Whoop',
  [MetricSource.OURA]: 'Oura',
  [MetricSource.WITHINGS]: 'Withings',
  [MetricSource.APPLE_HEALTH]: 'Apple Health',
  [MetricSource.SCAN]: 'Camera vital-signs scan',
  [MetricSource.MANUAL]: null,
};

/** A source as a screen names it: the device, or "your own entry". */
export const sourceName = (source: MetricSource): string => DEVICE_OF_SOURCE[source] ?? 'your own entry';
