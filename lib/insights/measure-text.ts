import { formatMinutes } from '@/lib/format';
import type { MeasureTrend } from './measure-trends';

/**
 * A measure's value as the screens write it (the statements, the dashboard, /insights' charts): a scale's
 * word (mood, energy), a night in hours and minutes, weight to a tenth, testosterone as its figure was
 * rounded for the member's units (14.2 nmol/L, 410 ng/dL: lib/labs/lab-units.ts), other rates in whole numbers.
 */
export function measureText(measure: Pick<MeasureTrend, 'key' | 'unit' | 'scale'>, value: number): string {
  if (measure.scale) return measure.scale[Math.round(value)] ?? String(value);
  if (measure.key === 'sleepDurationMinutes') return formatMinutes(Math.round(value * 60));
  const decimals = measure.key === 'weightKg' ? 1 : measure.key === 'testosterone' ? 2 : 0;
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: decimals })}${measure.unit ? ` ${measure.unit}` : ''}`;
}
