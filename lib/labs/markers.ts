// The markers a men's-health blood panel carries: how each is named, the unit the app keeps it in
// (`unit`), the other units labs report it in with the factor that turns them into `unit`, and the
// LOINC code and UCUM unit a clinician's system reads (the FHIR export).

// Total testosterone: 1 nmol/L = 28.842 ng/dL (molar mass 288.42 g/mol).
export const NG_DL_PER_NMOL_L = 28.842;

export const LAB_MARKER_KEYS = [
  'total_testosterone',
  'free_testosterone',
  'shbg',
  'oestradiol',
  'lh',
  'fsh',
  'prolactin',
  'psa',
  'haematocrit',
  'vitamin_d',
  'hba1c',
  'total_cholesterol',
  'ldl_cholesterol',
  'hdl_cholesterol',
  'triglycerides',
  'tsh',
] as const;
export type LabMarkerKey = (typeof LAB_MARKER_KEYS)[number];

/** A unit a lab may print, and how to reach the marker's own unit from it. */
export type UnitConversion = { unit: string; toCanonical: (value: number) => number };

export type LabMarker = {
  key: LabMarkerKey;
  /** How the app names it ("Total testosterone"). */
  label: string;
  /** The unit the app shows and stores it in. */
  unit: string;
  /** The same unit in UCUM, for FHIR. */
  ucum: string;
  loinc: { code: string; display: string };
  /** Other units labs use, each with its conversion into `unit`. */
  alternatives: readonly UnitConversion[];
  /** Values outside these (in `unit`) are not a plausible human result: a misread, or a typing slip. */
  plausible: { min: number; max: number };
  /**
   * Where the upper reference limits that labs print for men fall (in `unit`), across their assays: an
   * upper limit read by OCR outside this has probably lost a decimal point ("1.7-8.6" read as "17-86"),
   * and the row is not used.
   */
  upperLimits: { min: number; max: number };
  /**
   * Where the lower reference limits labs print for men fall (in `unit`), a limit of 0 aside: a lower
   * limit read by OCR outside this has probably lost a decimal point ("1.4-18.1" read as "14-18.1").
   */
  lowerLimits: { min: number; max: number };
};

const times = (factor: number) => (value: number) => value * factor;
const same = (unit: string): UnitConversion => ({ unit, toCanonical: (value) => value });

// Cholesterol 1 mmol/L = 38.67 mg/dL (386.65 g/mol); triglycerides 88.57 (885.7 g/mol as triolein).
const CHOLESTEROL_MG_DL_PER_MMOL_L = 38.67;
const TRIGLYCERIDE_MG_DL_PER_MMOL_L = 88.57;
/** French reports give lipids in g/L: 1 g/L = 100 mg/dL. */
const G_PER_L: UnitConversion = { unit: 'g/L', toCanonical: times(100) };

