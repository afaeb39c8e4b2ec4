import { convertToCanonical, LAB_MARKERS, type LabMarkerKey } from './markers';

// Levine's Phenotypic Age ("PhenoAge"): Levine ME et al., "An epigenetic biomarker of aging for lifespan and
// healthspan", Aging 10(4):573–591 (2018), doi:10.18632/aging.101414, from the model of Liu Z et al., PLoS
// Medicine 15(12):e1002718 (2018). Nine blood markers and the calendar age give a 10-year mortality score;
// PhenoAge is the age at which the score is the average one in the model's reference population. The
// formula, its constants and what it cannot say are in docs/biological-age.md. This module is pure: the
// database side (which results, from which reports) is ./biological-age.ts.

/** The nine markers, in the paper's order. */
export const PHENOAGE_MARKERS = ['albumin', 'creatinine', 'glucose', 'crp', 'lymphocytes_pct', 'mcv', 'rdw', 'alp', 'wbc'] as const satisfies readonly LabMarkerKey[];
export type PhenoAgeMarker = (typeof PHENOAGE_MARKERS)[number];

type Term = {
  /** The coefficient of the marker in the paper's unit (for CRP, of its natural logarithm in mg/dL). */
  coefficient: number;
  /** The paper's unit, as the card writes it. */
  unit: string;
  /** The marker's own unit (lib/labs/markers.ts) → the paper's. */
  fromCanonical: (value: number) => number;
};

// The coefficients as Levine 2018 prints them (four decimals), which the published calculators the tests
// check against use (tests/unit/phenoage.test.ts); the BioAge R package's longer ones (−0.03359355, …) move a
// figure by under 0.1 years.
export const TERMS: Readonly<Record<PhenoAgeMarker, Term>> = {
  // g/dL → g/L.
  albumin: { coefficient: -0.0336, unit: 'g/L', fromCanonical: (v) => v * 10 },
  // mg/dL → µmol/L (creatinine 113.12 g/mol: 1 mg/dL = 88.4 µmol/L, the factor the paper's NHANES work uses).
  creatinine: { coefficient: 0.0095, unit: 'µmol/L', fromCanonical: (v) => v * 88.4 },
  // mg/dL → mmol/L (glucose 180.16 g/mol).
  glucose: { coefficient: 0.1953, unit: 'mmol/L', fromCanonical: (v) => v / 18.016 },
  // mg/L → mg/dL; the model takes its natural logarithm.
  crp: { coefficient: 0.0954, unit: 'ln(mg/dL)', fromCanonical: (v) => Math.log(v / 10) },
  lymphocytes_pct: { coefficient: -0.012, unit: '%', fromCanonical: (v) => v },
  mcv: { coefficient: 0.0268, unit: 'fL', fromCanonical: (v) => v },
  rdw: { coefficient: 0.3306, unit: '%', fromCanonical: (v) => v },
  alp: { coefficient: 0.0019, unit: 'U/L', fromCanonical: (v) => v },
  wbc: { coefficient: 0.0554, unit: '10^9/L', fromCanonical: (v) => v },
};
export const AGE_COEFFICIENT = 0.0804;
export const INTERCEPT = -19.9067;
/** The Gompertz shape of the mortality model, per month. */
export const GAMMA = 0.0076927;
/** The age-only model PhenoAge inverts: its intercept and its slope per year. */
export const AGE_MODEL = { intercept: 141.50225, scale: -0.00553, slope: 0.090165 } as const;

/** The paper's inputs, each in its unit (CRP already as ln(mg/dL)), and the calendar age in years. */
export type PaperInputs = Readonly<Record<PhenoAgeMarker, number>> & { age: number };

/** The linear predictor of the mortality model. */
export function linearPredictor(inputs: PaperInputs): number {
  return PHENOAGE_MARKERS.reduce((sum, marker) => sum + TERMS[marker].coefficient * inputs[marker], INTERCEPT + AGE_COEFFICIENT * inputs.age);
}

/** The 10-year (120-month) mortality score of the Gompertz model. */
export function mortalityScore(xb: number): number {
  return 1 - Math.exp((-Math.exp(xb) * (Math.exp(120 * GAMMA) - 1)) / GAMMA);
}

/**
 * PhenoAge in years. Written through the log of the survival, not through 1 − M, so that a score close to 0
 * (a young, healthy panel) loses no precision: ln(1 − M) is exactly −exp(xb)·(e^{120γ} − 1)/γ. `slope` is
 * the age-only model's (docs/biological-age.md says why 0.090165 and not the 0.09165 of a 2019 correction);
 * the tests pass the other to check a calculator that uses it.
 */
export function phenoAge(inputs: PaperInputs, slope: number = AGE_MODEL.slope): number {
  const xb = linearPredictor(inputs);
  const logSurvival = (-Math.exp(xb) * (Math.exp(120 * GAMMA) - 1)) / GAMMA;
  return AGE_MODEL.intercept + Math.log(AGE_MODEL.scale * logSurvival) / slope;
}

/**
 * Years of PhenoAge per unit of the linear predictor: PhenoAge is linear in xb (see phenoAge: the log of a
 * constant times exp(xb)), with this slope. A marker's share of the figure is therefore its term over it.
 */
export const YEARS_PER_XB = 1 / AGE_MODEL.slope;

/** A result as stored: its value, unit and comparator. */
export type MeasuredValue = { value: number; unit: string; comparator: string | null };

/** `value` in the paper's unit for `marker`, or null when its unit is not one the catalogue converts. */
export function toPaperUnit(marker: PhenoAgeMarker, measured: MeasuredValue): number | null {
  const canonical = convertToCanonical(marker, measured.value, measured.unit);
  if (canonical === null) return null;
  if (marker === 'crp' && canonical <= 0) return null;
  return TERMS[marker].fromCanonical(canonical);
}

/**
 * How much `marker` moved the figure, in years, against the middle of the range the lab printed beside it:
 * its coefficient times its distance from that middle, in PhenoAge's years. Null when the lab printed no
 * range with both ends, or a range the catalogue cannot convert.
 */
export function contributionYears(marker: PhenoAgeMarker, measured: MeasuredValue, range: { low: number | null; high: number | null }): number | null {
  if (range.low === null || range.high === null || range.high <= range.low) return null;
  const value = toPaperUnit(marker, measured);
  const middle = toPaperUnit(marker, { value: (range.low + range.high) / 2, unit: measured.unit, comparator: null });
  if (value === null || middle === null) return null;
  return TERMS[marker].coefficient * (value - middle) * YEARS_PER_XB;
}

export const phenoAgeLabel = (marker: PhenoAgeMarker) => LAB_MARKERS[marker].label;

/** How a sentence names each marker ("your CRP", "your lymphocyte percentage"). */
export const PHENOAGE_NAMES: Readonly<Record<PhenoAgeMarker, string>> = {
  albumin: 'albumin',
  creatinine: 'creatinine',
  glucose: 'glucose',
  crp: 'CRP',
  lymphocytes_pct: 'lymphocyte percentage',
  mcv: 'MCV',
  rdw: 'RDW',
  alp: 'alkaline phosphatase',
  wbc: 'white cell count',
};
