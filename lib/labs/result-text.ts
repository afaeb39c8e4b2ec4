// How a blood result and the lab's range are written, on /profile and /my_results alike.
import { unitLabel } from './lab-units';

const number = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 4 });

/** A figure as a result is written (up to four significant digits). */
export const resultNumber = (value: number) => number.format(value);

const converted = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 3 });
/** A figure converted into another unit, to three significant digits, as the dashboard writes a converted testosterone (493 ng/dL, not 493.2). */
export const convertedNumber = (value: number) => converted.format(value);

/** "8.6–29", "< 2.5", "> 50", or a dash when the report printed no range. */
export function rangeText(low: number | null, high: number | null): string {
  if (low !== null && high !== null) return `${number.format(low)}–${number.format(high)}`;
  if (high !== null) return `< ${number.format(high)}`;
  if (low !== null) return `> ${number.format(low)}`;
  return '—';
}

const COMPARATOR_SIGN: Record<string, string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/** "14.2", or "< 0.1" for a bound the lab gave: a result without its unit. */
export const resultFigure = (v: { value: number; comparator: string | null }, format: (value: number) => string = number.format) =>
  `${v.comparator ? `${COMPARATOR_SIGN[v.comparator] ?? v.comparator} ` : ''}${format(v.value)}`;

/** "14.2 nmol/L", or "< 0.1 µg/L" for a bound the lab gave; a count's power of ten raised ("6.1 ×10⁹/L"). */
export const resultText = (v: { value: number; comparator: string | null; unit: string }) => `${resultFigure(v)} ${unitLabel(v.unit)}`;

/**
 * "As printed: 17.1 nmol/L (8.6–29)": a converted result's provenance, the lab's own figure and range
 * ("As entered" for one the member typed in: `report` null).
 */
export const printedText = (v: { comparator: string | null; report?: unknown; printed: { value: number; unit: string; low: number | null; high: number | null } | null }) =>
  v.printed
    ? `${v.report === null ? 'As entered' : 'As printed'}: ${resultText({ ...v.printed, comparator: v.comparator })}${v.printed.low !== null || v.printed.high !== null ? ` (${rangeText(v.printed.low, v.printed.high)})` : ''}`
    : null;
