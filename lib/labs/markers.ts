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
  // The standard blood panel: full blood count with differential, metabolic panel, liver,
  // lipids beyond the four above, iron studies, vitamins, thyroid and adrenal hormones.
  'wbc',
  'rbc',
  'haemoglobin',
  'mcv',
  'mch',
  'mchc',
  'rdw',
  'platelets',
  'neutrophils_pct',
  'neutrophils_abs',
  'lymphocytes_pct',
  'lymphocytes_abs',
  'monocytes_pct',
  'monocytes_abs',
  'eosinophils_pct',
  'eosinophils_abs',
  'basophils_pct',
  'basophils_abs',
  'glucose',
  'bun',
  'urea',
  'creatinine',
  'egfr',
  'sodium',
  'potassium',
  'chloride',
  'bicarbonate',
  'calcium',
  'total_protein',
  'albumin',
  'globulin',
  'bilirubin',
  'alp',
  'alt',
  'ast',
  'ggt',
  'non_hdl_cholesterol',
  'apob',
  'lpa',
  'lpa_mass',
  'insulin',
  'crp',
  'homocysteine',
  'ferritin',
  'iron',
  'tibc',
  'transferrin_saturation',
  'vitamin_b12',
  'folate',
  'magnesium',
  'uric_acid',
  'free_t4',
  'free_t3',
  'dhea_s',
  'cortisol',
  'igf1',
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
/** Proteins and haemoglobin in g/L (UK, Europe): 1 g/L = 0.1 g/dL. */
const G_PER_L_TO_G_DL: UnitConversion = { unit: 'g/L', toCanonical: times(0.1) };
/** Haemoglobin as the monomer (16,114.5 g/mol; Dutch and some German labs): 1 mmol/L = 1.6114 g/dL. */
const HB_G_DL_PER_MMOL_L = 1.6114;
/** Iron 55.845 g/mol: 1 µmol/L = 5.585 µg/dL. */
const IRON_UG_DL_PER_UMOL_L = 5.585;
/**
 * White cells, platelets and the differential's counts, in 10^9/L: the same number per nL, per 10^3 µL
 * ("x10E3/uL", "K/uL", "Thousand/uL", German "Tsd/µl"), as giga per litre (French "G/L"); 1000 times it
 * per µL or mm³ (Quest's "cells/uL", older French "/mm3").
 */