export const LAB_MARKERS: Readonly<Record<LabMarkerKey, LabMarker>> = {
  total_testosterone: {
    key: 'total_testosterone',
    label: 'Total testosterone',
    unit: 'ng/dL',
    ucum: 'ng/dL',
    loinc: { code: '2986-8', display: 'Testosterone [Mass/volume] in Serum or Plasma' },
    alternatives: [{ unit: 'nmol/L', toCanonical: times(NG_DL_PER_NMOL_L) }, { unit: 'ng/mL', toCanonical: times(100) }],
    plausible: { min: 1, max: 3000 },
    upperLimits: { min: 600, max: 1300 },
    lowerLimits: { min: 150, max: 450 },
  },
  free_testosterone: {
    key: 'free_testosterone',
    label: 'Free testosterone',
    unit: 'pg/mL',
    ucum: 'pg/mL',
    loinc: { code: '2991-8', display: 'Testosterone Free [Mass/volume] in Serum or Plasma' },
    // 1 pmol/L = 0.28842 pg/mL; 1 ng/dL = 10 pg/mL; 1 nmol/L = 288.42 pg/mL.
    alternatives: [
      { unit: 'pmol/L', toCanonical: times(NG_DL_PER_NMOL_L / 100) },
      { unit: 'nmol/L', toCanonical: times(NG_DL_PER_NMOL_L * 10) },
      { unit: 'ng/dL', toCanonical: times(10) },
    ],
    plausible: { min: 0.1, max: 1000 },
    upperLimits: { min: 15, max: 300 },
    lowerLimits: { min: 3, max: 120 },
  },
  shbg: {
    key: 'shbg',
    label: 'SHBG',
    unit: 'nmol/L',
    ucum: 'nmol/L',
    loinc: { code: '13967-5', display: 'Sex hormone binding globulin [Moles/volume] in Serum or Plasma' },
    alternatives: [],
    plausible: { min: 1, max: 500 },
    upperLimits: { min: 40, max: 100 },
    lowerLimits: { min: 8, max: 30 },
  },
  oestradiol: {
    key: 'oestradiol',
    label: 'Oestradiol',
    unit: 'pg/mL',
    ucum: 'pg/mL',
    loinc: { code: '2243-4', display: 'Estradiol (E2) [Mass/volume] in Serum or Plasma' },
    // Oestradiol 272.38 g/mol: 1 pmol/L = 0.27238 pg/mL.
    alternatives: [{ unit: 'pmol/L', toCanonical: times(0.27238) }, same('ng/L')],
    plausible: { min: 1, max: 2000 },
    upperLimits: { min: 25, max: 80 },
    lowerLimits: { min: 3, max: 30 },
  },
  lh: {
    key: 'lh',
    label: 'LH',
    unit: 'IU/L',
    ucum: '[IU]/L',
    loinc: { code: '10501-5', display: 'Lutropin [Units/volume] in Serum or Plasma' },
    // French and Spanish reports write UI for IU.
    alternatives: [same('mIU/mL'), same('U/L'), same('mU/mL'), same('UI/L'), same('mUI/mL')],
    plausible: { min: 0.01, max: 200 },
    upperLimits: { min: 5, max: 20 },
    lowerLimits: { min: 0.5, max: 3 },
  },
  fsh: {
    key: 'fsh',
    label: 'FSH',
    unit: 'IU/L',
    ucum: '[IU]/L',
    loinc: { code: '15067-2', display: 'Follitropin [Units/volume] in Serum or Plasma' },
    alternatives: [same('mIU/mL'), same('U/L'), same('mU/mL'), same('UI/L'), same('mUI/mL')],
    plausible: { min: 0.01, max: 200 },
    upperLimits: { min: 7, max: 25 },
    lowerLimits: { min: 0.5, max: 4 },
  },
  prolactin: {
    key: 'prolactin',
    label: 'Prolactin',
    unit: 'ng/mL',
    ucum: 'ng/mL',
    loinc: { code: '2842-3', display: 'Prolactin [Mass/volume] in Serum or Plasma' },
    // WHO 3rd IS 84/500: 1 ng/mL = 21.2 mIU/L.
    alternatives: [
      same('µg/L'),
      { unit: 'mIU/L', toCanonical: times(1 / 21.2) },
      { unit: 'mU/L', toCanonical: times(1 / 21.2) },
      { unit: 'mUI/L', toCanonical: times(1 / 21.2) },
      // 1 µIU/mL is 1 mIU/L.
      { unit: 'µIU/mL', toCanonical: times(1 / 21.2) },
      { unit: 'µUI/mL', toCanonical: times(1 / 21.2) },
    ],
    plausible: { min: 0.1, max: 1000 },
    upperLimits: { min: 10, max: 30 },
    lowerLimits: { min: 1.5, max: 6 },
  },
  psa: {
    key: 'psa',
    label: 'PSA',
    unit: 'ng/mL',
    ucum: 'ng/mL',
    loinc: { code: '2857-1', display: 'Prostate specific Ag [Mass/volume] in Serum or Plasma' },
    alternatives: [same('µg/L')],
    plausible: { min: 0, max: 1000 },
    upperLimits: { min: 1.5, max: 8 },
    lowerLimits: { min: 0, max: 1 },
  },
  haematocrit: {
    key: 'haematocrit',
    label: 'Haematocrit',
    unit: '%',
    ucum: '%',
    loinc: { code: '4544-3', display: 'Hematocrit [Volume Fraction] of Blood by Automated count' },
    alternatives: [{ unit: 'L/L', toCanonical: times(100) }],
    plausible: { min: 10, max: 75 },
    upperLimits: { min: 45, max: 56 },
    lowerLimits: { min: 33, max: 45 },
  },
  vitamin_d: {
    key: 'vitamin_d',
    label: 'Vitamin D (25-OH)',
    unit: 'ng/mL',
    ucum: 'ng/mL',
    // The total (D2 + D3) that labs report; 1989-3 would say D3 alone.
    loinc: { code: '62292-8', display: '25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma' },
    // 1 ng/mL = 2.496 nmol/L.
    alternatives: [{ unit: 'nmol/L', toCanonical: times(1 / 2.496) }, same('µg/L')],
    plausible: { min: 1, max: 250 },
    upperLimits: { min: 40, max: 150 },
    lowerLimits: { min: 10, max: 40 },
  },
  hba1c: {
    key: 'hba1c',
    label: 'HbA1c',
    unit: '%',
    ucum: '%',
    loinc: { code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' },
    // IFCC mmol/mol to NGSP %: % = 0.09148 × mmol/mol + 2.152.
    alternatives: [{ unit: 'mmol/mol', toCanonical: (value) => 0.09148 * value + 2.152 }],
    plausible: { min: 3, max: 20 },
    upperLimits: { min: 5.5, max: 7 },
    lowerLimits: { min: 3.5, max: 5 },
  },
  total_cholesterol: {
    key: 'total_cholesterol',
    label: 'Total cholesterol',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '2093-3', display: 'Cholesterol [Mass/volume] in Serum or Plasma' },
    alternatives: [{ unit: 'mmol/L', toCanonical: times(CHOLESTEROL_MG_DL_PER_MMOL_L) }, G_PER_L],
    plausible: { min: 40, max: 1000 },
    upperLimits: { min: 170, max: 260 },
    lowerLimits: { min: 80, max: 160 },
  },
  ldl_cholesterol: {
    key: 'ldl_cholesterol',
    label: 'LDL cholesterol',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '13457-7', display: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation' },
    alternatives: [{ unit: 'mmol/L', toCanonical: times(CHOLESTEROL_MG_DL_PER_MMOL_L) }, G_PER_L],
    plausible: { min: 5, max: 800 },
    upperLimits: { min: 70, max: 200 },
    lowerLimits: { min: 0, max: 100 },
  },
  hdl_cholesterol: {
    key: 'hdl_cholesterol',
    label: 'HDL cholesterol',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '2085-9', display: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma' },
    alternatives: [{ unit: 'mmol/L', toCanonical: times(CHOLESTEROL_MG_DL_PER_MMOL_L) }, G_PER_L],
    plausible: { min: 5, max: 250 },
    upperLimits: { min: 50, max: 120 },
    lowerLimits: { min: 30, max: 60 },
  },
  triglycerides: {
    key: 'triglycerides',
    label: 'Triglycerides',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '2571-8', display: 'Triglyceride [Mass/volume] in Serum or Plasma' },
    alternatives: [{ unit: 'mmol/L', toCanonical: times(TRIGLYCERIDE_MG_DL_PER_MMOL_L) }, G_PER_L],
    plausible: { min: 10, max: 5000 },
    upperLimits: { min: 100, max: 220 },
    lowerLimits: { min: 0, max: 60 },
  },
  tsh: {
    key: 'tsh',
    label: 'TSH',
    unit: 'mIU/L',
    ucum: 'm[IU]/L',
    loinc: { code: '3016-3', display: 'Thyrotropin [Units/volume] in Serum or Plasma' },
    alternatives: [same('µIU/mL'), same('mU/L'), same('uIU/mL'), same('mIU/L'), same('µU/mL'), same('mUI/L'), same('µUI/mL')],
    plausible: { min: 0.001, max: 200 },
    upperLimits: { min: 3, max: 7 },
    lowerLimits: { min: 0.1, max: 0.8 },
  },
};

