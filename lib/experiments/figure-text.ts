import type { ExperimentOutcomeAnswer } from './contract';

// An outcome's figures as the answer page writes them beside its sentence (./answer.ts), rounded the same way:
// to the outcome's decimals with its unit ("7.3 h", "44 ms"), a scale's whole step as its word. Pure, for
// pages and charts alike.

type Outcome = Pick<ExperimentOutcomeAnswer, 'unit' | 'decimals' | 'scale'>;

/** Rounded to `decimals`, a negative with a true minus sign. */
const number = (value: number, decimals: number) => value.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).replace('-', '−');
const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

/** One value with its unit: "44 ms", "7.3 h", "happy" for a whole step of a scale. */
export function figureText(outcome: Outcome, value: number): string {
  if (outcome.scale && Number.isInteger(value)) return outcome.scale[value] ?? number(value, outcome.decimals);
  return withUnit(number(value, outcome.decimals), outcome.unit);
}

/** An interval: "42–48 ms"; "−0.2 to 0.5 h" when a bound is negative, where a dash would read as a minus. */
export function intervalText(outcome: Outcome, [low, high]: readonly [number, number]): string {
  const [from, to] = [number(low, outcome.decimals), number(high, outcome.decimals)];
  return withUnit(from.startsWith('−') || to.startsWith('−') ? `${from} to ${to}` : `${from}–${to}`, outcome.unit);
}