const CELLS_PER_NL: readonly UnitConversion[] = [
  same('x10E3/uL'),
  same('x10^9/L'),
  same('x E9/L'),
  same('K/uL'),
  same('Thousand/uL'),
  same('thou/µL'),
  same('thou/mm3'),
  same('Tsd/µL'),
  same('G/L'),
  same('Giga/L'),
  same('/nL'),
  same('10^3/mm3'),
  same('K/mm3'),
  { unit: 'cells/µL', toCanonical: times(0.001) },
  { unit: '/µL', toCanonical: times(0.001) },
  { unit: '/mm3', toCanonical: times(0.001) },
  { unit: 'cells/mm3', toCanonical: times(0.001) },
];
/** Red cells in 10^12/L: the same number per pL, per 10^6 µL ("x10E6/uL", "M/uL", German "Mio/µl"), tera per litre (French "T/L"). */
const CELLS_PER_PL: readonly UnitConversion[] = [
  same('x10E6/uL'),
  same('x10^12/L'),
  same('x E12/L'),
  same('M/uL'),
  same('Million/uL'),
  same('mill/µL'),
  same('mil/µL'),
  same('mil/mm3'),
  same('million/mm3'),
  same('Mio/µL'),
  same('T/L'),
  same('Tera/L'),
  same('/pL'),
  same('10^6/mm3'),
];
/** Enzyme activities: 1 U/L = 1 IU/L = 1 mU/mL (French, Spanish, Italian "UI/L"); 1 µkat/L = 60 U/L (1 U = 16.67 nkat). */
const ENZYME_UNITS: readonly UnitConversion[] = [same('IU/L'), same('UI/L'), same('mU/mL'), { unit: 'µkat/L', toCanonical: times(60) }];

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
  // ─── Full blood count ───────────────────────────────────────────────────────────────────────────
  wbc: {
    key: 'wbc',
    label: 'White cell count',
    unit: '10^9/L',
    ucum: '10*9/L',
    loinc: { code: '6690-2', display: 'Leukocytes [#/volume] in Blood by Automated count' },
    alternatives: CELLS_PER_NL,
    plausible: { min: 0.1, max: 500 },
    upperLimits: { min: 9, max: 13 },
    lowerLimits: { min: 3, max: 5 },
  },
  rbc: {
    key: 'rbc',
    label: 'Red cell count',
    unit: '10^12/L',
    ucum: '10*12/L',
    loinc: { code: '789-8', display: 'Erythrocytes [#/volume] in Blood by Automated count' },
    alternatives: CELLS_PER_PL,
    plausible: { min: 0.5, max: 10 },
    upperLimits: { min: 5.2, max: 6.7 },
    lowerLimits: { min: 3.8, max: 5 },
  },
  haemoglobin: {
    key: 'haemoglobin',
    label: 'Haemoglobin',
    unit: 'g/dL',
    ucum: 'g/dL',
    loinc: { code: '718-7', display: 'Hemoglobin [Mass/volume] in Blood' },
    // Dutch and some German labs report mmol/L of the haemoglobin monomer (16,114.5 g/mol): 1 mmol/L = 1.6114 g/dL.
    alternatives: [G_PER_L_TO_G_DL, { unit: 'mmol/L', toCanonical: times(HB_G_DL_PER_MMOL_L) }],
    plausible: { min: 2, max: 26 },
    upperLimits: { min: 15, max: 19 },
    lowerLimits: { min: 11.5, max: 14.5 },
  },
  mcv: {
    key: 'mcv',
    label: 'Mean cell volume (MCV)',
    unit: 'fL',
    ucum: 'fL',
    loinc: { code: '787-2', display: 'MCV [Entitic volume] by Automated count' },
    // 1 fL = 1 µm³ (French reports still print µ3).
    alternatives: [same('µm3'), same('µ3')],
    plausible: { min: 40, max: 160 },
    upperLimits: { min: 92, max: 103 },
    lowerLimits: { min: 75, max: 86 },
  },
  mch: {
    key: 'mch',
    label: 'Mean cell haemoglobin (MCH)',
    unit: 'pg',
    ucum: 'pg',
    loinc: { code: '785-6', display: 'MCH [Entitic mass] by Automated count' },
    // Dutch reports give MCH in fmol of the haemoglobin monomer (16,114.5 g/mol): 1 fmol = 16.114 pg (a
    // typical 1.86 fmol is 30 pg). Not ×1.6114: that is the mmol/L → g/dL factor, a tenth of this one.
    alternatives: [{ unit: 'fmol', toCanonical: times(HB_G_DL_PER_MMOL_L * 10) }],
    plausible: { min: 10, max: 50 },
    upperLimits: { min: 30.5, max: 35.5 },
    lowerLimits: { min: 25, max: 29 },
  },
  mchc: {
    key: 'mchc',
    label: 'MCHC',
    unit: 'g/dL',
    ucum: 'g/dL',
    loinc: { code: '786-4', display: 'MCHC [Mass/volume] by Automated count' },
    alternatives: [G_PER_L_TO_G_DL, { unit: 'mmol/L', toCanonical: times(HB_G_DL_PER_MMOL_L) }],
    plausible: { min: 20, max: 45 },
    upperLimits: { min: 33.5, max: 38 },
    lowerLimits: { min: 30, max: 34.5 },
  },
  rdw: {
    key: 'rdw',
    label: 'Red cell distribution width',
    unit: '%',
    ucum: '%',
    // The coefficient of variation (RDW-CV); RDW-SD (21000-5, in fL) is another test and is not read.
    loinc: { code: '788-0', display: 'Erythrocyte distribution width [Ratio] by Automated count' },
    alternatives: [],
    plausible: { min: 8, max: 40 },
    upperLimits: { min: 13.5, max: 17 },
    lowerLimits: { min: 10, max: 13 },
  },
  platelets: {
    key: 'platelets',
    label: 'Platelets',
    unit: '10^9/L',
    ucum: '10*9/L',
    loinc: { code: '777-3', display: 'Platelets [#/volume] in Blood by Automated count' },
    alternatives: CELLS_PER_NL,
    plausible: { min: 1, max: 3000 },
    upperLimits: { min: 300, max: 500 },
    lowerLimits: { min: 120, max: 180 },
  },
  neutrophils_pct: {
    key: 'neutrophils_pct',
    label: 'Neutrophils (%)',
    unit: '%',
    ucum: '%',
    loinc: { code: '770-8', display: 'Neutrophils/100 leukocytes in Blood by Automated count' },
    alternatives: [],
    plausible: { min: 0, max: 100 },
    upperLimits: { min: 60, max: 85 },
    lowerLimits: { min: 30, max: 55 },
  },
  neutrophils_abs: {
    key: 'neutrophils_abs',
    label: 'Neutrophils',
    unit: '10^9/L',
    ucum: '10*9/L',
    loinc: { code: '751-8', display: 'Neutrophils [#/volume] in Blood by Automated count' },
    alternatives: CELLS_PER_NL,
    plausible: { min: 0, max: 300 },
    upperLimits: { min: 5.5, max: 9 },
    lowerLimits: { min: 1.2, max: 2.6 },
  },
  lymphocytes_pct: {
    key: 'lymphocytes_pct',
    label: 'Lymphocytes (%)',
    unit: '%',
    ucum: '%',
    loinc: { code: '736-9', display: 'Lymphocytes/100 leukocytes in Blood by Automated count' },
    alternatives: [],
    plausible: { min: 0, max: 100 },
    upperLimits: { min: 35, max: 55 },
    lowerLimits: { min: 12, max: 30 },
  },
  lymphocytes_abs: {
    key: 'lymphocytes_abs',
    label: 'Lymphocytes',
    unit: '10^9/L',
    ucum: '10*9/L',
    loinc: { code: '731-0', display: 'Lymphocytes [#/volume] in Blood by Automated count' },
    alternatives: CELLS_PER_NL,
    plausible: { min: 0, max: 500 },
    upperLimits: { min: 2.9, max: 5.5 },
    lowerLimits: { min: 0.6, max: 1.6 },
  },
  monocytes_pct: {
    key: 'monocytes_pct',
    label: 'Monocytes (%)',
    unit: '%',
    ucum: '%',
    loinc: { code: '5905-5', display: 'Monocytes/100 leukocytes in Blood by Automated count' },
    alternatives: [],
    plausible: { min: 0, max: 80 },
    upperLimits: { min: 7, max: 15 },
    lowerLimits: { min: 1, max: 6 },
  },
  monocytes_abs: {
    key: 'monocytes_abs',
    label: 'Monocytes',
    unit: '10^9/L',
    ucum: '10*9/L',
    loinc: { code: '742-7', display: 'Monocytes [#/volume] in Blood by Automated count' },
    alternatives: CELLS_PER_NL,
    plausible: { min: 0, max: 100 },
    upperLimits: { min: 0.7, max: 1.4 },
    lowerLimits: { min: 0.05, max: 0.45 },
  },
  eosinophils_pct: {
    key: 'eosinophils_pct',
    label: 'Eosinophils (%)',
    unit: '%',
    ucum: '%',
    loinc: { code: '713-8', display: 'Eosinophils/100 leukocytes in Blood by Automated count' },
    alternatives: [],
    plausible: { min: 0, max: 80 },
    upperLimits: { min: 3, max: 9 },
    lowerLimits: { min: 0.3, max: 2 },
  },
  eosinophils_abs: {
    key: 'eosinophils_abs',
    label: 'Eosinophils',
    unit: '10^9/L',
    ucum: '10*9/L',
    loinc: { code: '711-2', display: 'Eosinophils [#/volume] in Blood by Automated count' },
    alternatives: CELLS_PER_NL,
    plausible: { min: 0, max: 50 },
    upperLimits: { min: 0.3, max: 0.8 },
    lowerLimits: { min: 0.01, max: 0.1 },
  },
  basophils_pct: {
    key: 'basophils_pct',
    label: 'Basophils (%)',
    unit: '%',
    ucum: '%',
    loinc: { code: '706-2', display: 'Basophils/100 leukocytes in Blood by Automated count' },
    alternatives: [],
    plausible: { min: 0, max: 50 },
    upperLimits: { min: 0.8, max: 3 },
    lowerLimits: { min: 0.1, max: 1 },
  },
  basophils_abs: {
    key: 'basophils_abs',
    label: 'Basophils',
    unit: '10^9/L',
    ucum: '10*9/L',
    loinc: { code: '704-7', display: 'Basophils [#/volume] in Blood by Automated count' },
    alternatives: CELLS_PER_NL,
    plausible: { min: 0, max: 20 },
    upperLimits: { min: 0.08, max: 0.3 },
    lowerLimits: { min: 0.005, max: 0.05 },
  },

  // ─── Metabolic panel ────────────────────────────────────────────────────────────────────────────
  glucose: {
    key: 'glucose',
    label: 'Glucose',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    // Serum or plasma glucose whether or not the report says fasting (1558-6 would claim a fast).
    loinc: { code: '2345-7', display: 'Glucose [Mass/volume] in Serum or Plasma' },
    // Glucose 180.16 g/mol: 1 mmol/L = 18.016 mg/dL; French reports: 1 g/L = 100 mg/dL.
    alternatives: [{ unit: 'mmol/L', toCanonical: times(18.016) }, G_PER_L],
    plausible: { min: 10, max: 1500 },
    upperLimits: { min: 90, max: 200 },
    lowerLimits: { min: 50, max: 80 },
  },
  bun: {
    key: 'bun',
    label: 'Urea nitrogen (BUN)',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '3094-0', display: 'Urea nitrogen [Mass/volume] in Serum or Plasma' },
    // Urea nitrogen in SI is mmol/L of urea (two nitrogens, 2 × 14.007 g/mol): 1 mmol/L = 2.801 mg/dL.
    alternatives: [{ unit: 'mmol/L', toCanonical: times(2.801) }],
    plausible: { min: 1, max: 250 },
    upperLimits: { min: 16, max: 30 },
    lowerLimits: { min: 3, max: 10 },
  },
  urea: {
    key: 'urea',
    label: 'Urea',
    unit: 'mmol/L',
    ucum: 'mmol/L',
    loinc: { code: '22664-7', display: 'Urea [Moles/volume] in Serum or Plasma' },
    // Urea 60.06 g/mol: 1 mmol/L = 6.006 mg/dL; 1 g/L = 16.65 mmol/L (French "Urée 0,30 g/L").
    alternatives: [{ unit: 'mg/dL', toCanonical: times(1 / 6.006) }, { unit: 'g/L', toCanonical: times(16.65) }],
    plausible: { min: 0.5, max: 100 },
    upperLimits: { min: 6, max: 10.5 },
    lowerLimits: { min: 1.5, max: 4 },
  },
  creatinine: {
    key: 'creatinine',
    label: 'Creatinine',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '2160-0', display: 'Creatinine [Mass/volume] in Serum or Plasma' },
    // Creatinine 113.12 g/mol: 1 mg/dL = 88.42 µmol/L; French reports also give mg/L (1 mg/L = 0.1 mg/dL).
    alternatives: [{ unit: 'µmol/L', toCanonical: times(1 / 88.42) }, { unit: 'mg/L', toCanonical: times(0.1) }],
    plausible: { min: 0.1, max: 30 },
    upperLimits: { min: 1, max: 1.6 },
    lowerLimits: { min: 0.4, max: 0.95 },
  },
  egfr: {
    key: 'egfr',
    label: 'eGFR',
    unit: 'mL/min/1.73m2',
    ucum: 'mL/min/{1.73_m2}',
    // CKD-EPI (62238-1): the creatinine equation labs print today (UK and Europe CKD-EPI 2009 without its
    // race factor, the US the 2021 refit, 98979-8, a sub-case of this one); MDRD (33914-3) is retired. The
    // report seldom says which CKD-EPI it used, so the general CKD-EPI code is the one that stays true.
    loinc: { code: '62238-1', display: 'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI)' },
    // Every eGFR is per 1.73 m² of body surface; some labs print only "mL/min", LabCorp "mL/min/1.73".
    alternatives: [same('mL/min'), same('mL/min/1.73')],
    plausible: { min: 1, max: 200 },
    upperLimits: { min: 85, max: 150 },
    lowerLimits: { min: 55, max: 95 },
  },
  sodium: {
    key: 'sodium',
    label: 'Sodium',
    unit: 'mmol/L',
    ucum: 'mmol/L',
    loinc: { code: '2951-2', display: 'Sodium [Moles/volume] in Serum or Plasma' },
    // Monovalent: 1 mEq/L = 1 mmol/L.
    alternatives: [same('mEq/L')],
    plausible: { min: 90, max: 200 },
    upperLimits: { min: 143, max: 150 },
    lowerLimits: { min: 130, max: 138 },
  },
  potassium: {
    key: 'potassium',
    label: 'Potassium',
    unit: 'mmol/L',
    ucum: 'mmol/L',
    loinc: { code: '2823-3', display: 'Potassium [Moles/volume] in Serum or Plasma' },
    alternatives: [same('mEq/L')],
    plausible: { min: 1, max: 10 },
    upperLimits: { min: 4.8, max: 5.8 },
    lowerLimits: { min: 3.2, max: 4 },
  },
  chloride: {
    key: 'chloride',
    label: 'Chloride',
    unit: 'mmol/L',
    ucum: 'mmol/L',
    loinc: { code: '2075-0', display: 'Chloride [Moles/volume] in Serum or Plasma' },
    alternatives: [same('mEq/L')],
    plausible: { min: 60, max: 150 },
    upperLimits: { min: 104, max: 114 },
    lowerLimits: { min: 94, max: 103 },
  },
  bicarbonate: {
    key: 'bicarbonate',
    label: 'Bicarbonate',
    unit: 'mmol/L',
    ucum: 'mmol/L',
    // US panels print "Carbon dioxide, total" (2028-9), which the analysers measure as bicarbonate (it is
    // ~95% of it); the app keeps one marker, coded as bicarbonate.
    loinc: { code: '1963-8', display: 'Bicarbonate [Moles/volume] in Serum or Plasma' },
    alternatives: [same('mEq/L')],
    plausible: { min: 3, max: 60 },
    upperLimits: { min: 27, max: 34 },
    lowerLimits: { min: 18, max: 27 },
  },
  calcium: {
    key: 'calcium',
    label: 'Calcium',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '17861-6', display: 'Calcium [Mass/volume] in Serum or Plasma' },
    // Calcium 40.08 g/mol: 1 mmol/L = 4.008 mg/dL; divalent, so 1 mEq/L = 2.004 mg/dL; French mg/L.
    alternatives: [{ unit: 'mmol/L', toCanonical: times(4.008) }, { unit: 'mEq/L', toCanonical: times(2.004) }, { unit: 'mg/L', toCanonical: times(0.1) }],
    plausible: { min: 3, max: 20 },
    upperLimits: { min: 9.8, max: 11 },
    lowerLimits: { min: 8, max: 9.3 },
  },
  total_protein: {
    key: 'total_protein',
    label: 'Total protein',
    unit: 'g/dL',
    ucum: 'g/dL',
    loinc: { code: '2885-2', display: 'Protein [Mass/volume] in Serum or Plasma' },
    alternatives: [G_PER_L_TO_G_DL],
    plausible: { min: 2, max: 15 },
    upperLimits: { min: 7.6, max: 8.8 },
    lowerLimits: { min: 5.5, max: 7 },
  },
  albumin: {
    key: 'albumin',
    label: 'Albumin',
    unit: 'g/dL',
    ucum: 'g/dL',
    loinc: { code: '1751-7', display: 'Albumin [Mass/volume] in Serum or Plasma' },
    alternatives: [G_PER_L_TO_G_DL],
    plausible: { min: 0.5, max: 7 },
    upperLimits: { min: 4.5, max: 5.7 },
    lowerLimits: { min: 3.2, max: 4.2 },
  },
  globulin: {
    key: 'globulin',
    label: 'Globulin',
    unit: 'g/dL',
    ucum: 'g/dL',
    loinc: { code: '10834-0', display: 'Globulin [Mass/volume] in Serum by calculation' },
    alternatives: [G_PER_L_TO_G_DL],
    plausible: { min: 0.5, max: 10 },
    upperLimits: { min: 3.2, max: 4.8 },
    lowerLimits: { min: 1.5, max: 2.6 },
  },
  bilirubin: {
    key: 'bilirubin',
    label: 'Bilirubin (total)',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '1975-2', display: 'Bilirubin.total [Mass/volume] in Serum or Plasma' },
    // Bilirubin 584.66 g/mol: 1 mg/dL = 17.104 µmol/L; French mg/L.
    alternatives: [{ unit: 'µmol/L', toCanonical: times(1 / 17.104) }, { unit: 'mg/L', toCanonical: times(0.1) }],
    plausible: { min: 0.02, max: 50 },
    upperLimits: { min: 0.9, max: 1.6 },
    lowerLimits: { min: 0.05, max: 0.45 },
  },
  alp: {
    key: 'alp',
    label: 'Alkaline phosphatase (ALP)',
    unit: 'U/L',
    ucum: 'U/L',
    loinc: { code: '6768-6', display: 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma' },
    alternatives: ENZYME_UNITS,
    plausible: { min: 5, max: 5000 },
    upperLimits: { min: 95, max: 160 },
    lowerLimits: { min: 25, max: 65 },
  },
  alt: {
    key: 'alt',
    label: 'ALT',
    unit: 'U/L',
    ucum: 'U/L',
    loinc: { code: '1742-6', display: 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma' },
    alternatives: ENZYME_UNITS,
    plausible: { min: 1, max: 10000 },
    upperLimits: { min: 29, max: 65 },
    lowerLimits: { min: 3, max: 17 },
  },
  ast: {
    key: 'ast',
    label: 'AST',
    unit: 'U/L',
    ucum: 'U/L',
    loinc: { code: '1920-8', display: 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma' },
    alternatives: ENZYME_UNITS,
    plausible: { min: 1, max: 10000 },
    upperLimits: { min: 30, max: 55 },
    lowerLimits: { min: 5, max: 17 },
  },
  ggt: {
    key: 'ggt',
    label: 'GGT',
    unit: 'U/L',
    ucum: 'U/L',
    loinc: { code: '2324-2', display: 'Gamma glutamyl transferase [Enzymatic activity/volume] in Serum or Plasma' },
    alternatives: ENZYME_UNITS,
    plausible: { min: 1, max: 5000 },
    upperLimits: { min: 35, max: 95 },
    lowerLimits: { min: 3, max: 16 },
  },

  // ─── Lipids, inflammation, metabolism ───────────────────────────────────────────────────────────
  non_hdl_cholesterol: {
    key: 'non_hdl_cholesterol',
    label: 'Non-HDL cholesterol',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '43396-1', display: 'Cholesterol non HDL [Mass/volume] in Serum or Plasma' },
    alternatives: [{ unit: 'mmol/L', toCanonical: times(CHOLESTEROL_MG_DL_PER_MMOL_L) }, G_PER_L],
    plausible: { min: 10, max: 1000 },
    upperLimits: { min: 95, max: 195 },
    lowerLimits: { min: 0, max: 100 },
  },
  apob: {
    key: 'apob',
    label: 'Apolipoprotein B',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '1884-6', display: 'Apolipoprotein B [Mass/volume] in Serum or Plasma' },
    // 1 g/L = 100 mg/dL; 1 mg/L = 0.1 mg/dL.
    alternatives: [G_PER_L, { unit: 'mg/L', toCanonical: times(0.1) }],
    plausible: { min: 10, max: 500 },
    upperLimits: { min: 80, max: 160 },
    lowerLimits: { min: 40, max: 75 },
  },
  lpa: {
    key: 'lpa',
    label: 'Lipoprotein(a)',
    unit: 'nmol/L',
    ucum: 'nmol/L',
    loinc: { code: '43583-4', display: 'Lipoprotein a [Moles/volume] in Serum or Plasma' },
    // No conversion from mass: the particle's mass varies with its apo(a) isoform, so mass results are
    // their own marker (lpa_mass).
    alternatives: [],
    plausible: { min: 0, max: 1500 },
    upperLimits: { min: 60, max: 150 },
    lowerLimits: { min: 0, max: 10 },
  },
  lpa_mass: {
    key: 'lpa_mass',
    label: 'Lipoprotein(a) (mass)',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '10835-7', display: 'Lipoprotein a [Mass/volume] in Serum or Plasma' },
    alternatives: [{ unit: 'mg/L', toCanonical: times(0.1) }, G_PER_L],
    plausible: { min: 0, max: 600 },
    upperLimits: { min: 14, max: 75 },
    lowerLimits: { min: 0, max: 10 },
  },
  insulin: {
    key: 'insulin',
    label: 'Fasting insulin',
    unit: 'µIU/mL',
    ucum: 'u[IU]/mL',
    loinc: { code: '20448-7', display: 'Insulin [Units/volume] in Serum or Plasma' },
    // 1 µIU/mL = 1 mIU/L; WHO IRP 66/304 convention 1 µIU/mL = 6 pmol/L (some labs use 6.945).
    alternatives: [same('mIU/L'), same('mU/L'), same('µU/mL'), same('µUI/mL'), same('mUI/L'), { unit: 'pmol/L', toCanonical: times(1 / 6) }],
    plausible: { min: 0.1, max: 1000 },
    upperLimits: { min: 12, max: 32 },
    lowerLimits: { min: 1, max: 6 },
  },
  crp: {
    key: 'crp',
    label: 'C-reactive protein (hs-CRP)',
    unit: 'mg/L',
    ucum: 'mg/L',
    // hs-CRP and standard CRP are one measurand (mg/L); coded as the high-sensitivity test that a
    // cardiovascular panel carries. A standard CRP would be 1988-5.
    loinc: { code: '30522-7', display: 'C reactive protein [Mass/volume] in Serum or Plasma by High sensitivity method' },
    alternatives: [{ unit: 'mg/dL', toCanonical: times(10) }, same('µg/mL')],
    plausible: { min: 0, max: 600 },
    upperLimits: { min: 0.9, max: 10.5 },
    lowerLimits: { min: 0, max: 1 },
  },
  homocysteine: {
    key: 'homocysteine',
    label: 'Homocysteine',
    unit: 'µmol/L',
    ucum: 'umol/L',
    loinc: { code: '13965-9', display: 'Homocysteine [Moles/volume] in Serum or Plasma' },
    alternatives: [],
    plausible: { min: 1, max: 300 },
    upperLimits: { min: 10, max: 17 },
    lowerLimits: { min: 3, max: 7 },
  },

  // ─── Iron studies, vitamins ─────────────────────────────────────────────────────────────────────
  ferritin: {
    key: 'ferritin',
    label: 'Ferritin',
    unit: 'ng/mL',
    ucum: 'ng/mL',
    loinc: { code: '2276-4', display: 'Ferritin [Mass/volume] in Serum or Plasma' },
    alternatives: [same('µg/L')],
    plausible: { min: 1, max: 50000 },
    upperLimits: { min: 200, max: 550 },
    lowerLimits: { min: 10, max: 50 },
  },
  iron: {
    key: 'iron',
    label: 'Iron',
    unit: 'µg/dL',
    ucum: 'ug/dL',
    loinc: { code: '2498-4', display: 'Iron [Mass/volume] in Serum or Plasma' },
    // Iron 55.845 g/mol: 1 µmol/L = 5.585 µg/dL.
    alternatives: [{ unit: 'µmol/L', toCanonical: times(IRON_UG_DL_PER_UMOL_L) }],
    plausible: { min: 3, max: 600 },
    upperLimits: { min: 140, max: 215 },
    lowerLimits: { min: 30, max: 80 },
  },
  tibc: {
    key: 'tibc',
    label: 'TIBC',
    unit: 'µg/dL',
    ucum: 'ug/dL',
    loinc: { code: '2500-7', display: 'Iron binding capacity [Mass/volume] in Serum or Plasma' },
    alternatives: [{ unit: 'µmol/L', toCanonical: times(IRON_UG_DL_PER_UMOL_L) }],
    plausible: { min: 50, max: 1000 },
    upperLimits: { min: 370, max: 500 },
    lowerLimits: { min: 220, max: 310 },
  },
  transferrin_saturation: {
    key: 'transferrin_saturation',
    label: 'Transferrin saturation',
    unit: '%',
    ucum: '%',
    loinc: { code: '2502-3', display: 'Iron saturation [Mass Fraction] in Serum or Plasma' },
    alternatives: [],
    plausible: { min: 1, max: 100 },
    upperLimits: { min: 40, max: 65 },
    lowerLimits: { min: 10, max: 25 },
  },
  vitamin_b12: {
    key: 'vitamin_b12',
    label: 'Vitamin B12',
    unit: 'pg/mL',
    ucum: 'pg/mL',
    loinc: { code: '2132-9', display: 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma' },
    // Cyanocobalamin 1355.37 g/mol: 1 pmol/L = 1.355 pg/mL; 1 ng/L = 1 pg/mL.
    alternatives: [{ unit: 'pmol/L', toCanonical: times(1.355) }, same('ng/L')],
    plausible: { min: 30, max: 20000 },
    upperLimits: { min: 550, max: 1400 },
    lowerLimits: { min: 120, max: 260 },
  },
  folate: {
    key: 'folate',
    label: 'Folate',
    unit: 'ng/mL',
    ucum: 'ng/mL',
    loinc: { code: '2284-8', display: 'Folate [Mass/volume] in Serum or Plasma' },
    // Folic acid 441.4 g/mol: 1 nmol/L = 0.4413 ng/mL; 1 µg/L = 1 ng/mL.
    alternatives: [{ unit: 'nmol/L', toCanonical: times(0.4413) }, same('µg/L')],
    plausible: { min: 0.3, max: 200 },
    upperLimits: { min: 12, max: 45 },
    lowerLimits: { min: 2, max: 7.5 },
  },
  magnesium: {
    key: 'magnesium',
    label: 'Magnesium',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '19123-9', display: 'Magnesium [Mass/volume] in Serum or Plasma' },
    // Magnesium 24.305 g/mol: 1 mmol/L = 2.431 mg/dL; divalent: 1 mEq/L = 1.215 mg/dL; French mg/L.
    alternatives: [{ unit: 'mmol/L', toCanonical: times(2.431) }, { unit: 'mEq/L', toCanonical: times(2.431 / 2) }, { unit: 'mg/L', toCanonical: times(0.1) }],
    plausible: { min: 0.3, max: 10 },
    upperLimits: { min: 2.2, max: 2.9 },
    lowerLimits: { min: 1.4, max: 2.1 },
  },
  uric_acid: {
    key: 'uric_acid',
    label: 'Uric acid',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: { code: '3084-1', display: 'Urate [Mass/volume] in Serum or Plasma' },
    // Uric acid 168.11 g/mol: 1 mg/dL = 59.48 µmol/L; 1 mmol/L = 16.81 mg/dL; French mg/L.
    alternatives: [{ unit: 'µmol/L', toCanonical: times(1 / 59.48) }, { unit: 'mmol/L', toCanonical: times(16.81) }, { unit: 'mg/L', toCanonical: times(0.1) }],
    plausible: { min: 0.3, max: 25 },
    upperLimits: { min: 6.5, max: 8.8 },
    lowerLimits: { min: 2, max: 4.5 },
  },

  // ─── Hormones ───────────────────────────────────────────────────────────────────────────────────
  free_t4: {
    key: 'free_t4',
    label: 'Free T4',
    unit: 'ng/dL',
    ucum: 'ng/dL',
    loinc: { code: '3024-7', display: 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma' },
    // Thyroxine 776.87 g/mol: 1 ng/dL = 12.871 pmol/L; 1 ng/L = 0.1 ng/dL.
    alternatives: [{ unit: 'pmol/L', toCanonical: times(1 / 12.871) }, { unit: 'ng/L', toCanonical: times(0.1) }],
    plausible: { min: 0.05, max: 12 },
    upperLimits: { min: 1.3, max: 2.4 },
    lowerLimits: { min: 0.55, max: 1.15 },
  },
  free_t3: {
    key: 'free_t3',
    label: 'Free T3',
    unit: 'pg/mL',
    ucum: 'pg/mL',
    loinc: { code: '3051-0', display: 'Triiodothyronine (T3) Free [Mass/volume] in Serum or Plasma' },
    // Liothyronine 650.97 g/mol: 1 pmol/L = 0.651 pg/mL; 1 ng/L = 1 pg/mL.
    alternatives: [{ unit: 'pmol/L', toCanonical: times(0.651) }, same('ng/L')],
    plausible: { min: 0.3, max: 40 },
    upperLimits: { min: 3.6, max: 5.2 },
    lowerLimits: { min: 1.7, max: 3.1 },
  },
  dhea_s: {
    key: 'dhea_s',
    label: 'DHEA-S',
    unit: 'µg/dL',
    ucum: 'ug/dL',
    loinc: { code: '2191-5', display: 'Dehydroepiandrosterone sulfate (DHEA-S) [Mass/volume] in Serum or Plasma' },
    // 1 µmol/L = 36.81 µg/dL (the factor fixed when the full panel was added; DHEA-S 368.5 g/mol gives 36.85, 0.1% apart);
    // 1 µg/mL = 100 µg/dL.
    alternatives: [{ unit: 'µmol/L', toCanonical: times(36.81) }, { unit: 'µg/mL', toCanonical: times(100) }],
    plausible: { min: 1, max: 2500 },
    upperLimits: { min: 140, max: 700 },
    lowerLimits: { min: 10, max: 300 },
  },
  cortisol: {
    key: 'cortisol',
    label: 'Cortisol',
    unit: 'µg/dL',
    ucum: 'ug/dL',
    loinc: { code: '2143-6', display: 'Cortisol [Mass/volume] in Serum or Plasma' },
    // Cortisol 362.46 g/mol: 1 µg/dL = 27.59 nmol/L; 1 ng/mL = 1 µg/L = 0.1 µg/dL.
    alternatives: [{ unit: 'nmol/L', toCanonical: times(1 / 27.59) }, { unit: 'ng/mL', toCanonical: times(0.1) }, { unit: 'µg/L', toCanonical: times(0.1) }],
    plausible: { min: 0.1, max: 150 },
    upperLimits: { min: 15, max: 32 },
    lowerLimits: { min: 1.5, max: 9 },
  },
  igf1: {
    key: 'igf1',
    label: 'IGF-1',
    unit: 'ng/mL',
    ucum: 'ng/mL',
    loinc: { code: '2484-4', display: 'Insulin-like growth factor-I [Mass/volume] in Serum or Plasma' },
    // IGF-1 7,649 g/mol: 1 nmol/L = 7.649 ng/mL; 1 µg/L = 1 ng/mL.
    alternatives: [{ unit: 'nmol/L', toCanonical: times(7.649) }, same('µg/L')],
    plausible: { min: 5, max: 2500 },
    upperLimits: { min: 150, max: 600 },
    lowerLimits: { min: 25, max: 250 },
  },
};