export const isLabMarkerKey = (value: string): value is LabMarkerKey => (LAB_MARKER_KEYS as readonly string[]).includes(value);

/** Spellings of one unit compared as one: case, spaces, "u"/"μ"/"µ" for micro, "mcg" for µg. */
export function normaliseUnit(unit: string): string {
  // Lower-case first, so that "UG/L" and "UIU/ML" meet the micro rule below like "ug/L" does. The Greek
  // small mu (U+03BC: what PDF text extraction and Greek keyboards give) becomes the micro sign (U+00B5)
  // wherever it stands; an ASCII "u" only as the prefix of a unit part (start or after "/"), so that the
  // "u" of "mu/l" or "iu/l" stays itself.
  return unit
    .trim()
    .replace(/\s+/g, '')
    .toLowerCase()
    .replace(/μ/g, 'µ')
    .replace(/(?<![a-zµ])u(?=(?:g|iu|ui|u|mol)\b)/g, 'µ')
    .replace(/(?<![a-zµ])mcg\b/g, 'µg');
}

/** The units a marker may be entered in: its own first. */
export function unitsOf(key: LabMarkerKey): string[] {
  const marker = LAB_MARKERS[key];
  const seen = new Set<string>();
  return [marker.unit, ...marker.alternatives.map((a) => a.unit)].filter((unit) => {
    const id = normaliseUnit(unit);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** `unit` as the catalogue spells it ("ug/L" → "µg/L"), when the marker is reported in it; undefined otherwise. */
export function listedUnit(key: LabMarkerKey, unit: string): string | undefined {
  const wanted = normaliseUnit(unit);
  return unitsOf(key).find((u) => normaliseUnit(u) === wanted);
}

/** A value in `unit` → the marker's own unit, unrounded; null when the unit is not one it is reported in. */
export function convertToCanonical(key: LabMarkerKey, value: number, unit: string): number | null {
  if (!Number.isFinite(value)) return null;
  const marker = LAB_MARKERS[key];
  const wanted = normaliseUnit(unit);
  if (wanted === normaliseUnit(marker.unit)) return value;
  const conversion = marker.alternatives.find((a) => normaliseUnit(a.unit) === wanted);
  return conversion ? conversion.toCanonical(value) : null;
}

/** A value in `unit` → the marker's own unit (rounded to 4 significant digits); null when the unit is not one it is reported in. */
export function toCanonical(key: LabMarkerKey, value: number, unit: string): number | null {
  const converted = convertToCanonical(key, value, unit);
  return converted === null ? null : Number(converted.toPrecision(4));
}
