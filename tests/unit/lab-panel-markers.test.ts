// The full blood panel: the catalogue's new markers (codes, units, conversions,
// limits), rows of complete blood counts and metabolic panels as labs in five languages print them, and
// the names that lie close together (a total and its fraction, a serum test and its urine one, a
// percentage and a count under one name).
import { describe, expect, it } from '@jest/globals';
import { convertToCanonical, LAB_MARKER_KEYS, LAB_MARKERS, listedUnit, normaliseUnit, toCanonical, unitsOf, type LabMarkerKey } from '@/lib/labs/markers';
import { parseLabReport, type ParsedMarker } from '@/lib/labs/parse-report';

/** Each marker a text gives, as [marker, comparator + value, unit, low, high]. */
const read = (text: string) => parseLabReport(text).markers.map((m: ParsedMarker) => [m.marker, `${m.comparator ?? ''}${m.value}`, m.unit, m.referenceLow, m.referenceHigh]);
const keys = (text: string): LabMarkerKey[] => parseLabReport(text).markers.map((m) => m.marker);
/** marker → value, for reports where the order of rows is not the point. */
const values = (text: string) => Object.fromEntries(parseLabReport(text).markers.map((m) => [m.marker, `${m.comparator ?? ''}${m.value} ${m.unit}`]));

const FIRST_SIXTEEN = ['total_testosterone', 'free_testosterone', 'shbg', 'oestradiol', 'lh', 'fsh', 'prolactin', 'psa', 'haematocrit', 'vitamin_d', 'hba1c', 'total_cholesterol', 'ldl_cholesterol', 'hdl_cholesterol', 'triglycerides', 'tsh'];

/** LOINC's mod-10 check digit of a code's body (LOINC Users' Guide, "Calculating Mod 10 check digits"). */
function loincCheckDigit(body: string): number {
  const digits = [...body].reverse();
  const odd = digits.filter((_, i) => i % 2 === 0).reverse().join('');
  const even = digits.filter((_, i) => i % 2 === 1).reverse().join('');
  const sum = [...`${even}${Number(odd) * 2}`].reduce((total, digit) => total + Number(digit), 0);
  return (10 - (sum % 10)) % 10;
}

