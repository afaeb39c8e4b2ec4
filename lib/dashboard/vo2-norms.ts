// VO2 max norms for men from the FRIEND registry (treadmill cardiopulmonary exercise tests):
// Kaminsky LA, Arena R, Myers J. Mayo Clin Proc 2015;90(11):1515–1523. docs/vo2-max.md gives the
// table, the categories and the cardio-age rule; keep them in step with this file. Pure, browser-safe.

export const VO2_CATEGORIES = ['Excellent', 'Good', 'Fair', 'Poor', 'Very poor'] as const;
export type Vo2Category = (typeof VO2_CATEGORIES)[number];

/** One age decade's cut-offs in ml/kg/min: the 20th, 40th, 60th and 80th percentiles and the median. */
export type Vo2Norm = { fromAge: number; toAge: number; p20: number; p40: number; p60: number; p80: number; p50: number };

/** Men, by decade, youngest first. */
export const VO2_NORMS_MEN: readonly Vo2Norm[] = [
  { fromAge: 20, toAge: 29, p20: 38.0, p40: 44.9, p60: 50.2, p80: 57.1, p50: 48.0 },
  { fromAge: 30, toAge: 39, p20: 34.1, p40: 39.9, p60: 45.2, p80: 51.6, p50: 42.4 },
  { fromAge: 40, toAge: 49, p20: 30.5, p40: 35.9, p60: 40.3, p80: 46.7, p50: 37.8 },
  { fromAge: 50, toAge: 59, p20: 26.1, p40: 31.1, p60: 35.1, p80: 41.2, p50: 32.6 },
  { fromAge: 60, toAge: 69, p20: 22.4, p40: 26.8, p60: 30.9, p80: 36.1, p50: 28.2 },
  { fromAge: 70, toAge: 79, p20: 20.4, p40: 23.2, p60: 27.6, p80: 31.4, p50: 24.4 },
];

/** Cardio age is kept within this span: beyond it the registry has no one to compare with. */
export const CARDIO_AGE_MIN = 20;
export const CARDIO_AGE_MAX = 90;

const FIRST = VO2_NORMS_MEN[0]!;
const LAST = VO2_NORMS_MEN[VO2_NORMS_MEN.length - 1]!;

/** The decade an age falls in; under 20 reads the 20–29 norms and over 79 the 70–79 ones. */
export function normForAge(age: number): Vo2Norm {
  return VO2_NORMS_MEN.find((n) => age >= n.fromAge && age <= n.toAge) ?? (age < FIRST.fromAge ? FIRST : LAST);
}

/** The category of a VO2 max for a man of `age`: at or above the 80th percentile is 'Excellent', and so on down. */
export function vo2Category(vo2Max: number, age: number): Vo2Category {
  const n = normForAge(age);
  if (vo2Max >= n.p80) return 'Excellent';
  if (vo2Max >= n.p60) return 'Good';
  if (vo2Max >= n.p40) return 'Fair';
  if (vo2Max >= n.p20) return 'Poor';
  return 'Very poor';
}

const midpoint = (n: Vo2Norm) => (n.fromAge + n.toAge + 1) / 2;

/**
 * The age whose median VO2 max equals `vo2Max`: linear between the decade midpoints (25, 35, … 75),
 * extended along the first or last segment beyond them, clamped to 20..90 and rounded.
 */
export function cardioAge(vo2Max: number): number {
  // Medians fall with age: the segment ends at the first older decade whose median is at or below the value.
  let index = VO2_NORMS_MEN.findIndex((n, i) => i > 0 && vo2Max >= n.p50);
  if (index === -1) index = VO2_NORMS_MEN.length - 1; // below the oldest median: extend the last segment
  const older = VO2_NORMS_MEN[index]!;
  const younger = VO2_NORMS_MEN[index - 1]!;
  const slope = (midpoint(older) - midpoint(younger)) / (older.p50 - younger.p50); // years per ml/kg/min (negative)
  const age = midpoint(younger) + (vo2Max - younger.p50) * slope;
  return Math.round(Math.min(CARDIO_AGE_MAX, Math.max(CARDIO_AGE_MIN, age)));
}
