import { CM_PER_INCH, roundToTenth, weightFromKg, type WeightUnit } from '@/lib/units';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM, WEIGHT_MAX_KG, WEIGHT_MIN_KG } from '@/lib/validation/onboarding-rules';

// Steps 6 and 7's typed numbers beside their sliders: the bounds in the member's units, what a typed
// text reads as, and the SPEC §5 texts. Pure.

/** The weight sliders' ends: 30 to 200 kg, or 66.1 to 440.9 lbs. */
export const WEIGHT_RANGE: Record<WeightUnit, { min: number; max: number }> = {
  kg: { min: WEIGHT_MIN_KG, max: WEIGHT_MAX_KG },
  lbs: { min: weightFromKg('lbs', WEIGHT_MIN_KG), max: weightFromKg('lbs', WEIGHT_MAX_KG) },
};

export const clampWeight = (unit: WeightUnit, value: number) => Math.min(WEIGHT_RANGE[unit].max, Math.max(WEIGHT_RANGE[unit].min, value));

/** SPEC §5's words for a weight out of range, in the unit shown: 'Goal weight must be between 66.1 and 440.9 lbs.' */
export function weightRangeMessage(label: 'Current weight' | 'Goal weight', unit: WeightUnit): string {
  const { min, max } = WEIGHT_RANGE[unit];
  return `${label} must be between ${min} and ${max} ${unit}.`;
}

/** A weight as its field shows it: one decimal, as the slider moves. */
export const weightText = (value: number) => value.toFixed(1);

/**
 * A typed weight to one decimal ('72,5' reads as 72.5), or null when it is not a plain number or lies
 * outside the slider's range.
 */
export function readWeight(text: string, unit: WeightUnit): number | null {
  const plain = text.trim().replace(',', '.');
  if (!/^\d{1,3}(?:\.\d*)?$|^\.\d+$/.test(plain)) return null;
  const value = roundToTenth(Number(plain));
  const { min, max } = WEIGHT_RANGE[unit];
  return value >= min && value <= max ? value : null;
}

/** The height slider's ends in whole inches whose centimetres round into 30 to 250 (1 ft 0 in to 8 ft 2 in). */
export const HEIGHT_INCH_RANGE = { min: Math.ceil(HEIGHT_MIN_CM / CM_PER_INCH), max: Math.floor(HEIGHT_MAX_CM / CM_PER_INCH) };
export const HEIGHT_CM_RANGE = { min: HEIGHT_MIN_CM, max: HEIGHT_MAX_CM };

/** 69 → '5 ft 9 in', as the slider announces a height in inches. */
export const feetInchesText = (totalInches: number) => `${Math.floor(totalInches / 12)} ft ${totalInches % 12} in`;

/** Total inches → the feet and inches fields' text. */
export const splitInches = (totalInches: number) => ({ feet: String(Math.floor(totalInches / 12)), inches: String(totalInches % 12) });

/** The feet and inches fields as total inches, or undefined while both are empty. */
export function totalInches(feet: string, inches: string): number | undefined {
  if (!feet && !inches) return undefined;
  return Number(feet || 0) * 12 + Number(inches || 0);
}

export const clampTo = ({ min, max }: { min: number; max: number }, value: number) => Math.min(max, Math.max(min, value));
