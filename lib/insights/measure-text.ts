import { formatMinutes } from '@/lib/format';
import type { MeasureTrend } from './measure-trends';

/**
 * A measure's value as the screens write it (the statements, the dashboard, /insights' charts): a scale's
 * word (mood, energy), a night in hours and minutes, weight to a tenth, other rates in whole numbers.
 */
export function measureText(measure: Pick<MeasureTrend, 'key' | 'unit' | 'scale'>, value: number): string {
  if (measure.scale) return measure.scale[Math.round(value)] ?? String(value);
  if (measure.key === 'sleepDurationMinutes') return formatMinutes(Math.round(value * 60));
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: measure.key === 'weightKg' ? 1 : 0 })}${measure.unit ? ` ${measure.unit}` : ''}`;
}