export const isLabMarkerKey = (value: string): value is LabMarkerKey => (LAB_MARKER_KEYS as readonly string[]).includes(value);

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * Spellings of one unit compared as one: case, spaces, "u"/"μ"/"µ"/"mc" for micro, "mcg" for µg; powers of
 * ten however printed ("x10^9/L", "10*9/L", "x10E9/L", "10⁹/L", and "109/L" where a PDF lost the
 * superscript, all "10^9/l"); the eGFR's body surface ("mL/min/1,73 m²", "mL/min/{1.73_m2}" → "ml/min/1.73m2").
 */
export function normaliseUnit(unit: string): string {
  // Lower-case first, so that "UG/L" and "UIU/ML" meet the micro rule below like "ug/L" does. The Greek
  // small mu (U+03BC: what PDF text extraction and Greek keyboards give) becomes the micro sign (U+00B5)
  // wherever it stands; an ASCII "u" only as the prefix of a unit part (start or after "/"), so that the
  // "u" of "mu/l" or "iu/l" stays itself.
  return (
    unit
      .trim()
      .replace(/\s+/g, '')
      .toLowerCase()
      .replace(/μ/g, 'µ')
      .replace(/(?<![a-zµ])u(?=(?:g|iu|ui|u|mol|kat|l|m3)\b)/g, 'µ')
      .replace(/(?<![a-zµ])mc(?=g\b|l\b|mol\b)/g, 'µ')
      // Indian labs' "gm/dL" and "gms/dL" are grams; "/cumm" and "/cu.mm" a cubic millimetre.
      .replace(/^gms?(?=\/)/, 'g')
      .replace(/\/cu\.?mm$/, '/mm3')
      // Superscript digits: a power of ten's exponent ("10⁹" → "10^9"), an area's or volume's ("m²" → "m2").
      .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (digits, offset: number, whole: string) => (whole.slice(Math.max(0, offset - 2), offset) === '10' ? '^' : '') + [...digits].map((d) => SUPERSCRIPT_DIGITS.indexOf(d)).join(''))
      .replace(/^[x×*]?10(?:\^|\*{1,2}|e)?(\d{1,2})(?=\/)/, '10^$1')
      // Canadian labs' "x E9/L", "x E12/L".
      .replace(/^[x×]?e(\d{1,2})(?=\/)/, '10^$1')
      .replace(/\{1[.,]73_?m2\}/, '1.73m2')
      .replace(/1,73/, '1.73')
      .replace(/(?<=1\.73)m[*^]2$/, 'm2')
  );
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
