// Total testosterone: 1 nmol/L = 28.842 ng/dL (molar mass 288.42 g/mol).
export const NG_DL_PER_NMOL_L = 28.842;

export type TestosteroneUnit = 'ng/dL' | 'nmol/L' | 'ng/mL';

/** A testosterone value in ng/dL, rounded to 0.1; null for a unit we cannot convert. */
export function toNgPerDl(value: number, unit: string): number | null {
  const factor: Record<TestosteroneUnit, number> = { 'ng/dL': 1, 'nmol/L': NG_DL_PER_NMOL_L, 'ng/mL': 100 };
  const key = (Object.keys(factor) as TestosteroneUnit[]).find((u) => u.toLowerCase() === unit.trim().toLowerCase());
  if (!key || !Number.isFinite(value)) return null;
  return Math.round(value * factor[key] * 10) / 10;
}
