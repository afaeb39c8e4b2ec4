// Unit conversions for the onboarding height and weight steps, with SPEC §5 and §9's factors.
export const CM_TO_INCH = 0.393701;
export const CM_PER_INCH = 2.54;
export const CM_PER_FOOT = 30.48;
export const LBS_PER_KG = 2.20462;

export type FeetInches = { feet: number; inches: number };

/** Rounds to one decimal place, the precision of the weight sliders. */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** 175 cm → 5 ft 9 in. Rounded inches that reach 12 carry into the feet (30 cm → 1 ft 0 in). */
export function cmToFeetInches(cm: number): FeetInches {
  const totalInches = cm * CM_TO_INCH;
  const feet = Math.floor(totalInches / 12);
  const inches = Math.round(totalInches - feet * 12);
  return inches === 12 ? { feet: feet + 1, inches: 0 } : { feet, inches };
}

/** 6 ft 0 in → 183 cm, rounded to a whole centimetre. */
export function feetInchesToCm({ feet, inches }: FeetInches): number {
  return Math.round(feet * CM_PER_FOOT + inches * CM_PER_INCH);
}

/** 95 kg → 209.4 lbs. */
export function kgToLbs(kg: number): number {
  return roundToTenth(kg * LBS_PER_KG);
}

/** 209.4 lbs → 95 kg. */
export function lbsToKg(lbs: number): number {
  return roundToTenth(lbs / LBS_PER_KG);
}

/** The weight units the forms offer; the database always holds kg. */
export const WEIGHT_UNITS = ['kg', 'lbs'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** A weight read in `unit` → kg, to one decimal. */
export function weightToKg(unit: WeightUnit, value: number): number {
  return unit === 'kg' ? roundToTenth(value) : lbsToKg(value);
}

/** A weight in kg → `unit`, to one decimal. */
export function weightFromKg(unit: WeightUnit, kg: number): number {
  return unit === 'kg' ? roundToTenth(kg) : kgToLbs(kg);
}

/** How heights and weights are shown: the member's 'Units' setting (SPEC §3 units_preference). */
export type UnitSystem = 'metric' | 'imperial';
export const UNIT_SYSTEM_OF_LABEL = { 'cm/kg': 'metric', 'ft/in/lbs': 'imperial' } as const satisfies Record<string, UnitSystem>;

export const weightUnitOf = (system: UnitSystem): WeightUnit => (system === 'metric' ? 'kg' : 'lbs');

/** 178 → `5' 10"`, the profile page's ft/in format. */
export function formatFeetInches(cm: number): string {
  const { feet, inches } = cmToFeetInches(cm);
  return `${feet}' ${inches}"`;
}

/** A height for display: "178 cm" or `5' 10"`. */
export function formatHeight(cm: number, system: UnitSystem): string {
  return system === 'metric' ? `${Math.round(cm)} cm` : formatFeetInches(cm);
}

/** A weight for display: "82.5 kg" or "181.9 lbs". */
export function formatWeight(kg: number, system: UnitSystem): string {
  const unit = weightUnitOf(system);
  return `${weightFromKg(unit, kg)} ${unit}`;
}

/**
 * The profile page's ft/in text (SPEC §5): feet, an apostrophe, optional inches and an optional quote,
 * as in `5' 10"`, `5'10`, `6'`. Typographic quotes (’ ” ′ ″) count as the plain ones. null when it is
 * not that shape.
 */
export function parseFeetInches(text: string): FeetInches | null {
  const plain = text.replace(/[’′‘]/g, "'").replace(/[”″“]|''/g, '"');
  const match = /^\s*(\d{1,2})\s*'\s*(?:(\d{1,2})\s*"?)?\s*$/.exec(plain);
  if (!match) return null;
  return { feet: Number(match[1]), inches: match[2] === undefined ? 0 : Number(match[2]) };
}