describe('the catalogue: the full panel', () => {
  it('keeps the first sixteen markers first, then the panel in the issue’s order', () => {
    expect(LAB_MARKER_KEYS.slice(0, 16)).toEqual(FIRST_SIXTEEN);
    expect(LAB_MARKER_KEYS.slice(16, 20)).toEqual(['wbc', 'rbc', 'haemoglobin', 'mcv']);
    expect(LAB_MARKER_KEYS.at(-1)).toBe('igf1');
    expect(LAB_MARKER_KEYS).toHaveLength(72);
    expect(new Set(LAB_MARKER_KEYS).size).toBe(LAB_MARKER_KEYS.length);
  });

  it.each(LAB_MARKER_KEYS.map((key) => [key]))('%s has its key, a label, a LOINC code with a valid check digit, and a UCUM unit', (key) => {
    const marker = LAB_MARKERS[key];
    expect(marker.key).toBe(key);
    expect(marker.label.length).toBeGreaterThan(1);
    expect(marker.loinc.code).toMatch(/^\d{1,6}-\d$/);
    const [body = '', check = ''] = marker.loinc.code.split('-');
    expect(loincCheckDigit(body)).toBe(Number(check));
    expect(marker.loinc.display.length).toBeGreaterThan(5);
    // UCUM writes micro as "u" and annotations in braces, never "µ" or "^".
    expect(marker.ucum).not.toMatch(/[µμ^\s]/);
    expect(marker.ucum.length).toBeGreaterThan(0);
  });

  it('gives every marker its own LOINC code', () => {
    const codes = LAB_MARKER_KEYS.map((key) => LAB_MARKERS[key].loinc.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(LAB_MARKER_KEYS.map((key) => [key]))('%s: limits in order, inside what is plausible', (key) => {
    const { plausible, upperLimits, lowerLimits } = LAB_MARKERS[key];
    expect(plausible.min).toBeLessThan(plausible.max);
    expect(lowerLimits.min).toBeLessThanOrEqual(lowerLimits.max);
    expect(upperLimits.min).toBeLessThanOrEqual(upperLimits.max);
    // A lower limit of 0 ("0 - 130 mg/dL") is always taken as printed (LabMarker.lowerLimits).
    if (lowerLimits.min > 0) expect(lowerLimits.min).toBeGreaterThanOrEqual(plausible.min);
    expect(upperLimits.max).toBeLessThanOrEqual(plausible.max);
    expect(lowerLimits.max).toBeLessThan(upperLimits.max);
    expect(lowerLimits.min).toBeLessThan(upperLimits.min);
  });

  it.each(LAB_MARKER_KEYS.map((key) => [key]))('%s: every unit it lists converts a value into its own unit, and is found again by its spelling', (key) => {
    for (const unit of unitsOf(key)) {
      const converted = convertToCanonical(key, 1, unit);
      expect(converted).not.toBeNull();
      expect(converted!).toBeGreaterThan(0);
      expect(listedUnit(key, unit)).toBe(unit);
    }
    expect(convertToCanonical(key, 1, LAB_MARKERS[key].unit)).toBe(1);
  });

  // Published equivalences (molar masses; WHO and IFCC conventions), each to the precision labs print.
  it.each<[LabMarkerKey, number, string, number, number]>([
    ['glucose', 5.5, 'mmol/L', 99, 0.2],
    ['glucose', 0.92, 'g/L', 92, 0.01],
    ['creatinine', 88.42, 'µmol/L', 1, 0.001],
    ['creatinine', 88.42, 'umol/L', 1, 0.001],
    ['creatinine', 9.5, 'mg/L', 0.95, 0.001],
    ['haemoglobin', 150, 'g/L', 15, 0.001],
    ['haemoglobin', 9.3, 'mmol/L', 15.0, 0.05],
    ['mchc', 340, 'g/L', 34, 0.001],
    ['mch', 1.86, 'fmol', 30, 0.1],
    ['cortisol', 400, 'nmol/L', 14.5, 0.05],
    ['urea', 60.06, 'mg/dL', 10, 0.001],
    ['urea', 0.3, 'g/L', 5, 0.01],
    ['bun', 5, 'mmol/L', 14, 0.01],
    ['calcium', 2.5, 'mmol/L', 10.02, 0.001],
    ['calcium', 5, 'mEq/L', 10.02, 0.001],
    ['bilirubin', 17.1, 'µmol/L', 1, 0.001],
    ['iron', 17.9, 'µmol/L', 100, 0.1],
    ['tibc', 55, 'µmol/L', 307, 0.2],
    ['vitamin_b12', 300, 'pmol/L', 406.5, 0.1],
    ['vitamin_b12', 410, 'ng/L', 410, 0],
    ['folate', 10, 'nmol/L', 4.41, 0.01],
    ['magnesium', 0.85, 'mmol/L', 2.07, 0.01],
    ['uric_acid', 357, 'µmol/L', 6.0, 0.01],
    ['uric_acid', 0.357, 'mmol/L', 6.0, 0.01],
    ['free_t4', 15, 'pmol/L', 1.165, 0.001],
    ['free_t3', 5, 'pmol/L', 3.26, 0.01],
    ['dhea_s', 5, 'µmol/L', 184, 0.1],
    ['igf1', 20, 'nmol/L', 153, 0.1],
    ['insulin', 60, 'pmol/L', 10, 0.001],
    ['insulin', 10, 'mU/L', 10, 0],
    ['alt', 0.5, 'µkat/L', 30, 0.001],
    ['ggt', 40, 'UI/L', 40, 0],
    ['non_hdl_cholesterol', 3.36, 'mmol/L', 130, 0.1],
    ['apob', 0.9, 'g/L', 90, 0.001],
    ['lpa_mass', 300, 'mg/L', 30, 0.001],
    ['crp', 0.5, 'mg/dL', 5, 0.001],
    ['ferritin', 85, 'ug/L', 85, 0],
    ['sodium', 140, 'mEq/L', 140, 0],
    ['wbc', 6200, 'cells/uL', 6.2, 0.001],
    ['wbc', 6.2, 'x10E3/uL', 6.2, 0],
    ['wbc', 6.2, 'K/µL', 6.2, 0],
    ['wbc', 6.2, '/nl', 6.2, 0],
    ['platelets', 245, 'G/L', 245, 0],
    ['rbc', 5.0, 'x10E6/uL', 5.0, 0],
    ['rbc', 5.0, 'T/L', 5.0, 0],
    ['neutrophils_abs', 3294, 'cells/uL', 3.294, 0.0001],
    ['egfr', 84, 'mL/min/1,73 m²', 84, 0],
  ])('%s: %p %s is %p in its own unit', (key, value, unit, expected, tolerance) => {
    const converted = convertToCanonical(key, value, unit);
    expect(converted).not.toBeNull();
    expect(Math.abs(converted! - expected)).toBeLessThanOrEqual(tolerance + 1e-9);
  });

  it('has no mass conversion for Lp(a) in nmol/L, nor a molar one for its mass: they are two markers', () => {
    expect(toCanonical('lpa', 30, 'mg/dL')).toBeNull();
    expect(toCanonical('lpa_mass', 75, 'nmol/L')).toBeNull();
  });

  it.each<[string, string]>([
    ['x10^9/L', '10^9/L'],
    ['x10E9/L', '10^9/L'],
    ['X10E9/L', '10^9/L'],
    ['×10^9/L', '10^9/L'],
    ['10*9/L', '10^9/L'],
    ['10⁹/L', '10^9/L'],
    ['x E9/L', '10^9/L'],
    ['10³/µL', '10^3/uL'],
    ['x10E3/uL', '10^3/µL'],
    ['x10^3/μL', '10^3/µL'],
    ['10^12/L', '10*12/L'],
    ['mL/min/1.73m2', 'mL/min/1,73 m²'],
    ['mL/min/{1.73_m2}', 'ml/min/1.73 m2'],
    ['mL/min/1.73m^2', 'mL/min/1.73m2'],
    ['ukat/L', 'µkat/L'],
    ['mcmol/L', 'µmol/L'],
    ['U/l', 'U/L'],
  ])('%s and %s are one unit', (a, b) => {
    expect(normaliseUnit(a)).toBe(normaliseUnit(b));
  });

  it('keeps units apart that differ: U/L and µL, mU/L and µU/L, g/L and G/L only by case', () => {
    expect(normaliseUnit('U/L')).not.toBe(normaliseUnit('µ/L'));
    expect(normaliseUnit('mU/L')).not.toBe(normaliseUnit('µU/L'));
    expect(normaliseUnit('10^9/L')).not.toBe(normaliseUnit('10^12/L'));
    // "G/L" (giga per litre) is a white count's unit, "g/L" a protein's: which is meant is the marker's.
    expect(listedUnit('wbc', 'G/L')).toBe('G/L');
    expect(listedUnit('albumin', 'g/L')).toBe('g/L');
    expect(listedUnit('albumin', 'G/L')).toBe('g/L');
  });
});

describe('the full panel as labs print it', () => {
  it('reads a Quest-style CBC with differential and CMP (range before the unit, counts in cells/uL)', () => {
    const text = [
      'Test Name\tIn Range\tOut Of Range\tReference Range\tLab',
      'WHITE BLOOD CELL COUNT\t6.1\t3.8-10.8 Thousand/uL\tEN',
      'RED BLOOD CELL COUNT\t5.02\t4.20-5.80 Million/uL\tEN',
      'HEMOGLOBIN\t15.1\t13.2-17.1 g/dL\tEN',
      'MCV\t90.0\t80.0-100.0 fL\tEN',
      'MCH\t30.1\t27.0-33.0 pg\tEN',
      'MCHC\t33.4\t32.0-36.0 g/dL\tEN',
      'RDW\t12.9\t11.0-15.0 %\tEN',
      'PLATELET COUNT\t245\t140-400 Thousand/uL\tEN',
      'ABSOLUTE NEUTROPHILS\t3294\t1500-7800 cells/uL\tEN',
      'ABSOLUTE LYMPHOCYTES\t2050\t850-3900 cells/uL\tEN',
      'ABSOLUTE MONOCYTES\t494\t200-950 cells/uL\tEN',
      'ABSOLUTE EOSINOPHILS\t183\t15-500 cells/uL\tEN',
      'ABSOLUTE BASOPHILS\t49\t0-200 cells/uL\tEN',
      'NEUTROPHILS\t54.0\t%\tEN',
      'LYMPHOCYTES\t33.6\t%\tEN',
      'MONOCYTES\t8.1\t%\tEN',
      'EOSINOPHILS\t3.0\t%\tEN',
      'BASOPHILS\t0.8\t%\tEN',
      'GLUCOSE\t88\t65-99 mg/dL\tEN',
      'UREA NITROGEN (BUN)\t14\t7-25 mg/dL\tEN',
      'CREATININE\t0.98\t0.60-1.29 mg/dL\tEN',
      'EGFR\t98\t> OR = 60 mL/min/1.73m2\tEN',
      'BUN/CREATININE RATIO\tNOT APPLICABLE\t6-22 (calc)\tEN',
      'SODIUM\t140\t135-146 mmol/L\tEN',
      'POTASSIUM\t4.4\t3.5-5.3 mmol/L\tEN',
      'CHLORIDE\t103\t98-110 mmol/L\tEN',
      'CARBON DIOXIDE\t26\t20-32 mmol/L\tEN',
      'CALCIUM\t9.6\t8.6-10.3 mg/dL\tEN',
      'PROTEIN, TOTAL\t7.1\t6.1-8.1 g/dL\tEN',
      'ALBUMIN\t4.6\t3.6-5.1 g/dL\tEN',
      'GLOBULIN\t2.5\t1.9-3.7 g/dL (calc)\tEN',
      'ALBUMIN/GLOBULIN RATIO\t1.8\t1.0-2.5 (calc)\tEN',
      'BILIRUBIN, TOTAL\t0.6\t0.2-1.2 mg/dL\tEN',
      'ALKALINE PHOSPHATASE\t68\t36-130 U/L\tEN',
      'AST\t22\t10-40 U/L\tEN',
      'ALT\t25\t9-46 U/L\tEN',
    ].join('\n');
    expect(read(text)).toEqual([
      ['wbc', '6.1', 'Thousand/uL', 3.8, 10.8],
      ['rbc', '5.02', 'Million/uL', 4.2, 5.8],
      ['haemoglobin', '15.1', 'g/dL', 13.2, 17.1],
      ['mcv', '90', 'fL', 80, 100],
      ['mch', '30.1', 'pg', 27, 33],
      ['mchc', '33.4', 'g/dL', 32, 36],
      ['rdw', '12.9', '%', 11, 15],
      ['platelets', '245', 'Thousand/uL', 140, 400],
      ['neutrophils_abs', '3294', 'cells/µL', 1500, 7800],
      ['lymphocytes_abs', '2050', 'cells/µL', 850, 3900],
      ['monocytes_abs', '494', 'cells/µL', 200, 950],
      ['eosinophils_abs', '183', 'cells/µL', 15, 500],
      ['basophils_abs', '49', 'cells/µL', 0, 200],
      ['neutrophils_pct', '54', '%', null, null],
      ['lymphocytes_pct', '33.6', '%', null, null],
      ['monocytes_pct', '8.1', '%', null, null],
      ['eosinophils_pct', '3', '%', null, null],
      ['basophils_pct', '0.8', '%', null, null],
      ['glucose', '88', 'mg/dL', 65, 99],
      ['bun', '14', 'mg/dL', 7, 25],
      ['creatinine', '0.98', 'mg/dL', 0.6, 1.29],
      ['egfr', '98', 'mL/min/1.73m2', 60, null],
      ['sodium', '140', 'mmol/L', 135, 146],
      ['potassium', '4.4', 'mmol/L', 3.5, 5.3],
      ['chloride', '103', 'mmol/L', 98, 110],
      ['bicarbonate', '26', 'mmol/L', 20, 32],
      ['calcium', '9.6', 'mg/dL', 8.6, 10.3],
      ['total_protein', '7.1', 'g/dL', 6.1, 8.1],
      ['albumin', '4.6', 'g/dL', 3.6, 5.1],
      ['globulin', '2.5', 'g/dL', 1.9, 3.7],
      ['bilirubin', '0.6', 'mg/dL', 0.2, 1.2],
      ['alp', '68', 'U/L', 36, 130],
      ['ast', '22', 'U/L', 10, 40],
      ['alt', '25', 'U/L', 9, 46],
    ]);
  });

  it('reads a LabCorp-style CBC and CMP (a previous-result column, x10E3/uL, "Not Estab.", eGFR in mL/min/1.73)', () => {
    const text = [
      'Test\tCurrent Result and Flag\tPrevious Result and Date\tUnits\tReference Interval',
      'WBC\t6.2\t\tx10E3/uL\t3.4-10.8',
      'RBC\t4.98\t\tx10E6/uL\t4.14-5.80',
      'Hemoglobin\t15.0\t\tg/dL\t13.0-17.7',
      'Hematocrit\t44.1\t\t%\t37.5-51.0',
      'MCV\t89\t\tfL\t79-97',
      'MCH\t30.1\t\tpg\t26.6-33.0',
      'MCHC\t34.0\t\tg/dL\t31.5-35.7',
      'RDW\t12.8\t\t%\t11.6-15.4',
      'Platelets\t245\t\tx10E3/uL\t150-450',
      'Neutrophils\t55\t\t%\tNot Estab.',
      'Lymphs\t33\t\t%\tNot Estab.',
      'Monocytes\t8\t\t%\tNot Estab.',
      'Eos\t3\t\t%\tNot Estab.',
      'Basos\t1\t\t%\tNot Estab.',
      'Neutrophils (Absolute)\t3.4\t\tx10E3/uL\t1.4-7.0',
      'Lymphs (Absolute)\t2.0\t\tx10E3/uL\t0.7-3.1',
      'Monocytes(Absolute)\t0.5\t\tx10E3/uL\t0.1-0.9',
      'Eos (Absolute)\t0.2\t\tx10E3/uL\t0.0-0.4',
      'Baso (Absolute)\t0.1\t\tx10E3/uL\t0.0-0.2',
      'Glucose\t91\t\tmg/dL\t70-99',
      'BUN\t15\t\tmg/dL\t6-24',
      'Creatinine\t1.01\t\tmg/dL\t0.76-1.27',
      'eGFR\t98\t\tmL/min/1.73\t>59',
      'BUN/Creatinine Ratio\t15\t\t\t9-20',
      'Sodium\t140\t\tmmol/L\t134-144',
      'Potassium\t4.5\t\tmmol/L\t3.5-5.2',
      'Chloride\t101\t\tmmol/L\t96-106',
      'Carbon Dioxide, Total\t24\t\tmmol/L\t20-29',
      'Calcium\t9.7\t\tmg/dL\t8.7-10.2',
      'Protein, Total\t7.0\t\tg/dL\t6.0-8.5',
      'Albumin\t4.7\t\tg/dL\t4.1-5.1',
      'Globulin, Total\t2.3\t\tg/dL\t1.5-4.5',
      'A/G Ratio\t2.0\t\t\t1.2-2.2',
      'Bilirubin, Total\t0.5\t\tmg/dL\t0.0-1.2',
      'Alkaline Phosphatase\t70\t\tIU/L\t44-121',
      'AST (SGOT)\t21\t\tIU/L\t0-40',
      'ALT (SGPT)\t24\t\tIU/L\t0-44',
    ].join('\n');
    expect(values(text)).toEqual({
      wbc: '6.2 x10E3/uL',
      rbc: '4.98 x10E6/uL',
      haemoglobin: '15 g/dL',
      haematocrit: '44.1 %',
      mcv: '89 fL',
      mch: '30.1 pg',
      mchc: '34 g/dL',
      rdw: '12.8 %',
      platelets: '245 x10E3/uL',
      neutrophils_pct: '55 %',
      lymphocytes_pct: '33 %',
      monocytes_pct: '8 %',
      eosinophils_pct: '3 %',
      basophils_pct: '1 %',
      neutrophils_abs: '3.4 x10E3/uL',
      lymphocytes_abs: '2 x10E3/uL',
      monocytes_abs: '0.5 x10E3/uL',
      eosinophils_abs: '0.2 x10E3/uL',
      basophils_abs: '0.1 x10E3/uL',
      glucose: '91 mg/dL',
      bun: '15 mg/dL',
      creatinine: '1.01 mg/dL',
      egfr: '98 mL/min/1.73',
      sodium: '140 mmol/L',
      potassium: '4.5 mmol/L',
      chloride: '101 mmol/L',
      bicarbonate: '24 mmol/L',
      calcium: '9.7 mg/dL',
      total_protein: '7 g/dL',
      albumin: '4.7 g/dL',
      globulin: '2.3 g/dL',
      bilirubin: '0.5 mg/dL',
      alp: '70 IU/L',
      ast: '21 IU/L',
      alt: '24 IU/L',
    });
    expect(parseLabReport(text).markers.find((m) => m.marker === 'egfr')).toMatchObject({ referenceLow: 59, referenceHigh: null });
  });

  it('reads an NHS-style report (serum … level, 10*9/L, umol/L, counts named "… count")', () => {
    const text = [
      'Haemoglobin\t148 g/L\t[130 - 170]',
      'Total white cell count\t6.2 10*9/L\t[4.0 - 11.0]',
      'Platelet count\t246 10*9/L\t[150 - 400]',
      'Red blood cell count\t5.05 10*12/L\t[4.5 - 5.5]',
      'Mean cell volume\t88 fL\t[80 - 100]',
      'Mean cell haemoglobin\t29.3 pg\t[27 - 32]',
      'Neutrophil count\t3.9 10*9/L\t[2.0 - 7.5]',
      'Lymphocyte count\t1.6 10*9/L\t[1.0 - 4.0]',
      'Monocyte count\t0.5 10*9/L\t[0.2 - 0.8]',
      'Eosinophil count\t0.15 10*9/L\t[0.0 - 0.4]',
      'Basophil count\t0.05 10*9/L\t[0.0 - 0.1]',
      'Serum sodium level\t139 mmol/L\t[133 - 146]',
      'Serum potassium level\t4.4 mmol/L\t[3.5 - 5.3]',
      'Serum urea level\t5.1 mmol/L\t[2.5 - 7.8]',
      'Serum creatinine level\t88 umol/L\t[59 - 104]',
      'eGFR using creatinine (CKD-EPI) per 1.73 square metres\t84 mL/min/1.73m2',
      'Serum ALT level\t24 U/L\t[0 - 50]',
      'Serum alkaline phosphatase level\t72 U/L\t[30 - 130]',
      'Serum albumin level\t44 g/L\t[35 - 50]',
      'Serum total bilirubin level\t9 umol/L\t[0 - 21]',
      'Serum non high density lipoprotein cholesterol level\t4.3 mmol/L',
      'Serum ferritin level\t85 ug/L\t[30 - 400]',
      'Serum vitamin B12 level\t410 ng/L\t[197 - 771]',
      'Serum folate level\t8.1 ug/L\t[3.9 - 26.8]',
      'Plasma glucose level\t5.2 mmol/L\t[3.0 - 6.0]',
    ].join('\n');
    expect(values(text)).toEqual({
      haemoglobin: '148 g/L',
      wbc: '6.2 10^9/L',
      platelets: '246 10^9/L',
      rbc: '5.05 10^12/L',
      mcv: '88 fL',
      mch: '29.3 pg',
      neutrophils_abs: '3.9 10^9/L',
      lymphocytes_abs: '1.6 10^9/L',
      monocytes_abs: '0.5 10^9/L',
      eosinophils_abs: '0.15 10^9/L',
      basophils_abs: '0.05 10^9/L',
      sodium: '139 mmol/L',
      potassium: '4.4 mmol/L',
      urea: '5.1 mmol/L',
      creatinine: '88 µmol/L',
      egfr: '84 mL/min/1.73m2',
      alt: '24 U/L',
      alp: '72 U/L',
      albumin: '44 g/L',
      bilirubin: '9 µmol/L',
      non_hdl_cholesterol: '4.3 mmol/L',
      ferritin: '85 µg/L',
      vitamin_b12: '410 ng/L',
      folate: '8.1 µg/L',
      glucose: '5.2 mmol/L',
    });
  });

  it('reads a German Laborbefund (/nl, /pl, U/l, GOT/GPT, Gamma-GT, eGFR in ml/min/1,73m²)', () => {
    const text = [
      'Leukozyten\t6,4\t/nl\t3,9 - 10,2',
      'Erythrozyten\t4,95\t/pl\t4,3 - 5,75',
      'Hämoglobin\t15,1\tg/dl\t13,5 - 17,2',
      'MCV\t89\tfl\t80 - 99',
      'MCH (HbE)\t30,5\tpg\t27 - 33',
      'MCHC\t34,2\tg/dl\t32 - 36',
      'Thrombozyten\t245\t/nl\t146 - 328',
      'Neutrophile\t58,2\t%\t40 - 74',
      'Lymphozyten\t31,0\t%\t19 - 48',
      'Monozyten\t7,4\t%\t3,4 - 9',
      'Eosinophile\t2,7\t%\t0 - 7',
      'Basophile\t0,7\t%\t0 - 1,5',
      'Natrium\t140\tmmol/l\t136 - 145',
      'Kalium\t4,3\tmmol/l\t3,5 - 5,1',
      'Calcium\t2,38\tmmol/l\t2,2 - 2,65',
      'Kreatinin\t0,96\tmg/dl\t0,7 - 1,2',
      'eGFR (CKD-EPI)\t92\tml/min/1,73m²\t> 60',
      'Harnstoff\t32\tmg/dl\t17 - 43',
      'Harnsäure\t5,8\tmg/dl\t3,4 - 7,0',
      'GOT (ASAT)\t24\tU/l\t< 50',
      'GPT (ALAT)\t28\tU/l\t< 50',
      'Gamma-GT\t31\tU/l\t< 60',
      'Alkalische Phosphatase\t68\tU/l\t40 - 129',
      'Bilirubin gesamt\t0,7\tmg/dl\t< 1,2',
      'Glukose nüchtern\t92\tmg/dl\t74 - 106',
      'Ferritin\t128\tng/ml\t30 - 400',
      'CRP\t< 0,5\tmg/dl\t< 0,5',
    ].join('\n');
    expect(values(text)).toEqual({
      wbc: '6.4 /nL',
      rbc: '4.95 /pL',
      haemoglobin: '15.1 g/dL',
      mcv: '89 fL',
      mch: '30.5 pg',
      mchc: '34.2 g/dL',
      platelets: '245 /nL',
      neutrophils_pct: '58.2 %',
      lymphocytes_pct: '31 %',
      monocytes_pct: '7.4 %',
      eosinophils_pct: '2.7 %',
      basophils_pct: '0.7 %',
      sodium: '140 mmol/L',
      potassium: '4.3 mmol/L',
      calcium: '2.38 mmol/L',
      creatinine: '0.96 mg/dL',
      egfr: '92 mL/min/1.73m2',
      urea: '32 mg/dL',
      uric_acid: '5.8 mg/dL',
      ast: '24 U/L',
      alt: '28 U/L',
      ggt: '31 U/L',
      alp: '68 U/L',
      bilirubin: '0.7 mg/dL',
      glucose: '92 mg/dL',
      ferritin: '128 ng/mL',
      crp: '<0.5 mg/dL',
    });
    // Urea in mg/dl is kept as printed and converted for the app: 32 mg/dl is 5.33 mmol/L.
    expect(toCanonical('urea', 32, 'mg/dl')).toBeCloseTo(5.328, 3);
  });

  it('reads a French bilan (G/L, T/L, g/L glucose, mg/L creatinine, a percentage and a count on one row)', () => {
    const text = [
      'Leucocytes\t6,80\tG/L\t4,00 à 10,00',
      'Hématies\t4,95\tT/L\t4,28 à 5,79',
      'Hémoglobine\t15,2\tg/dL\t13,4 à 16,7',
      'VGM\t91\tfL\t78 à 98',
      'TCMH\t30,7\tpg\t26 à 34',
      'CCMH\t33,7\tg/dL\t31 à 36,5',
      'Plaquettes\t245\tG/L\t150 à 400',
      'Polynucléaires neutrophiles\t58,0 %\t3,94 G/L\t1,50 à 7,00',
      'Lymphocytes\t31,2 %\t2,12 G/L\t1,00 à 4,00',
      'Monocytes\t7,6 %\t0,52 G/L\t0,20 à 1,00',
      'Glycémie à jeun\t0,92\tg/L\t0,70 à 1,10',
      'Créatinine\t9,5\tmg/L\t7,2 à 11,8',
      'DFG estimé (CKD-EPI)\t97\tmL/min/1,73m²\t> 60',
      'Sodium\t140\tmmol/L\t136 à 145',
      'Potassium\t4,2\tmmol/L\t3,5 à 5,1',
      'ASAT (TGO)\t22\tUI/L\t< 40',
      'ALAT (TGP)\t25\tUI/L\t< 41',
      'Gamma GT\t28\tUI/L\t< 55',
      'Phosphatases alcalines\t65\tUI/L\t40 à 130',
      'Ferritine\t128\tµg/L\t30 à 400',
    ].join('\n');
    expect(values(text)).toEqual({
      wbc: '6.8 G/L',
      rbc: '4.95 T/L',
      haemoglobin: '15.2 g/dL',
      mcv: '91 fL',
      mch: '30.7 pg',
      mchc: '33.7 g/dL',
      platelets: '245 G/L',
      neutrophils_pct: '58 %',
      neutrophils_abs: '3.94 G/L',
      lymphocytes_pct: '31.2 %',
      lymphocytes_abs: '2.12 G/L',
      monocytes_pct: '7.6 %',
      monocytes_abs: '0.52 G/L',
      glucose: '0.92 g/L',
      creatinine: '9.5 mg/L',
      egfr: '97 mL/min/1.73m2',
      sodium: '140 mmol/L',
      potassium: '4.2 mmol/L',
      ast: '22 UI/L',
      alt: '25 UI/L',
      ggt: '28 UI/L',
      alp: '65 UI/L',
      ferritin: '128 µg/L',
    });
    // The range after the count is the count's, not the percentage's.
    const markers = parseLabReport(text).markers;
    expect(markers.find((m) => m.marker === 'neutrophils_pct')).toMatchObject({ referenceLow: null, referenceHigh: null });
    expect(markers.find((m) => m.marker === 'neutrophils_abs')).toMatchObject({ referenceLow: 1.5, referenceHigh: 7 });
  });

  it('reads a Spanish analítica (x10^3/µL, the differential twice under one name, GOT/AST, mEq/L, ">90" eGFR)', () => {
    const text = [
      'Hematíes\t5,08\tx10^6/µL\t4,30 - 5,70',
      'Hemoglobina\t15,3\tg/dL\t13,0 - 17,0',
      'VCM\t89,2\tfL\t80,0 - 97,0',
      'HCM\t30,1\tpg\t27,0 - 33,5',
      'CHCM\t33,8\tg/dL\t31,5 - 36,0',
      'ADE\t13,1\t%\t11,5 - 15,0',
      'Leucocitos\t6,90\tx10^3/µL\t4,00 - 10,50',
      'Neutrófilos\t57,2\t%\t40,0 - 75,0',
      'Neutrófilos\t3,95\tx10^3/µL\t2,00 - 7,50',
      'Linfocitos\t31,4\t%\t20,0 - 45,0',
      'Linfocitos\t2,17\tx10^3/µL\t1,00 - 4,00',
      'Plaquetas\t246\tx10^3/µL\t150 - 400',
      'Glucosa\t92\tmg/dL\t70 - 110',
      'Urea\t34\tmg/dL\t15 - 50',
      'Creatinina\t0,95\tmg/dL\t0,70 - 1,20',
      'Filtrado glomerular estimado (CKD-EPI)\t>90\tmL/min/1,73m2\t> 60',
      'Sodio\t140\tmEq/L\t135 - 145',
      'Potasio\t4,3\tmEq/L\t3,5 - 5,1',
      'GOT/AST\t22\tU/L\t5 - 40',
      'GPT/ALT\t25\tU/L\t5 - 41',
      'GGT\t28\tU/L\t10 - 71',
      'Fosfatasa alcalina\t68\tU/L\t40 - 129',
      'Bilirrubina total\t0,7\tmg/dL\t0,2 - 1,2',
      'Proteína C reactiva\t1,2\tmg/L\t< 5,0',
    ].join('\n');
    expect(values(text)).toEqual({
      rbc: '5.08 x10E6/uL',
      haemoglobin: '15.3 g/dL',
      mcv: '89.2 fL',
      mch: '30.1 pg',
      mchc: '33.8 g/dL',
      rdw: '13.1 %',
      wbc: '6.9 x10E3/uL',
      neutrophils_pct: '57.2 %',
      neutrophils_abs: '3.95 x10E3/uL',
      lymphocytes_pct: '31.4 %',
      lymphocytes_abs: '2.17 x10E3/uL',
      platelets: '246 x10E3/uL',
      glucose: '92 mg/dL',
      urea: '34 mg/dL',
      creatinine: '0.95 mg/dL',
      egfr: '>90 mL/min/1.73m2',
      sodium: '140 mEq/L',
      potassium: '4.3 mEq/L',
      ast: '22 U/L',
      alt: '25 U/L',
      ggt: '28 U/L',
      alp: '68 U/L',
      bilirubin: '0.7 mg/dL',
      crp: '1.2 mg/L',
    });
  });

  it('reads an Italian referto ("Neutrofili %" and "Neutrofili #", azotemia, AST/GOT, Gamma GT)', () => {
    const text = [
      'Globuli bianchi (WBC)\t6,1\tx10^3/µL\t4,0 - 10,0',
      'Globuli rossi (RBC)\t5,10\tx10^6/µL\t4,50 - 5,90',
      'Emoglobina (Hb)\t15,2\tg/dL\t13,5 - 17,5',
      'MCV\t88,6\tfL\t80,0 - 99,0',
      'MCH\t29,8\tpg\t27,0 - 33,0',
      'MCHC\t33,6\tg/dL\t32,0 - 36,0',
      'RDW-CV\t12,9\t%\t11,5 - 15,0',
      'Piastrine (PLT)\t231\tx10^3/µL\t150 - 450',
      'Neutrofili %\t58,2\t%\t40,0 - 75,0',
      'Neutrofili #\t3,55\tx10^3/µL\t1,90 - 8,00',
      'Linfociti %\t30,6\t%\t20,0 - 45,0',
      'Linfociti #\t1,87\tx10^3/µL\t0,90 - 5,20',
      'Glicemia\t91\tmg/dL\t70 - 100',
      'Azotemia\t35\tmg/dL\t10 - 50',
      'Creatinina\t0,94\tmg/dL\t0,67 - 1,17',
      'Sodio\t141\tmmol/L\t136 - 145',
      'Potassio\t4,4\tmmol/L\t3,5 - 5,1',
      'AST/GOT\t21\tU/L\t< 40',
      'ALT/GPT\t26\tU/L\t< 41',
      'Gamma GT\t29\tU/L\t8 - 61',
      'Fosfatasi alcalina\t70\tU/L\t40 - 129',
      'Bilirubina totale\t0,68\tmg/dL\t0,30 - 1,20',
      'Ferritina\t142\tng/mL\t30 - 400',
      'Vitamina B12\t412\tpg/mL\t197 - 771',
    ].join('\n');
    expect(values(text)).toEqual({
      wbc: '6.1 x10E3/uL',
      rbc: '5.1 x10E6/uL',
      haemoglobin: '15.2 g/dL',
      mcv: '88.6 fL',
      mch: '29.8 pg',
      mchc: '33.6 g/dL',
      rdw: '12.9 %',
      platelets: '231 x10E3/uL',
      neutrophils_pct: '58.2 %',
      neutrophils_abs: '3.55 x10E3/uL',
      lymphocytes_pct: '30.6 %',
      lymphocytes_abs: '1.87 x10E3/uL',
      glucose: '91 mg/dL',
      urea: '35 mg/dL',
      creatinine: '0.94 mg/dL',
      sodium: '141 mmol/L',
      potassium: '4.4 mmol/L',
      ast: '21 U/L',
      alt: '26 U/L',
      ggt: '29 U/L',
      alp: '70 U/L',
      bilirubin: '0.68 mg/dL',
      ferritin: '142 ng/mL',
      vitamin_b12: '412 pg/mL',
    });
  });

  it.each<[string, LabMarkerKey]>([
    ['White Blood Cell Count 6.2 x10^9/L', 'wbc'],
    ['Leukocytes 6.2 10^9/L', 'wbc'],
    ['WBC 6.2 K/uL', 'wbc'],
    ['WBC 6.2 x 10^9/L', 'wbc'],
    ['WBC 6.2 10⁹/L', 'wbc'],
    ['Leucocitos 6,2 10³/µL', 'wbc'],
    ['Hemoglobin 15.1 g/dL', 'haemoglobin'],
    ['Hb 9,3 mmol/l', 'haemoglobin'],
    ['Hgb 15.1 g/dL', 'haemoglobin'],
    ['Glucose, Fasting 92 mg/dL', 'glucose'],
    ['Glycémie 5,1 mmol/L', 'glucose'],
    ['Fasting Blood Sugar (Glucose) 96 mg/dL', 'glucose'],
    ['Alk Phos 70 U/L', 'alp'],
    ['AP 68 U/l', 'alp'],
    ['ALAT 0,41 µkat/l', 'alt'],
    ['TGP 25 UI/L', 'alt'],
    ['TGO 22 UI/L', 'ast'],
    ['γ-GT 31 U/l', 'ggt'],
    ['GGT 31 U/L', 'ggt'],
    ['Na+ 140 mmol/L', 'sodium'],
    ['Chlorid 102 mmol/l', 'chloride'],
    ['Bicarbonate 25 mmol/L', 'bicarbonate'],
    ['HCO3 25 mEq/L', 'bicarbonate'],
    ['Magnesium 0,85 mmol/l', 'magnesium'],
    ['Uric Acid 5.8 mg/dL', 'uric_acid'],
    ['Acide urique 345 µmol/L', 'uric_acid'],
    ['Apolipoprotein B 92 mg/dL', 'apob'],
    ['ApoB 0,92 g/L', 'apob'],
    ['Insulin, Fasting 6.8 uIU/mL', 'insulin'],
    ['Insulin 41 pmol/L', 'insulin'],
    ['hs-CRP 0.8 mg/L', 'crp'],
    ['Homocysteine 9.8 umol/L', 'homocysteine'],
    ['Homocystein 9,8 µmol/l', 'homocysteine'],
    ['Ferritin 85 ng/mL', 'ferritin'],
    ['TIBC 310 ug/dL', 'tibc'],
    ['Transferrin saturation 31 %', 'transferrin_saturation'],
    ['Transferrinsättigung 31 %', 'transferrin_saturation'],
    ['Coefficient de saturation de la transferrine 31 %', 'transferrin_saturation'],
    ['Vitamin B12 410 pg/mL', 'vitamin_b12'],
    ['Folate 8.1 ng/mL', 'folate'],
    ['Folsäure 8,1 ng/ml', 'folate'],
    ['FT4 15.2 pmol/L', 'free_t4'],
    ['T4 libre 15,2 pmol/L', 'free_t4'],
    ['Free T3 3.2 pg/mL', 'free_t3'],
    ['FT3 4,9 pmol/l', 'free_t3'],
    ['DHEA-S 245 ug/dL', 'dhea_s'],
    ['DHEA Sulfate 245 mcg/dL', 'dhea_s'],
    ['Cortisol 420 nmol/L', 'cortisol'],
    ['Cortisol, AM 14.2 ug/dL', 'cortisol'],
    ['IGF-1 180 ng/mL', 'igf1'],
    ['Somatomedin C 180 ng/mL', 'igf1'],
    ['Urea Nitrogen 14 mg/dL', 'bun'],
    ['Harnstoff-N 14 mg/dl', 'bun'],
    ['Urée 0,30 g/L', 'urea'],
    ['Globulin 2.5 g/dL', 'globulin'],
    ['Bilirubin 9 umol/L', 'bilirubin'],
  ])('%s is %s', (text, marker) => {
    expect(keys(text)).toEqual([marker]);
  });
});

describe('the full panel: names that lie close together', () => {
  it('tells total protein from albumin, and reads no A/G ratio', () => {
    expect(read('Protein, Total\t7.1\tg/dL\t6.1-8.1\nAlbumin\t4.6\tg/dL\t3.6-5.1\nAlbumin/Globulin Ratio\t1.8\t\t1.0-2.5\nA/G Ratio\t1.8\t\t1.0-2.5')).toEqual([
      ['total_protein', '7.1', 'g/dL', 6.1, 8.1],
      ['albumin', '4.6', 'g/dL', 3.6, 5.1],
    ]);
    expect(keys('Albumin:Globulin ratio 1.8')).toEqual([]);
    expect(keys('Albumin, urine 12 mg/L')).toEqual([]);
  });

  it('tells globulin from SHBG and from thyroxine-binding globulin', () => {
    expect(keys('Globulin\t2.5\tg/dL\nSHBG (sex hormone binding globulin)\t38\tnmol/L\nThyroxine-binding globulin\t18\tmg/L')).toEqual(['globulin', 'shbg']);
    expect(keys('Sex Hormone Binding Globulin 38 nmol/L')).toEqual(['shbg']);
  });

  it('tells free T4 from free testosterone, and reads no total T4', () => {
    expect(read('Free T4\t1.2\tng/dL\t0.8-1.8\nFree T\t65\tpg/mL\t35-155\nT4, Total\t7.8\tug/dL\t4.9-10.5\nThyroxine (T4)\t7.8\tug/dL')).toEqual([
      ['free_t4', '1.2', 'ng/dL', 0.8, 1.8],
      ['free_testosterone', '65', 'pg/mL', 35, 155],
    ]);
    expect(keys('Free T4 Index (T7) 2.4')).toEqual([]);
  });

  it('tells iron from its saturation and binding capacity', () => {
    expect(values('Iron, Total\t95\tug/dL\t50-180\nIron Binding Capacity\t310\tug/dL\t250-425\n% Saturation\t31\t%\t20-48')).toEqual({
      iron: '95 µg/dL',
      tibc: '310 µg/dL',
      transferrin_saturation: '31 %',
    });
    expect(keys('Iron saturation 31 %')).toEqual(['transferrin_saturation']);
    expect(keys('Iron % saturation 31 %')).toEqual([]);
    expect(keys('UIBC 215 ug/dL')).toEqual([]);
  });

  it('reads total bilirubin, never its direct fraction', () => {
    expect(values('Bilirubin, Total\t0.8\tmg/dL\t0.2-1.2\nBilirubin, Direct\t0.2\tmg/dL\t0.0-0.3')).toEqual({ bilirubin: '0.8 mg/dL' });
    expect(keys('Bilirubin, Direct 0.2 mg/dL')).toEqual([]);
    expect(keys('Bilirubin direkt 0,2 mg/dl')).toEqual([]);
    expect(keys('Bilirubine conjuguée 3 µmol/L')).toEqual([]);
    expect(keys('Bilirubin, indirect 0.6 mg/dL')).toEqual([]);
  });

  it('tells non-HDL cholesterol from total cholesterol', () => {
    expect(values('Cholesterol, Total\t205\tmg/dL\nCholesterol, Non-HDL\t150\tmg/dL\t<130\nNon HDL Cholesterol\t150\tmg/dL')).toEqual({
      total_cholesterol: '205 mg/dL',
      non_hdl_cholesterol: '150 mg/dL',
    });
    expect(keys('Cholestérol non-HDL 1,50 g/L')).toEqual(['non_hdl_cholesterol']);
  });

  it('reads serum glucose, never urine glucose or a tolerance test', () => {
    expect(keys('Glucose 92 mg/dL')).toEqual(['glucose']);
    expect(keys('Glucose, urine 15 mg/dL')).toEqual([]);
    expect(keys('Glucose (Urine) 15 mg/dL')).toEqual([]);
    expect(keys('Urine glucose 15 mg/dL')).toEqual([]);
    expect(keys('Glukose im Urin 15 mg/dl')).toEqual([]);
    expect(keys('Glucose tolerance 2 h 140 mg/dL')).toEqual([]);
  });

  it('reads total calcium, never the ionised or the albumin-adjusted one', () => {
    expect(keys('Calcium 2.35 mmol/L 2.2-2.6')).toEqual(['calcium']);
    expect(keys('Calcium, ionized 1.22 mmol/L')).toEqual([]);
    expect(keys('Calcium ionisé 1,22 mmol/L')).toEqual([]);
    expect(keys('Calcium, corrected 2.40 mmol/L')).toEqual([]);
    expect(keys('Adjusted calcium 2.40 mmol/L')).toEqual([]);
  });

  it('reads serum creatinine, never its clearance, a urine creatinine or the albumin/creatinine ratio', () => {
    expect(keys('Creatinine 0.98 mg/dL')).toEqual(['creatinine']);
    expect(keys('Creatinine clearance 110 mL/min')).toEqual([]);
    expect(keys('Creatinine, urine 150 mg/dL')).toEqual([]);
    expect(keys('Creatinine, 24h urine 1.6 g/24h')).toEqual([]);
    expect(keys('Albumin/Creatinine Ratio 5 mg/g')).toEqual([]);
    expect(keys('Creatine kinase 120 U/L')).toEqual([]);
  });

  it('keeps the race-free eGFR and leaves out the "if African American" row', () => {
    // Quest and LabCorp printed both until 2021; the row without a race word is the one kept.
    const labcorp = 'eGFR If NonAfricn Am\t85\tmL/min/1.73\t>59\neGFR If Africn Am\t98\tmL/min/1.73\t>59';
    expect(read(labcorp)).toEqual([['egfr', '85', 'mL/min/1.73', 59, null]]);
    const quest = 'EGFR NON-AFR. AMERICAN\t85\t> OR = 60 mL/min/1.73m2\nEGFR AFRICAN AMERICAN\t98\t> OR = 60 mL/min/1.73m2';
    expect(read(quest)).toEqual([['egfr', '85', 'mL/min/1.73m2', 60, null]]);
    expect(keys('eGFR If Africn Am\t98\tmL/min/1.73\t>59')).toEqual([]);
    expect(keys('eGFR (cystatin C) 92 mL/min/1.73m2')).toEqual([]);
  });

  it('keeps the comparator of an eGFR printed as ">90" or ">60"', () => {
    expect(read('eGFR\t>90\tmL/min/1.73m2\t>60')).toEqual([['egfr', '>90', 'mL/min/1.73m2', 60, null]]);
    expect(read('eGFR (CKD-EPI 2021)\t>60\tmL/min/1.73 m²')).toEqual([['egfr', '>60', 'mL/min/1.73m2', null, null]]);
  });

  it('reads CRP and hs-CRP as the one C-reactive protein', () => {
    expect(keys('CRP 3.2 mg/L')).toEqual(['crp']);
    expect(keys('hs-CRP 0.8 mg/L')).toEqual(['crp']);
    expect(keys('C-Reactive Protein, Cardiac 0.8 mg/L')).toEqual(['crp']);
    expect(keys('Proteine C réactive 1,2 mg/L')).toEqual(['crp']);
  });

  it('reads RDW-CV in %, never RDW-SD in fL', () => {
    expect(keys('RDW 13.5 %')).toEqual(['rdw']);
    expect(keys('RDW-CV 13.5 %')).toEqual(['rdw']);
    expect(keys('RDW-SD 42.3 fL')).toEqual([]);
    expect(values('RDW-SD\t42.3\tfL\t39-46\nRDW-CV\t13.1\t%\t11.5-14.5')).toEqual({ rdw: '13.1 %' });
  });

  it('tells MCHC from MCH (the longest name wins)', () => {
    expect(values('MCH\t30.1\tpg\nMCHC\t33.8\tg/dL\nMean corpuscular hemoglobin concentration\t33.8\tg/dL')).toEqual({ mch: '30.1 pg', mchc: '33.8 g/dL' });
    expect(keys('Mean Corpuscular Hemoglobin 30.1 pg')).toEqual(['mch']);
  });

  it('tells urea from urea nitrogen, and reads no BUN/creatinine ratio', () => {
    expect(keys('Urea 5.1 mmol/L')).toEqual(['urea']);
    expect(keys('Urea Nitrogen 14 mg/dL')).toEqual(['bun']);
    expect(keys('BUN 14 mg/dL')).toEqual(['bun']);
    expect(keys('BUN/Creatinine Ratio 15')).toEqual([]);
    expect(keys('BUN / SR. CREATININE RATIO 12.65 Ratio 9 - 23')).toEqual([]);
    expect(keys('Urea nitrogen/creatinine ratio 15')).toEqual([]);
  });

  it('reads transferrin saturation, never transferrin itself', () => {
    expect(keys('Transferrin 2.6 g/L')).toEqual([]);
    expect(keys('Transferrin 260 mg/dL')).toEqual([]);
    expect(keys('Transferrin Saturation 31 %')).toEqual(['transferrin_saturation']);
  });

  it('tells vitamin B12 from vitamin D, and reads no active B12', () => {
    expect(values('Vitamin B12\t410\tpg/mL\nVitamin D, 25-Hydroxy\t32\tng/mL')).toEqual({ vitamin_b12: '410 pg/mL', vitamin_d: '32 ng/mL' });
    expect(keys('Vitamin B12, active 65 pmol/L')).toEqual([]);
    expect(keys('Active B12 65 pmol/L')).toEqual([]);
  });

  it('reads serum cortisol, never a urine or saliva one', () => {
    expect(keys('Cortisol 420 nmol/L')).toEqual(['cortisol']);
    expect(keys('Cortisol, urine free 45 ug/24 h')).toEqual([]);
    expect(keys('Cortisol, 24 hr urine 45 ug/dL')).toEqual([]);
    expect(keys('Cortisol, saliva 8.2 nmol/L')).toEqual([]);
    expect(keys('Cortisol (Speichel) 8,2 nmol/l')).toEqual([]);
    expect(keys('Cortisol, free 1.2 ug/dL')).toEqual([]);
  });

  it.each<[string, LabMarkerKey, string]>([
    ['Lp(a) 48 nmol/L <75', 'lpa', '48 nmol/L'],
    ['Lipoprotein (a) 48 nmol/L', 'lpa', '48 nmol/L'],
    ['LP(A) 48 nmol/L', 'lpa', '48 nmol/L'],
    ['Lipoprotein(a) 21 mg/dL <30', 'lpa_mass', '21 mg/dL'],
    ['Lp (a) 210 mg/L < 300', 'lpa_mass', '210 mg/L'],
    ['Lipoprotéine (a) 0,21 g/L', 'lpa_mass', '0.21 g/L'],
    ['Lipoproteina(a) 21 mg/dL', 'lpa_mass', '21 mg/dL'],
  ])('%s: Lp(a) by its unit, %s', (text, marker, value) => {
    expect(values(text)).toEqual({ [marker]: value });
  });

  it('sends a differential row to the percentage or the count by its unit, and reads none whose unit fits neither', () => {
    expect(values('Neutrophils 55 % 40-75')).toEqual({ neutrophils_pct: '55 %' });
    expect(values('Neutrophils 3.2 x10^9/L 2.0-7.5')).toEqual({ neutrophils_abs: '3.2 10^9/L' });
    expect(values('Neutrophils (Absolute) 3.2 x10E3/uL 1.4-7.0')).toEqual({ neutrophils_abs: '3.2 x10E3/uL' });
    expect(values('Absolute Neutrophils 3294 cells/uL 1500-7800')).toEqual({ neutrophils_abs: '3294 cells/µL' });
    expect(values('Neut % 55 %')).toEqual({ neutrophils_pct: '55 %' });
    expect(values('NEUT# 3.2 10^3/uL')).toEqual({ neutrophils_abs: '3.2 x10E3/uL' });
    expect(values('Neutrophil count 3.9 10*9/L')).toEqual({ neutrophils_abs: '3.9 10^9/L' });
    expect(values('Lymphs 33 %')).toEqual({ lymphocytes_pct: '33 %' });
    expect(values('Lymphozyten 1,9 /nl')).toEqual({ lymphocytes_abs: '1.9 /nL' });
    expect(values('Lymphocytes % 33.6 %')).toEqual({ lymphocytes_pct: '33.6 %' });
    expect(values('Neutrófilos 57,2 %')).toEqual({ neutrophils_pct: '57.2 %' });
    expect(values('Neutrofili 3,55 x10^3/µL')).toEqual({ neutrophils_abs: '3.55 x10E3/uL' });
    expect(values('Polynucléaires neutrophiles 3,94 G/L')).toEqual({ neutrophils_abs: '3.94 G/L' });
    expect(values('Eosinophils 0.2 10^9/L\nBasophils 0.6 %')).toEqual({ eosinophils_abs: '0.2 10^9/L', basophils_pct: '0.6 %' });
    // No unit, or one that is neither a percentage nor a count.
    expect(keys('Neutrophils 3.2')).toEqual([]);
    expect(keys('Neutrophils 3.2 mg/dL')).toEqual([]);
    // Cells the differential counts apart.
    expect(keys('Lymphocytes, atypical 2 %')).toEqual([]);
    expect(keys('Neutrophils, band 3 %')).toEqual([]);
    expect(keys('Stabkernige Neutrophile 3 %')).toEqual([]);
    // The name and the unit disagree.
    expect(keys('Neutrophils, absolute 55 %')).toEqual([]);
    expect(keys('Neut % 3.2 x10^9/L')).toEqual([]);
  });

  it('reads a count written with a thousands space in cells per µL as nothing, and without it as the count', () => {
    expect(keys('Leucocytes 6 200 /mm3')).toEqual([]);
    expect(keys('Plaquettes 245 000 /mm3')).toEqual([]);
    expect(values('Leucocytes 6200 /mm3')).toEqual({ wbc: '6200 /mm3' });
    expect(toCanonical('wbc', 6200, '/mm3')).toBe(6.2);
  });

  it('reads units that carry digits without taking the digits for a value or a range', () => {
    expect(read('WBC\t10^9/L\t6.2\t4.0-11.0')).toEqual([['wbc', '6.2', '10^9/L', 4, 11]]);
    expect(read('WBC (x10^9/L)\t6.2\t4.0 - 11.0')).toEqual([['wbc', '6.2', '10^9/L', 4, 11]]);
    expect(read('RBC\t5.02\t10^12/L\t4.5-5.9')).toEqual([['rbc', '5.02', '10^12/L', 4.5, 5.9]]);
    expect(read('WBC\t6.2\tx10^9/L')).toEqual([['wbc', '6.2', '10^9/L', null, null]]);
    expect(read('eGFR\t92\tmL/min/1.73m2\t90 - 120')).toEqual([['egfr', '92', 'mL/min/1.73m2', 90, 120]]);
    expect(read('MCV 89fL 80-100')).toEqual([['mcv', '89', 'fL', 80, 100]]);
    // A row broken into one line per cell, its unit a count.
    expect(read('WBC\n6.2\nx10E3/uL\n3.4-10.8')).toEqual([['wbc', '6.2', 'x10E3/uL', 3.4, 10.8]]);
  });

  it('reads the panel from a cumulative report, the differential by each column’s unit', () => {
    const text = [
      'Collected: 04/03/2026',
      'Test\t12/06/2025\t04/03/2026\tUnits\tReference range',
      'Sodium\t141\t139\tmmol/L\t133 - 146',
      'Neutrophils\t3.4\t3.9\t10^9/L\t2.0 - 7.5',
      'Neutrophils\t52\t58\t%\t40 - 75',
      'Haemoglobin\t150\t148\tg/L\t130 - 170',
    ].join('\n');
    const report = parseLabReport(text);
    expect(report.collectedOn).toBe('2026-03-04');
    expect(Object.fromEntries(report.markers.map((m) => [m.marker, m.value]))).toEqual({ sodium: 139, neutrophils_abs: 3.9, neutrophils_pct: 58, haemoglobin: 148 });
    expect(Object.fromEntries(report.earlier[0]!.markers.map((m) => [m.marker, m.value]))).toEqual({ sodium: 141, neutrophils_abs: 3.4, neutrophils_pct: 52, haemoglobin: 150 });
  });

  it('does not take tumour markers, tests of other specimens or headings for the panel', () => {
    expect(keys('CA 125 12 U/mL < 35')).toEqual([]);
    expect(keys('CA 19-9 15 U/mL')).toEqual([]);
    expect(keys('Urea and electrolytes\nIron studies\nLiver function tests')).toEqual([]);
    expect(keys('Protein, urine 12 mg/dL')).toEqual([]);
    expect(keys('Leukocytes, urine 25 /µL')).toEqual([]);
    expect(keys('Glucose-6-phosphate dehydrogenase 12 U/g Hb')).toEqual([]);
    expect(keys('Mean platelet volume 10.2 fL')).toEqual([]);
    expect(keys('Average blood glucose (ABG) 123 mg/dL')).toEqual([]);
  });

  it('takes no threshold in a sentence for a result ("below 30", "greater than 7.0")', () => {
    expect(keys('Ferritin below 30 ug/L suggests iron deficiency')).toEqual([]);
    expect(keys('Glucose levels greater than 7.0 mmol/L indicate diabetes')).toEqual([]);
    expect(keys('Testosterone levels above 12 nmol/L are normal.')).toEqual([]);
    expect(keys('Kreatinin über 1,2 mg/dl: Kontrolle')).toEqual([]);
    expect(keys('Sodium intake below 2300 mg/day')).toEqual([]);
  });

  it('undoes OCR’s slips in the panel’s units: "mg/d!", "GIL" for G/L, "{L" for fL', () => {
    const ocr = (text: string) => parseLabReport(text, { ocr: true }).markers.map((m) => [m.marker, m.value, m.unit]);
    expect(ocr('Kreatinin\t0,98\tmg/d!\t0,70-1,20')).toEqual([['creatinine', 0.98, 'mg/dL']]);
    expect(ocr('Leucocytes\t6,8 GIL\t4,0 à 10,0')).toEqual([['wbc', 6.8, 'G/L']]);
    expect(ocr('Hématies\t4,95 T1L\t4,28 à 5,79')).toEqual([['rbc', 4.95, 'T/L']]);
    expect(ocr('MCV\t88,0\t{L\t80,0 - 99,0')).toEqual([['mcv', 88, 'fL']]);
    // Not in a PDF's own text.
    expect(keys('Leucocytes\t6,8 GIL\t4,0 à 10,0')).toEqual([]);
  });

  it('leaves out an OCR row of the panel whose range lost its decimal points', () => {
    const ocr = (text: string) => parseLabReport(text, { ocr: true }).markers.map((m) => [m.marker, m.value]);
    expect(ocr('Potassium\t4.4\tmmol/L\t3.5 - 5.3')).toEqual([['potassium', 4.4]]);
    // "3.5 - 5.3" read as "35 - 53": the value stands (it kept its point), the range does not.
    expect(parseLabReport('Potassium\t4.4\tmmol/L\t35 - 53', { ocr: true }).markers[0]).toMatchObject({ value: 4.4, referenceLow: null, referenceHigh: null });
    // "0.98" read as "098": no figure.
    expect(ocr('Creatinine\t098\tmg/dL\t0.60 - 1.29')).toEqual([]);
    // A whole number beside a range that lost its points (13.0-17.0 read as 130-170 g/dL): left out.
    expect(ocr('Hemoglobin\t15\tg/dL\t130 - 170')).toEqual([]);
  });
});
