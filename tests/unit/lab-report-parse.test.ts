import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { LAB_MARKERS, listedUnit, normaliseUnit, toCanonical, type LabMarkerKey } from '@/lib/labs/markers';
import { readAnswers } from '../fixtures/labs/answer-key';
import { dateOrder, mergeReadings, parseLabReport, unreadRows, type ParsedMarker } from '@/lib/labs/parse-report';

/** The one marker a snippet gives (or undefined), without its source line. */
const only = (text: string): Partial<Omit<ParsedMarker, 'line'>> | undefined => {
  const { markers } = parseLabReport(text);
  expect(markers.length).toBeLessThanOrEqual(1);
  const [first] = markers;
  return first && { marker: first.marker, value: first.value, ...(first.comparator ? { comparator: first.comparator } : {}), unit: first.unit, referenceLow: first.referenceLow, referenceHigh: first.referenceHigh };
};
const keys = (text: string): LabMarkerKey[] => parseLabReport(text).markers.map((m) => m.marker);

describe('parseLabReport: marker names', () => {
  it.each<[string, LabMarkerKey]>([
    ['Testosterone 14.2 nmol/L', 'total_testosterone'],
    ['Total Testosterone 14.2 nmol/L', 'total_testosterone'],
    ['Testosterone, Total 14.2 nmol/L', 'total_testosterone'],
    ['Testosterone (total) 14.2 nmol/L', 'total_testosterone'],
    ['TESTOSTERONE, TOTAL, LC/MS/MS 409 ng/dL', 'total_testosterone'],
    ['Free Testosterone 265 pmol/L', 'free_testosterone'],
    ['Testosterone, Free 76 pg/mL', 'free_testosterone'],
    ['Free T (calculated) 265 pmol/L', 'free_testosterone'],
    ['SHBG 38 nmol/L', 'shbg'],
    ['Sex Hormone Binding Globulin 38 nmol/L', 'shbg'],
    ['Sex Hormone-Binding Globulin 38 nmol/L', 'shbg'],
    ['Oestradiol 96 pmol/L', 'oestradiol'],
    ['Estradiol 26 pg/mL', 'oestradiol'],
    ['E2 26 pg/mL', 'oestradiol'],
    ['LH 4.1 IU/L', 'lh'],
    ['Luteinising Hormone 4.1 IU/L', 'lh'],
    ['Luteinizing hormone (LH) 4.1 mIU/mL', 'lh'],
    ['FSH 5.3 IU/L', 'fsh'],
    ['Follicle Stimulating Hormone 5.3 IU/L', 'fsh'],
    ['Follicle-stimulating hormone 5.3 U/L', 'fsh'],
    ['Prolactin 212 mIU/L', 'prolactin'],
    ['PSA 0.62 ug/L', 'psa'],
    ['Total PSA 0.62 µg/L', 'psa'],
    ['PSA, Total 0.62 ng/mL', 'psa'],
    ['Prostate Specific Antigen 0.62 ng/mL', 'psa'],
    ['Haematocrit 0.46 L/L', 'haematocrit'],
    ['Hematocrit 46 %', 'haematocrit'],
    ['HCT 0.46 L/L', 'haematocrit'],
    ['PCV 0.46 l/l', 'haematocrit'],
    ['Vitamin D 75 nmol/L', 'vitamin_d'],
    ['25-OH Vitamin D 75 nmol/L', 'vitamin_d'],
    ['25-Hydroxy Vitamin D 30 ng/mL', 'vitamin_d'],
    ['Vitamin D, 25-Hydroxy 30 ng/mL', 'vitamin_d'],
    ['HbA1c 48 mmol/mol', 'hba1c'],
    ['Haemoglobin A1c 48 mmol/mol', 'hba1c'],
    ['Hemoglobin A1c 6.5 %', 'hba1c'],
    ['Glycated haemoglobin 48 mmol/mol', 'hba1c'],
    ['Cholesterol 5.2 mmol/L', 'total_cholesterol'],
    ['Total Cholesterol 5.2 mmol/L', 'total_cholesterol'],
    ['LDL 3.1 mmol/L', 'ldl_cholesterol'],
    ['LDL Cholesterol 3.1 mmol/L', 'ldl_cholesterol'],
    ['LDL-C 120 mg/dL', 'ldl_cholesterol'],
    ['Cholesterol, LDL 120 mg/dL', 'ldl_cholesterol'],
    ['HDL 1.3 mmol/L', 'hdl_cholesterol'],
    ['HDL Cholesterol 1.3 mmol/L', 'hdl_cholesterol'],
    ['HDL-C 50 mg/dL', 'hdl_cholesterol'],
    ['Triglycerides 1.45 mmol/L', 'triglycerides'],
    ['Triglyceride 128 mg/dL', 'triglycerides'],
    ['TSH 1.85 mIU/L', 'tsh'],
    ['Thyroid Stimulating Hormone 1.85 mU/L', 'tsh'],
    ['• TSH 1.85 mIU/L', 'tsh'],
  ])('%s is %s', (text, marker) => {
    expect(keys(text)).toEqual([marker]);
  });

  it.each([
    'Free PSA 0.21 ng/mL',
    'PSA, Free 0.21 ng/mL',
    'PSA free/total ratio 0.25',
    'Cholesterol/HDL ratio 4.0',
    'Total cholesterol/HDL ratio 4.0 < 5.0',
    'Total cholesterol : HDL ratio 4.0',
    'VLDL cholesterol 0.5 mmol/L',
    'Testosterone, Bioavailable 5.1 nmol/L',
    'Testosterone/SHBG ratio 37',
    'LH/FSH ratio 0.8',
    'Free androgen index 37 %',
  ])('%s is none of the markers', (text) => {
    expect(keys(text)).toEqual([]);
  });

  // Tests of the full panel whose names start like one of the first sixteen: each is read as
  // itself, never as the marker its name starts with (total cholesterol, free testosterone, HbA1c).
  it.each<[string, LabMarkerKey]>([
    ['Non-HDL cholesterol 3.9 mmol/L', 'non_hdl_cholesterol'],
    ['Non HDL Cholesterol 138 mg/dL', 'non_hdl_cholesterol'],
    ['Cholesterol, Non-HDL 3.9 mmol/L', 'non_hdl_cholesterol'],
    ['Free T4 15.2 pmol/L', 'free_t4'],
    ['Haemoglobin 152 g/L', 'haemoglobin'],
  ])('%s is %s, not the marker its name starts like', (text, marker) => {
    expect(keys(text)).toEqual([marker]);
  });

  it('tells free testosterone from total testosterone, and LDL from HDL, in one report', () => {
    const report = parseLabReport(['Free testosterone 265 pmol/L', 'Testosterone 14.2 nmol/L', 'HDL 1.3 mmol/L', 'LDL 3.1 mmol/L'].join('\n'));
    expect(report.markers.map(({ marker, value }) => [marker, value])).toEqual([
      ['free_testosterone', 265],
      ['total_testosterone', 14.2],
      ['hdl_cholesterol', 1.3],
      ['ldl_cholesterol', 3.1],
    ]);
  });

  it('does not read prose that starts with a marker name', () => {
    expect(keys('Testosterone: morning sample; repeat if below 12 nmol/L with symptoms.')).toEqual([]);
    expect(keys('LH and FSH should be read with the testosterone of 12 nmol/L')).toEqual([]);
    expect(keys('PSA: age-specific reference range applied (50-59 years).')).toEqual([]);
  });

  it('keeps the first row of a marker that appears twice', () => {
    const report = parseLabReport('HbA1c 48 mmol/mol (20 - 41)\nHbA1c (DCCT) 6.5 %');
    expect(report.markers).toEqual([expect.objectContaining({ marker: 'hba1c', value: 48, unit: 'mmol/mol' })]);
  });

  it('gives the trimmed source line, and the lines a row was read from', () => {
    expect(parseLabReport('   Testosterone   14.2  nmol/L   ').markers[0]?.line).toBe('Testosterone 14.2 nmol/L');
    expect(parseLabReport('Testosterone\n14.2\nnmol/L\n8.6 - 29.0').markers[0]?.line).toBe('Testosterone 14.2 nmol/L 8.6 - 29.0');
  });
});

describe('parseLabReport: values, flags and qualifiers', () => {
  it.each([
    'Testosterone 34.2 H nmol/L 8.6 - 29.0',
    'Testosterone 34.2H nmol/L 8.6 - 29.0',
    'Testosterone 34.2 (H) nmol/L 8.6 - 29.0',
    'Testosterone 34.2* nmol/L 8.6 - 29.0',
    'Testosterone 34.2 * nmol/L 8.6 - 29.0',
    'Testosterone 34.2 HIGH nmol/L 8.6 - 29.0',
    'Testosterone 34.2 nmol/L 8.6 - 29.0 L',
    'Testosterone 34.2nmol/L 8.6 - 29.0',
  ])('%s: the flag is passed over', (text) => {
    expect(only(text)).toEqual({ marker: 'total_testosterone', value: 34.2, unit: 'nmol/L', referenceLow: 8.6, referenceHigh: 29 });
  });

  it.each(['Testosterone 4.2 LOW nmol/L 8.6 - 29.0', 'Testosterone 4.2 (L) nmol/L 8.6 - 29.0', 'Testosterone L 4.2 nmol/L 8.6 - 29.0'])('%s: a low flag is passed over', (text) => {
    expect(only(text)).toEqual({ marker: 'total_testosterone', value: 4.2, unit: 'nmol/L', referenceLow: 8.6, referenceHigh: 29 });
  });

  // A value that disagrees with the lab's own flag is a misreading (of the range's edge, of
  // another cell), left out rather than shown as normal.
  it.each([
    ['a high flag on a value inside its range', 'Testosterone 14.2 H nmol/L 8.6 - 29.0'],
    ['a low flag on a value inside its range', 'Testosterone 14.2 (L) nmol/L 8.6 - 29.0'],
    ['a high flag on a value below its upper limit', 'Triglycerides 1.2 H mmol/L < 1.70'],
    ['a high flag on a "<" value: the range edge read as the result', 'Triglycerides\tH\t<1.70\tmmol/L'],
    ['a low flag on a ">" value', 'eGFR\tL\t>60\tmL/min/1.73m2'],
  ])('%s is left out', (_, text) => {
    expect(keys(text)).toEqual([]);
  });

  it('reads decimal commas', () => {
    expect(only('Testosterone (total) ........ 5,12 ng/mL (2,49 - 8,36)')).toEqual({
      marker: 'total_testosterone',
      value: 5.12,
      unit: 'ng/mL',
      referenceLow: 2.49,
      referenceHigh: 8.36,
    });
    expect(only('PSA 0,85 µg/L < 4,0')).toMatchObject({ value: 0.85, referenceHigh: 4 });
  });

  it('keeps the "<" or ">" of a result as its comparator, never reading it as exact', () => {
    expect(only('PSA <0.1 ug/L < 4.0')).toEqual({ marker: 'psa', value: 0.1, comparator: '<', unit: 'µg/L', referenceLow: null, referenceHigh: 4 });
    expect(only('PSA < 0.1 ug/L')).toMatchObject({ value: 0.1, comparator: '<', referenceHigh: null });
    expect(only('Testosterone >52.0 nmol/L 8.6 - 29.0')).toMatchObject({ value: 52, comparator: '>', referenceLow: 8.6, referenceHigh: 29 });
    expect(only('Oestradiol ≤18 pmol/L')).toMatchObject({ value: 18, comparator: '<=' });
    expect(parseLabReport('Testosterone 14.2 nmol/L').markers[0]?.comparator).toBeNull();
  });

  it('reads a row broken into one line per cell, and a name with its value on the next line', () => {
    expect(only('Testosterone\n14.2\nnmol/L\n8.6 - 29.0')).toEqual({ marker: 'total_testosterone', value: 14.2, unit: 'nmol/L', referenceLow: 8.6, referenceHigh: 29 });
    expect(only('FREE TESTOSTERONE\n41.2 L\n46.0-224.0 pg/mL EN')).toMatchObject({ value: 41.2, unit: 'pg/mL', referenceLow: 46, referenceHigh: 224 });
    expect(only('Estradiol (E2)\n29,4 pg/mL (11,3 - 43,2)')).toMatchObject({ marker: 'oestradiol', value: 29.4 });
    expect(only('Testosterone 14.2\nnmol/L 8.6-29.0')).toMatchObject({ value: 14.2, unit: 'nmol/L', referenceLow: 8.6 });
  });

  it('does not take the next row for the cells of a name alone on its line', () => {
    expect(keys('Testosterone\nSHBG 38 nmol/L')).toEqual(['shbg']);
    expect(keys('Testosterone\nSodium 139 mmol/L 133 - 146')).toEqual(['sodium']);
  });

  it('does not take a range for the value', () => {
    expect(keys('Testosterone 8.6 - 29.0 nmol/L')).toEqual([]);
    expect(keys('Testosterone (8.6-29.0) nmol/L')).toEqual([]);
  });
});

describe('parseLabReport: reference ranges', () => {
  it.each<[string, number | null, number | null]>([
    ['Testosterone 14.2 nmol/L 8.6 - 29.0', 8.6, 29],
    ['Testosterone 14.2 nmol/L 8.6-29.0', 8.6, 29],
    ['Testosterone 14.2 nmol/L (8.6 – 29.0)', 8.6, 29],
    ['Testosterone 14.2 nmol/L (8.6 — 29.0)', 8.6, 29],
    ['Testosterone 14.2 nmol/L [8.6-29.0]', 8.6, 29],
    ['Testosterone 14.2 nmol/L Ref: 8.6 to 29.0', 8.6, 29],
    ['Testosterone 14.2 nmol/L 8,6 - 29,0', 8.6, 29],
    ['Testosterone 14.2 nmol/L < 29.0', null, 29],
    ['Testosterone 14.2 nmol/L <=29.0', null, 29],
    ['Testosterone 14.2 nmol/L ≤ 29.0', null, 29],
    ['Testosterone 14.2 nmol/L < OR = 29.0', null, 29],
    ['Testosterone 14.2 nmol/L > 8.6', 8.6, null],
    ['Testosterone 14.2 nmol/L > OR = 8.6', 8.6, null],
    ['Testosterone 14.2 nmol/L ≥8.6', 8.6, null],
    ['Testosterone 14.2 nmol/L', null, null],
    ['Testosterone 14.2 nmol/L 29.0 - 8.6', null, null],
    ['TESTOSTERONE, TOTAL, MS 612 250-1100 ng/dL EN', 250, 1100],
    ['HEMOGLOBIN A1c 5.4 <5.7 % of total Hgb EN', null, 5.7],
  ])('%s: %p to %p', (text, low, high) => {
    expect(only(text)).toMatchObject({ referenceLow: low, referenceHigh: high });
  });
});

describe('parseLabReport: units', () => {
  it.each<[string, string]>([
    ['PSA 0.62 ug/L', 'µg/L'],
    ['PSA 0.62 mcg/L', 'µg/L'],
    ['PSA 0.62 μg/L', 'µg/L'],
    ['PSA 0.62 UG/L', 'µg/L'],
    ['LH 4.1 miu/ml', 'mIU/mL'],
    ['TSH 1.85 uIU/mL', 'µIU/mL'],
    ['TSH 1.85 mu/l', 'mU/L'],
    ['Haematocrit 0.46 l/l', 'L/L'],
    ['Testosterone 14.2 NMOL/L', 'nmol/L'],
    ['Testosterone (nmol/L) 14.2 8.6 - 29.0', 'nmol/L'],
    ['Hemoglobin A1c 5.4% <5.7', '%'],
  ])('%s is in %s', (text, unit) => {
    expect(only(text)?.unit).toBe(unit);
  });

  it('skips a value without a unit the marker is reported in', () => {
    // A haematocrit printed as a fraction without its unit is in L/L: no other scale fits 0.46 and 0.40-0.52.
    expect(only('Haematocrit 0.46 0.40 - 0.52')).toEqual({ marker: 'haematocrit', value: 0.46, unit: 'L/L', referenceLow: 0.4, referenceHigh: 0.52 });
    expect(keys('Haematocrit 46 40 - 52')).toEqual([]);
    expect(keys('Testosterone 14.2 8.6 - 29.0')).toEqual([]);
    expect(keys('Testosterone 14.2 pg/mL')).toEqual([]);
    expect(keys('Free testosterone 2.1 %')).toEqual([]);
  });

  it('skips a value outside the plausible range of the marker', () => {
    expect(keys('Testosterone 1420 nmol/L')).toEqual([]);
    expect(keys('Haematocrit 4.6 L/L')).toEqual([]);
    expect(keys('HbA1c 480 mmol/mol')).toEqual([]);
    expect(keys('Total cholesterol 52 mmol/L')).toEqual([]);
  });

  it('takes the next row of a marker when its first one is implausible', () => {
    expect(parseLabReport('Testosterone 1420 nmol/L\nTestosterone 14.2 nmol/L').markers.map((m) => m.value)).toEqual([14.2]);
  });
});

describe('parseLabReport: collection date', () => {
  it.each<[string, string | null]>([
    ['Collected: 03/03/2026', '2026-03-03'],
    ['Sample collected: 03/03/2026 08:15', '2026-03-03'],
    ['Sample taken: 12/03/2026 08:15\nTestosterone 14.2 nmol/L', '2026-03-12'],
    ['Collection date: 12.03.2026', '2026-03-12'],
    ['Date collected: 2026-03-12 08:15', '2026-03-12'],
    ['Date of collection: 2026/03/12', '2026-03-12'],
    ['Sample date: 12 Mar 2026', '2026-03-12'],
    ['Specimen collected: March 12, 2026 9:30 AM', '2026-03-12'],
    ['COLLECTED 12-Mar-2026', '2026-03-12'],
    ['Collected on 12th March 2026', '2026-03-12'],
    ['Date Collected: Mar 12, 2026', '2026-03-12'],
    ['Collected: 03/03/26', '2026-03-03'],
    // A date that reads one way only; a date that reads both ways, by the report's cues.
    ['Date Collected: 04/15/2026', '2026-04-15'],
    ['Collected: 15/04/2026', '2026-04-15'],
    ['Collected: 04/05/2026\nDOB: 14/07/1979', '2026-05-04'],
    ['Collected: 04/05/2026\nDOB: 07/14/1979', '2026-04-05'],
    ['Date Collected: 03/04/2026\nSpringfield, NJ 07081\nTESTOSTERONE, TOTAL, MS 612 ng/dL 250-1100', '2026-03-04'],
    ['Sample collected: 03/04/2026\nRiverside Hospital NHS Trust\nTestosterone 14.2 nmol/L', '2026-04-03'],
    ['Probenentnahme: 4. März 2026', '2026-03-04'],
    ['Entnahmedatum: 04.03.2026\nTestosteron 5,12 ng/ml', '2026-03-04'],
    ['Prélèvement du 04/03/2026\nTestostérone 5,12 ng/mL', '2026-03-04'],
    ['Date de prélèvement : 4 mars 2026', '2026-03-04'],
    ['Fecha de extracción: 4 de marzo de 2026', '2026-03-04'],
    ['Data prelievo: 04/03/2026\nTestosterone totale 5,12 ng/mL', '2026-03-04'],
    ['Collected: 29/02/2024', '2024-02-29'],
    ['Collected: 29/02/2026', null],
    ['Collected: 31/04/2026', null],
    ['Collected: 2026-13-01', null],
    ['Collected: 32 Mar 2026', null],
    ['Collection date\n03/03/2026', '2026-03-03'],
  ])('%s is %p', (text, date) => {
    expect(parseLabReport(text).collectedOn).toBe(date);
  });

  it('falls back to the report date only when no collection date is labelled', () => {
    expect(parseLabReport('Reported: 04/03/2026\nTestosterone 14.2 nmol/L').collectedOn).toBe('2026-03-04');
    expect(parseLabReport('Report date: 2026-03-04').collectedOn).toBe('2026-03-04');
    expect(parseLabReport('Date: 4 March 2026').collectedOn).toBe('2026-03-04');
    expect(parseLabReport('Reported: 04/03/2026\nSample collected: 03/03/2026').collectedOn).toBe('2026-03-03');
  });

  it('asks rather than guesses when a date reads both ways and the report gives no cue', () => {
    expect(parseLabReport('Collected: 03/04/2026')).toEqual({ collectedOn: null, dateChoices: ['2026-04-03', '2026-03-04'], markers: [], earlier: [] });
    expect(parseLabReport('Collected: 03/03/2026').dateChoices).toEqual([]);
  });

  it('does not take a date of birth or a receipt date', () => {
    expect(parseLabReport('DOB: 14/07/1979\nDate of birth: 14/07/1979\nDate received: 03/03/2026').collectedOn).toBeNull();
    expect(parseLabReport('Patient: J Example DOB: 14/07/1979 Collected: 03/03/2026').collectedOn).toBe('2026-03-03');
  });

  it('gives nothing for text without markers or dates', () => {
    expect(parseLabReport('')).toEqual({ collectedOn: null, dateChoices: [], markers: [], earlier: [] });
    expect(parseLabReport('Dear Mr Example,\nThank you for coming to the clinic.')).toEqual({ collectedOn: null, dateChoices: [], markers: [], earlier: [] });
  });
});

describe('parseLabReport: names in other languages and spellings', () => {
  it.each<[string, LabMarkerKey]>([
    ['Testosteron 5,12 ng/ml', 'total_testosterone'],
    ['freies Testosteron 98,6 pg/ml', 'free_testosterone'],
    ['Östradiol 29,4 pg/ml', 'oestradiol'],
    ['Prolaktin 11,2 ng/ml', 'prolactin'],
    ['Hämatokrit 45 %', 'haematocrit'],
    ['Cholesterin 212 mg/dl', 'total_cholesterol'],
    ['LDL-Cholesterin 128 mg/dl', 'ldl_cholesterol'],
    ['TSH basal 2,14 µU/ml', 'tsh'],
    ['Testostérone 5,12 ng/mL', 'total_testosterone'],
    ['Œstradiol 29 pg/mL', 'oestradiol'],
    ['Prolactine 11 ng/mL', 'prolactin'],
    ['Hématocrite 45 %', 'haematocrit'],
    ['Vitamine D (25-OH) 32 ng/mL', 'vitamin_d'],
    ['Hémoglobine glyquée 5,4 %', 'hba1c'],
    ['Cholestérol total 1,85 g/L', 'total_cholesterol'],
    ['Triglycérides 0,95 g/L', 'triglycerides'],
    ['LH 3,9 UI/L', 'lh'],
    ['FSH 4,2 mUI/mL', 'fsh'],
    ['Serum testosterone level 18.2 nmol/L [8.6 - 29.0]', 'total_testosterone'],
    ['Serum total cholesterol level 5.1 mmol/L', 'total_cholesterol'],
    ['Haemoglobin A1c level - IFCC standardised 36 mmol/mol', 'hba1c'],
    ['Sex Horm Binding Glob, Serum 36 nmol/L 16.5-55.9', 'shbg'],
    ['Prostate-Specific Ag 0.9 ng/mL 0.0-4.0', 'psa'],
    ['ESTRADIOL/OESTROGEN (E2) 24 pg/mL', 'oestradiol'],
    ['Testosterona total 5,12 ng/mL', 'total_testosterone'],
    ['Colesterol total 190 mg/dL', 'total_cholesterol'],
    ['Triglicéridos 97 mg/dL', 'triglycerides'],
    ['Hematocrito 45 %', 'haematocrit'],
    ['Testosterone totale 5,12 ng/mL', 'total_testosterone'],
    ['Estradiolo 29 pg/mL', 'oestradiol'],
    ['Colesterolo totale 190 mg/dL', 'total_cholesterol'],
    ['Trigliceridi 97 mg/dL', 'triglycerides'],
    ['Ematocrito 45 %', 'haematocrit'],
  ])('%s is %s', (text, marker) => {
    expect(keys(text)).toEqual([marker]);
  });

  it.each(['PSA frei 0,31 ng/ml', 'PSA libre 0,31 ng/mL', 'Testostérone biodisponible 5,1 nmol/L', 'Rapport cholestérol/HDL 4,0'])('%s is none of the markers', (text) => {
    expect(keys(text)).toEqual([]);
  });

  it('reads French ranges written "a à b" and German ones with "bis"', () => {
    expect(only('Testostérone 5,12 ng/mL 2,49 à 8,36')).toMatchObject({ referenceLow: 2.49, referenceHigh: 8.36 });
    expect(only('Testosteron 5,12 ng/ml 2,49 bis 8,36')).toMatchObject({ referenceLow: 2.49, referenceHigh: 8.36 });
  });
});

describe('parseLabReport: layouts', () => {
  it('never takes a reference limit for the value: a portal printout with the range before the value', () => {
    const text = ['Cholesterol, Total', 'Normal range: <200 mg/dL', 'Value', '189 mg/dL', 'Testosterone, Total', 'Normal range: 264 - 916 ng/dL', 'Value', '512 ng/dL'].join('\n');
    expect(parseLabReport(text).markers.map(({ marker, value, referenceLow, referenceHigh }) => [marker, value, referenceLow, referenceHigh])).toEqual([
      ['total_cholesterol', 189, null, 200],
      ['total_testosterone', 512, 264, 916],
    ]);
  });

  it('does not join a heading to the sub-row under it: vitamin D is the total, not the D2', () => {
    const text = ['Vitamin D', '25-OH Vitamin D2 <5 nmol/L', '25-OH Vitamin D3 79 nmol/L', 'Total 25-OH Vitamin D 79 nmol/L 50 - 175'].join('\n');
    expect(parseLabReport(text).markers).toEqual([expect.objectContaining({ marker: 'vitamin_d', value: 79, comparator: null, referenceLow: 50, referenceHigh: 175 })]);
  });

  it('passes over a method line under a name', () => {
    expect(only('TSH\n(CLIA)\n2.31\tµIU/mL\t0.35-5.50')).toMatchObject({ marker: 'tsh', value: 2.31, unit: 'µIU/mL', referenceLow: 0.35 });
    expect(only('Testosterone Total\nMethod: ECLIA\n512 ng/dL 264-916')).toMatchObject({ value: 512, referenceHigh: 916 });
  });

  it('reads two tables side by side on one line, lending no number from one to the other', () => {
    const text = 'Testosterone\t18.2\tnmol/L\t8.6 - 29.0\tCholesterol\t5.1\tmmol/L\t< 5.0\nSHBG\t38\tnmol/L\tSodium\t139\tmmol/L\t133 - 146';
    expect(parseLabReport(text).markers.map(({ marker, value, referenceLow, referenceHigh }) => [marker, value, referenceLow, referenceHigh])).toEqual([
      ['total_testosterone', 18.2, 8.6, 29],
      ['total_cholesterol', 5.1, null, 5],
      ['shbg', 38, null, null],
      ['sodium', 139, 133, 146],
    ]);
  });

  it('takes a range printed on the line below the result', () => {
    expect(only('Testosterone\t18.2\tnmol/L\n(8.6 - 29.0)')).toMatchObject({ value: 18.2, referenceLow: 8.6, referenceHigh: 29 });
  });

  it('gives no range for a banded interpretation', () => {
    expect(only('Vitamin D (25-OH)\t24\tng/mL\tDeficiency < 20, Insufficiency 20-30, Sufficient 30-100')).toMatchObject({ value: 24, referenceLow: null, referenceHigh: null });
  });

  it('prefers the results table to a summary sentence, and shows nothing when two rows disagree', () => {
    expect(parseLabReport('• Testosterone 15 nmol/L is the level to aim above\nTestosterone\t18.2\tnmol/L\t8.6 - 29.0').markers.map((m) => m.value)).toEqual([18.2]);
    expect(keys('Testosterone\t18.2\tnmol/L\t8.6 - 29.0\nTestosterone\t12.0\tnmol/L\t8.6 - 29.0')).toEqual([]);
    // The same result in two units is one result.
    expect(parseLabReport('HbA1c 48 mmol/mol (20 - 41)\nHbA1c (DCCT) 6.5 % (4.0 - 5.9)').markers.map((m) => [m.value, m.unit])).toEqual([[48, 'mmol/mol']]);
  });
});

describe('parseLabReport: text read by OCR', () => {
  const ocr = (text: string) => parseLabReport(text, { ocr: true }).markers.map(({ marker, value, unit }) => [marker, value, unit]);

  it('undoes OCR’s usual slips: µ read as p, the 1 of A1c read as l, a decimal point read as a colon', () => {
    expect(ocr('TSH - ULTRASENSITIVE\t2.84\tplU/mL\t0.54 - 5.30')).toEqual([['tsh', 2.84, 'µIU/mL']]);
    expect(ocr('TSH\t2.84\tpIU/mL\t0.54 - 5.30')).toEqual([['tsh', 2.84, 'µIU/mL']]);
    expect(ocr('HEMOGLOBIN Alc\t5.4\t<5.7 % of total Hgb')).toEqual([['hba1c', 5.4, '%']]);
    expect(ocr('FSH\t3:6\tmIU/mL\t1.5 - 12.4')).toEqual([['fsh', 3.6, 'mIU/mL']]);
    // µ read as H, HW or p, the I of µUI as l; a "*" flag read as "+".
    expect(ocr('TSH - ULTRASENSITIVE\t2.84\tHIU/mL\t0.54 - 5.30')).toEqual([['tsh', 2.84, 'µIU/mL']]);
    expect(ocr('TSH\t2,10\tHUl/mL\t0,35 - 4,94')).toEqual([['tsh', 2.1, 'µUI/mL']]);
    expect(ocr('TSH\t1,72\tpUI/mL\t0,35 - 4,94')).toEqual([['tsh', 1.72, 'µUI/mL']]);
    expect(ocr('PSA total\t2.41\tHg/l\t<4.0')).toEqual([['psa', 2.41, 'µg/L']]);
    expect(ocr('Colesterol LDL\t131+\tmg/dL\t0-130')).toEqual([['ldl_cholesterol', 131, 'mg/dL']]);
    expect(ocr('‘TESTOSTERONE, TOTAL\t5.12\t“ng/mL\t2.64 - 9.16')).toEqual([['total_testosterone', 5.12, 'ng/mL']]);
    expect(ocr('Haematocrit\t0.46\tUL\t0.4 - 0.52')).toEqual([['haematocrit', 0.46, 'L/L']]);
    // A flag printed before the result ("* 2,12"), the space between them lost.
    expect(ocr('Cholestérol total\t*2,12 g/L\t1,40 à 2,00')).toEqual([['total_cholesterol', 2.12, 'g/L']]);
    expect(keys('Haematocrit\t0.46\tUL\t0.4 - 0.52')).toEqual([]);
    // The same slips are not guessed at in a PDF's own text.
    expect(keys('TSH\t2.84\tplU/mL\t0.54 - 5.30')).toEqual([]);
  });

  it('leaves out a row whose decimal points look lost, which a PDF’s own text keeps', () => {
    const lost = 'LH\t43\tIU/L\t17-86';
    expect(ocr(lost)).toEqual([]);
    expect(keys(lost)).toEqual(['lh']);
    // The value alone lost its point ("15.2" read "152"): far above its own range.
    expect(ocr('Prolactin\t152\tng/mL\t4.0 - 15.2')).toEqual([]);
    expect(keys('Prolactin\t152\tng/mL\t4.0 - 15.2')).toEqual(['prolactin']);
    expect(ocr('Testosterone\t18.6\tnmol/L\t8.6 - 29.0')).toEqual([['total_testosterone', 18.6, 'nmol/L']]);
  });

  it('reads no figure from digits OCR was unsure of', () => {
    expect(ocr('Testosterone\t1?.6\tnmol/L\t8.6 - 29.0')).toEqual([]);
    expect(ocr('LDL CHOLESTEROL - DIRECT\t???\tmg/dL\t<100')).toEqual([]);
  });

  it('keeps a value read with its decimal point when only its range lost the points, without the range', () => {
    const ranged = (text: string) => parseLabReport(text, { ocr: true }).markers.map((m) => [m.marker, m.value, m.referenceLow, m.referenceHigh]);
    expect(ranged('FSH\t3.9\tIU/L\t15-124')).toEqual([['fsh', 3.9, null, null]]);
    expect(ranged('Cholesterol HDL\t0,52\tg/L\t> ?,??')).toEqual([['hdl_cholesterol', 0.52, null, null]]);
    // Without a point the value may have lost one too: nothing.
    expect(ranged('FSH\t46\tIU/L\t14-181')).toEqual([]);
    expect(ranged('FSH\t51\tmIU/mL\t??-???')).toEqual([]);
    // "mUl/mL": the French "mUI" with its I read as l.
    expect(ranged('LH\t4,1\tmUl/mL\t1,7 à 8,6')).toEqual([['lh', 4.1, 1.7, 8.6]]);
  });

  it('takes a number that starts with a zero for one whose decimal point was lost ("04" for 0.4)', () => {
    expect(ocr('LH\t04 L\tmIU/mL\t1.7 - 8.6')).toEqual([]);
    expect(ocr('LH\t0.4 L\tmIU/mL\t1.7 - 8.6')).toEqual([['lh', 0.4, 'mIU/mL']]);
    // Dates, times and codes keep their zeros.
    expect(parseLabReport('Collected: 2026-03-04 08:21\tLab no. 260304-0412', { ocr: true }).collectedOn).toBe('2026-03-04');
  });

  it('under a header with a previous-result column, reads no row that shows one result (a cell was lost)', () => {
    const header = 'Test\tResult\tPrevious (12/01/2025)\tUnits\tRange';
    // Both cells read: the first is the current result.
    expect(ocr(`${header}\nSHBG\t31\t36\tnmol/L\t16.5 - 55.9`)).toEqual([['shbg', 31, 'nmol/L']]);
    // One cell lost: 36 may be the previous result.
    expect(ocr(`${header}\nSHBG\t36\tnmol/L\t16.5 - 55.9`)).toEqual([]);
    // A PDF's own text loses no cell.
    expect(keys(`${header}\nSHBG\t36\tnmol/L\t16.5 - 55.9`)).toEqual(['shbg']);
    // A previous column after the range does not stand between the result and its unit.
    expect(ocr('Test\tResult\tUnits\tRange\tPrevious\nSHBG\t31\tnmol/L\t16.5 - 55.9\t36')).toEqual([['shbg', 31, 'nmol/L']]);
  });

  it('reads no value from a row with several results before its unit and no dated header (a cumulative report whose dates OCR lost)', () => {
    expect(ocr('HDL Cholesterol\ttel\t1.2\t1.2\t1.3\tmmol/L\t> 1.0')).toEqual([]);
    expect(keys('Testosterone\t9.1\t11.8\t14.6\t15.2\tnmol/L\t8.6 - 29.0')).toEqual([]);
  });
});

describe('where labs’ reference limits fall (the OCR checks of a lost decimal point)', () => {
  it('holds every range of the tuned corpus, in its printed unit', () => {
    for (const answer of readAnswers()) {
      for (const m of [...answer.markers, ...(answer.earlier ?? []).flatMap((e) => e.markers)]) {
        const { lowerLimits, upperLimits } = LAB_MARKERS[m.marker];
        const canonical = (value: number) => toCanonical(m.marker, value, listedUnit(m.marker, m.unit)!)!;
        if (m.referenceLow !== null && m.referenceLow > 0) expect([answer.id, m.marker, canonical(m.referenceLow) >= lowerLimits.min && canonical(m.referenceLow) <= lowerLimits.max]).toEqual([answer.id, m.marker, true]);
        if (m.referenceHigh !== null) expect([answer.id, m.marker, canonical(m.referenceHigh) >= upperLimits.min && canonical(m.referenceHigh) <= upperLimits.max]).toEqual([answer.id, m.marker, true]);
      }
    }
  });

  it('leaves out an OCR row whose lower limit lost its decimal point (FSH 46 against "14 - 18.1")', () => {
    const ocr = (text: string) => parseLabReport(text, { ocr: true }).markers.map((m) => m.marker);
    expect(ocr('FSH\t46\tIU/L\t14 - 18.1')).toEqual([]);
    expect(ocr('FSH\t4.6\tIU/L\t1.4 - 18.1')).toEqual(['fsh']);
  });
});

describe('mergeReadings: two OCR readings of one picture', () => {
  const report = (text: string) => parseLabReport(text, { ocr: true });
  const values = (text: string, other: string) => mergeReadings(report(text), report(other)).markers.map((m) => [m.marker, m.value]);

  it('keeps what both read alike or only one read, and nothing they read differently', () => {
    const first = 'Testosterone\t18.2\tnmol/L\t8.6 - 29.0\nSHBG\t41\tnmol/L\t18 - 54';
    const second = 'Testosterone\t18.2\tnmol/L\t8.6 - 29.0\nSHBG\t47\tnmol/L\t18 - 54\nPSA\t1.1\tug/L\t< 4.0';
    expect(values(first, second)).toEqual([['total_testosterone', 18.2], ['psa', 1.1]]);
    // Order does not matter.
    expect(values(second, first).sort()).toEqual(values(first, second).sort());
  });

  it('keeps a date both agree on or only one read, and asks when they disagree', () => {
    const on = (date: string) => `Collected: ${date}\nTestosterone\t18.2\tnmol/L\t8.6 - 29.0`;
    expect(mergeReadings(report(on('2026-03-04')), report('Testosterone\t18.2\tnmol/L')).collectedOn).toBe('2026-03-04');
    expect(mergeReadings(report('Testosterone\t18.2\tnmol/L'), report(on('2026-03-04'))).collectedOn).toBe('2026-03-04');
    expect(mergeReadings(report(on('2026-03-04')), report(on('2026-08-04'))).collectedOn).toBeNull();
  });
});

describe('markers', () => {
  it.each<[LabMarkerKey, number, string, number, number]>([
    ['total_testosterone', 14.2, 'nmol/L', 409.6, 1],
    ['total_testosterone', 5.12, 'ng/mL', 512, 1],
    ['haematocrit', 0.46, 'L/L', 46, 6],
    ['hba1c', 48, 'mmol/mol', 6.54, 2],
    ['total_cholesterol', 5.2, 'mmol/L', 201, 0],
    ['vitamin_d', 75, 'nmol/L', 30.05, 2],
    ['psa', 0.62, 'ug/L', 0.62, 6],
    ['prolactin', 212, 'mIU/L', 10, 0],
    ['prolactin', 212, 'µUI/mL', 10, 0],
    ['total_cholesterol', 1.85, 'g/L', 185, 6],
    ['triglycerides', 0.95, 'g/L', 95, 6],
    ['tsh', 2.14, 'µU/mL', 2.14, 6],
    ['lh', 3.9, 'UI/L', 3.9, 6],
  ])('toCanonical(%s, %p %s) ≈ %p', (marker, value, unit, expected, digits) => {
    expect(toCanonical(marker, value, unit)).toBeCloseTo(expected, digits);
  });

  it('refuses a unit the marker is not reported in', () => {
    expect(toCanonical('total_testosterone', 14.2, 'pg/mL')).toBeNull();
    expect(toCanonical('haematocrit', 46, 'mmol/L')).toBeNull();
  });

  it('normalises the spellings of micro', () => {
    const spellings = ['ug/L', 'μg/L', 'µg/L', 'mcg/L', 'UG/L', 'MCG/L', ' µg / L '];
    expect(new Set(spellings.map(normaliseUnit)).size).toBe(1);
    expect(new Set(['uIU/mL', 'µIU/mL', 'μIU/mL', 'UIU/ML'].map(normaliseUnit)).size).toBe(1);
    expect(normaliseUnit('mU/L')).not.toBe(normaliseUnit('µU/L'));
    expect(normaliseUnit('IU/L')).toBe('iu/l');
  });
});

describe('parseLabReport: a result cell that holds no result', () => {
  it.each([
    'PSA  Pending  2.1  ng/mL  0.0-4.0',
    'PSA\tPending\t2.1\tng/mL\t0.0-4.0',
    'PSA  To follow  2.1  ng/mL  0.0-4.0',
    'PSA  See comment  2.1  ng/mL  0.0-4.0',
    'PSA  Cancelled  2.1  ng/mL  0.0-4.0',
    'PSA  Haemolysed  2.1  ng/mL  0.0-4.0',
    'PSA  Hemolyzed  2.1  ng/mL  0.0-4.0',
    'PSA  QNS  2.1  ng/mL  0.0-4.0',
    'PSA  Insufficient sample  2.1  ng/mL  0.0-4.0',
    'PSA  Pendiente  2,1  ng/mL  0,0-4,0',
    'PSA  ausstehend  2,1  ng/mL  0,0-4,0',
    'PSA  à suivre  2,1  ng/mL  0,0-4,0',
  ])('%s: the previous result beside it is not taken for the current one', (line) => {
    expect(keys(`Test  Result  Previous  Units  Reference\nTotal testosterone  18.2  17.5  nmol/L  8.6-29.0\n${line}`)).toEqual(['total_testosterone']);
  });

  it('a value replaced by "Pending" gives nothing, and changes no other row (metamorphic)', () => {
    const report = (psa: string) => `Test  Result  Previous  Units  Reference\nTotal testosterone  18.2  17.5  nmol/L  8.6-29.0\nPSA  ${psa}  2.1  ng/mL  0.0-4.0\nSHBG  41  39  nmol/L  18-54`;
    const withValue = parseLabReport(report('1.4')).markers.map((m) => [m.marker, m.value]);
    const pending = parseLabReport(report('Pending')).markers.map((m) => [m.marker, m.value]);
    expect(withValue).toEqual([['total_testosterone', 18.2], ['psa', 1.4], ['shbg', 41]]);
    expect(pending).toEqual(withValue.filter(([marker]) => marker !== 'psa'));
  });
});

describe('parseLabReport: a sentence never gives a value', () => {
  it('reads no value from a letter’s or a prescription’s sentence that names a marker and a number', () => {
    expect(keys('Testosterone 600 ng/dL is roughly the middle of the range we aim for.')).toEqual([]);
    expect(keys('PSA > 4.0 ng/mL: refer to urology within two weeks of the result.')).toEqual([]);
    expect(keys('Dear Dr Patel,\nTestosterone 600 ng/dL is roughly the middle of the range we aim for, so we will keep the dose.\nYours sincerely')).toEqual([]);
  });

  it('reads no value from a table cell where the number follows words: a schedule or a rule, not a result', () => {
    expect(keys('Test\tWhen\tAction threshold\nPSA\tBefore starting, 3 and 12 months\tRise of more than 1.4 ug/L in 12 months: refer to urology')).toEqual([]);
    expect(keys('Testosterone\tat 3 and 6 months\tBelow 12 nmol/L: increase dose')).toEqual([]);
    // A label, a flag or a unit before the value in its cell is still a results row.
    expect(only('Testosterone\tResult: 14.2\tnmol/L\t8.6 - 29.0')).toMatchObject({ value: 14.2 });
    expect(only('Testosterone\tH 31.2\tnmol/L\t8.6 - 29.0')).toMatchObject({ value: 31.2 });
  });

  it('still reads a results row whose range cell names who it is for, or a short note', () => {
    expect(only('Testosterone 14.2 nmol/L Adult males 18-49 years: 8.6 - 29.0')).toMatchObject({ marker: 'total_testosterone', value: 14.2 });
    expect(only('Total Cholesterol 5.2 mmol/L Desirable less than 5.0')).toMatchObject({ marker: 'total_cholesterol', value: 5.2 });
    expect(only('Testosterone 14.2 nmol/L 8.6 - 29.0 Morning sample')).toMatchObject({ marker: 'total_testosterone', value: 14.2 });
  });
});

describe('dateOrder: a report number is not a ZIP code', () => {
  it('takes a state and ZIP code at the end of an address as a US cue, and a labelled number for none', () => {
    expect(dateOrder('Report ID 77120\nCollected 05/06/2026')).toBeNull();
    expect(dateOrder('Lab ID 55555\nPatient ID: 12345\nSample no. IN 12345\nCollected 05/06/2026')).toBeNull();
    expect(dateOrder('Testosterone 14 nmol/L in 12345')).not.toBe('mdy');
    expect(dateOrder('Quest Diagnostics, Boise, ID 83702\nCollected 05/06/2026')).toBe('mdy');
    expect(dateOrder('LabCorp, San Francisco, CA 94105-1234\nCollected 05/06/2026')).toBe('mdy');
  });

  it('asks for a date that reads both ways when the only cue was a report number', () => {
    const report = parseLabReport('Report ID 77120\nCollected: 05/06/2026\nTestosterone 409 ng/dL 264 - 916');
    expect(report.collectedOn).toBeNull();
    expect(report.dateChoices).toEqual(expect.arrayContaining(['2026-06-05', '2026-05-06']));
  });
});

describe('parseLabReport: results printed as cards side by side', () => {
  it('reads each card of a row of cards (names side by side, then values, then ranges) as its own result', () => {
    const cards = ['Your results', 'Total Testosterone\tFree Testosterone\tSHBG', 'Your result\tYour result\tYour result', '612 ng/dL\t14.8 ng/dL\t38 nmol/L', 'Reference range: 264 - 916 ng/dL\tReference range: 4.6 - 22.4 ng/dL\tReference range: 16.5 - 55.9 nmol/L', 'Within range\tWithin range\tWithin range', 'PSA', 'Your result', '0.9 ng/mL', 'Reference range: 0.0 - 4.0 ng/mL'].join('\n');
    expect(parseLabReport(cards).markers.map((m) => [m.marker, m.value, m.referenceLow, m.referenceHigh])).toEqual([
      ['total_testosterone', 612, 264, 916],
      ['free_testosterone', 14.8, 4.6, 22.4],
      ['shbg', 38, 16.5, 55.9],
      ['psa', 0.9, 0, 4],
    ]);
  });

  it('reads no card whose stack has a cell missing (the columns no longer line up)', () => {
    const cards = ['Testosterone\tSHBG', '17.9 nmol/L\t44 nmol/L', 'Normal range 8.64 - 29'].join('\n');
    // The third line has one cell for two cards: which card's range it is cannot be told, so it is no one's.
    expect(parseLabReport(cards).markers.map((m) => [m.marker, m.value, m.referenceLow])).toEqual([
      ['total_testosterone', 17.9, null],
      ['shbg', 44, null],
    ]);
  });
});

describe('parseLabReport: a cumulative report (one column per collection date)', () => {
  // One row per marker, one column per date, as hospital and GP systems print a patient's history.
  type Result = [name: string, values: string[], unit: string, range: string];
  const HISTORY: Result[] = [
    ['Testosterone', ['14.2', '16.0', '18.2'], 'nmol/L', '8.6 - 29.0'],
    ['Haematocrit', ['0.47', '0.49', '0.54 H'], 'L/L', '0.40 - 0.52'],
    ['PSA', ['0.9', 'Pending', '1.1'], 'ug/L', '< 4.0'],
    ['Cholesterol', ['5.1', '4.9', '4.6'], 'mmol/L', '< 5.0'],
  ];
  const DATES = ['12/06/2025', '03/11/2025', '04/03/2026'];
  /** The report with its date columns in `order` (indexes into DATES), and the header's own "Collected" date. */
  const cumulative = (order: number[], rows: Result[] = HISTORY, headerDate = '12/06/2025') =>
    [
      'St Elsewhere Hospital Pathology\tCumulative Report',
      `Patient: John SMITH\tDOB: 14/07/1979\tCollected: ${headerDate}`,
      ['Test', ...order.map((at) => DATES[at]!), 'Units', 'Reference'].join('\t'),
      ...rows.map(([name, values, unit, range]) => [name, ...order.map((at) => values[at]!), unit, range].join('\t')),
    ].join('\n');
  const values = (markers: readonly ParsedMarker[]) => Object.fromEntries(markers.map((m) => [m.marker, m.value]));

  it('reads the newest column, dated with its own date, whatever the header says', () => {
    const report = parseLabReport(cumulative([0, 1, 2]));
    expect(report.collectedOn).toBe('2026-03-04');
    expect(report.dateChoices).toEqual([]);
    expect(values(report.markers)).toEqual({ total_testosterone: 18.2, haematocrit: 0.54, psa: 1.1, total_cholesterol: 4.6 });
    expect(report.markers.find((m) => m.marker === 'haematocrit')).toMatchObject({ unit: 'L/L', referenceLow: 0.4, referenceHigh: 0.52 });
  });

  it('offers each earlier column as its own dated results, newest first, with no value for a pending cell', () => {
    const { earlier } = parseLabReport(cumulative([0, 1, 2]));
    expect(earlier.map((results) => [results.collectedOn, values(results.markers)])).toEqual([
      ['2025-11-03', { total_testosterone: 16, haematocrit: 0.49, total_cholesterol: 4.9 }],
      ['2025-06-12', { total_testosterone: 14.2, haematocrit: 0.47, psa: 0.9, total_cholesterol: 5.1 }],
    ]);
  });

  it('finds the newest column wherever the lab prints it (first, last or between)', () => {
    const expected = parseLabReport(cumulative([0, 1, 2]));
    for (const order of [[2, 1, 0], [1, 2, 0], [2, 0, 1]]) {
      const report = parseLabReport(cumulative(order));
      expect([report.collectedOn, values(report.markers)]).toEqual([expected.collectedOn, values(expected.markers)]);
      expect(report.earlier.map((r) => [r.collectedOn, values(r.markers)])).toEqual(expected.earlier.map((r) => [r.collectedOn, values(r.markers)]));
    }
  });

  it('gives no value for a row whose cells do not line up with the dates (one missing), and reads the others', () => {
    const rows: Result[] = [...HISTORY, ['SHBG', ['31', '35'], 'nmol/L', '18 - 54']];
    const text = cumulative([0, 1, 2], rows).replace('SHBG\t31\t35\tundefined', 'SHBG\t31\t35');
    const report = parseLabReport(text);
    expect(report.markers.map((m) => m.marker)).not.toContain('shbg');
    expect(values(report.markers)).toMatchObject({ total_testosterone: 18.2 });
  });

  it('turning a report into a cumulative one changes no current value (metamorphic)', () => {
    const single = [
      'St Elsewhere Hospital Pathology',
      'Patient: John SMITH\tDOB: 14/07/1979\tCollected: 04/03/2026',
      'Test\tResult\tUnits\tReference',
      ...HISTORY.map(([name, results, unit, range]) => [name, results[2]!, unit, range].join('\t')),
    ].join('\n');
    const plain = parseLabReport(single);
    const history = parseLabReport(cumulative([0, 1, 2]));
    expect(plain.collectedOn).toBe(history.collectedOn);
    const withoutLine = (markers: readonly ParsedMarker[]) => markers.map((m) => ({ ...m, line: '' }));
    expect(withoutLine(history.markers)).toEqual(withoutLine(plain.markers));
  });

  it('takes dates side by side in the patient’s details for no columns of results: the table under them is read as usual', () => {
    const text = ['Name\tDOB\tCollected\tReported', 'John Smith\t14/07/1979\t04/03/2026\t05/03/2026', 'Testosterone\t14.2\tnmol/L\t8.6 - 29.0', 'SHBG\t41\tnmol/L\t18 - 54'].join('\n');
    const report = parseLabReport(text);
    expect(values(report.markers)).toEqual({ total_testosterone: 14.2, shbg: 41 });
    expect(report.earlier).toEqual([]);
  });

  it('asks for the date when the columns’ dates read both ways, and reads no earlier column it cannot date', () => {
    // ng/mL is used on both sides of the Atlantic: no cue to the order.
    const text = ['Cumulative results', 'Test\t02/03/2026\t03/04/2026\tUnits\tReference', 'PSA\t1.0\t1.1\tng/mL\t< 4.0'].join('\n');
    const report = parseLabReport(text);
    // 2 March and 3 April, or 3 February and 4 March: the second column is the newer either way.
    expect(values(report.markers)).toEqual({ psa: 1.1 });
    expect(report.collectedOn).toBeNull();
    expect(report.dateChoices).toEqual(expect.arrayContaining(['2026-04-03', '2026-03-04']));
    expect(report.earlier).toEqual([]);
  });
});

// What newer layouts printed that the reader misread or lost.
describe('parseLabReport: what newer layouts printed that it misread or lost', () => {
  it('a site code between the name and the result is no result ("Testosterone, Serum  02  612")', () => {
    expect(only('Testosterone, Serum\t02\t612\tng/dL\t264-916')).toEqual({ marker: 'total_testosterone', value: 612, unit: 'ng/dL', referenceLow: 264, referenceHigh: 916 });
    expect(only('Prolactin 02 9.8 ng/mL 4.0-15.2')).toEqual({ marker: 'prolactin', value: 9.8, unit: 'ng/mL', referenceLow: 4, referenceHigh: 15.2 });
    // A result of zero point something keeps its zero.
    expect(only('PSA\t0.42\tng/mL\t0.00-4.00')).toEqual({ marker: 'psa', value: 0.42, unit: 'ng/mL', referenceLow: 0, referenceHigh: 4 });
  });

  it('a red-cell magnesium or potassium is not the serum test', () => {
    expect(keys('Magnesium, RBC\t5.1\tmg/dL\t4.2-6.8')).toEqual([]);
    expect(keys('Magnesium (erythrocyte)\t2.1\tmmol/L\t1.65-2.65')).toEqual([]);
    expect(keys('Magnesium, Serum\t2.1\tmg/dL\t1.6-2.3')).toEqual(['magnesium']);
  });

  it('reads Indian labs’ units: gm/dL, thou/mm3, mil/µL, /cumm', () => {
    expect(only('Hemoglobin\t14.1\tgm/dL\t13-17')).toEqual({ marker: 'haemoglobin', value: 14.1, unit: 'g/dL', referenceLow: 13, referenceHigh: 17 });
    expect(only('Total WBC count\t6.2\tthou/mm3\t4-10')).toMatchObject({ marker: 'wbc', value: 6.2 });
    expect(only('RBC count\t4.9\tmil/µL\t4.5-5.5')).toMatchObject({ marker: 'rbc', value: 4.9 });
    expect(only('Total WBC count\t6200\tcells/cumm\t4000-10000')).toMatchObject({ marker: 'wbc', value: 6200 });
    expect(toCanonical('wbc', 6.2, 'thou/mm3')).toBe(6.2);
    expect(toCanonical('rbc', 4.9, 'mil/µL')).toBe(4.9);
  });

  it('a percentage sign before a differential’s name makes it the percentage', () => {
    expect(only('% Neutrophils\t55\t\t40-75')).toEqual({ marker: 'neutrophils_pct', value: 55, unit: '%', referenceLow: 40, referenceHigh: 75 });
  });

  it('takes the date of the sample before a later report date, and "DRAWN : 11/May/2026"', () => {
    expect(parseLabReport('Report date: 05/06/2026\nDate of sample: 03/06/2026\nPatient DOB 14/07/1979').collectedOn).toBe('2026-06-03');
    expect(parseLabReport('Reported: 12/May/2026\nDRAWN : 11/May/2026').collectedOn).toBe('2026-05-11');
    expect(parseLabReport('Date drawn: 2026-05-11').collectedOn).toBe('2026-05-11');
    expect(parseLabReport('Afnamedatum: 11-05-2026\nTestosteron 18,2 nmol/L').collectedOn).toBe('2026-05-11');
  });
});

describe('parseLabReport: results checked against one another', () => {
  const DIFF = ['WBC\t6.1\tx10E3/uL\t3.4-10.8', 'Lymphs\t34\t%', 'Neutrophils\t54\t%'];
  it('a differential count larger than the white cells is left out; one that is not their share by its percentage, with its percentage', () => {
    // A decimal point lost in a photo: 2.1 read as 21, more than the 6.1 white cells it is part of.
    expect(keys([...DIFF, 'Lymphs (Absolute)\t21\tx10E3/uL\t0.7-3.1', 'Neutrophils (Absolute)\t3.3\tx10E3/uL\t1.4-7.0'].join('\n')).sort()).toEqual(['lymphocytes_pct', 'neutrophils_abs', 'neutrophils_pct', 'wbc']);
    // 0.7 where 2.1 was printed: inside the white cells, but not 34 % of them.
    expect(keys([...DIFF, 'Lymphs (Absolute)\t0.7\tx10E3/uL\t0.7-3.1'].join('\n')).sort()).toEqual(['neutrophils_pct', 'wbc']);
  });

  it('keeps counts that agree within the rounding of what is printed', () => {
    const report = [...DIFF, 'Lymphs (Absolute)\t2.1\tx10E3/uL\t0.7-3.1', 'Basos\t1\t%', 'Baso (Absolute)\t0.1\tx10E3/uL\t0.0-0.2', 'Neutrophils (Absolute)\t3294\tcells/uL\t1500-7800'].join('\n');
    expect(keys(report).sort()).toEqual(['basophils_abs', 'basophils_pct', 'lymphocytes_abs', 'lymphocytes_pct', 'neutrophils_abs', 'neutrophils_pct', 'wbc']);
  });
});

describe('parseLabReport: cards with a status word, Dutch names', () => {
  const values = (text: string) => parseLabReport(text).markers.map((m) => [m.marker, m.value, m.unit, m.referenceLow, m.referenceHigh]);
  it('reads a result card whose name line carries its status word, one card or two a row', () => {
    expect(values('Testosterone\tNormal\n612 ng/dL\nRange: 264 - 916 ng/dL')).toEqual([['total_testosterone', 612, 'ng/dL', 264, 916]]);
    expect(values('Testosterone Optimal\n612 ng/dL\nReference range 264 - 916')).toEqual([['total_testosterone', 612, 'ng/dL', 264, 916]]);
    expect(values('Testosterone\tIn range\tVitamin D\tOut of range\n612 ng/dL\t27.4 ng/mL\nRange: 264 - 916 ng/dL\tRange: 30 - 100 ng/mL')).toEqual([
      ['total_testosterone', 612, 'ng/dL', 264, 916],
      ['vitamin_d', 27.4, 'ng/mL', 30, 100],
    ]);
  });

  it('reads a Dutch lab’s names, and "Testosteron vrij" is not the total', () => {
    const report = ['Leukocyten\t6,1\t10^9/L\t4,0-10,0', 'Trombocyten\t251\t10^9/L\t150-400', 'Kreatinine\t84\tumol/L\t64-104', 'Hematocriet\t0,44\tL/L\t0,40-0,50', 'Ureum\t5,1\tmmol/L\t2,5-7,5', 'Alkalische fosfatase\t71\tU/L\t<115', 'Vrij T4\t15\tpmol/L\t10-23', 'Lymfocyten\t2,1\t10^9/L\t1,0-3,5', 'Testosteron vrij\t0,31\tnmol/L\t0,20-0,62'].join('\n');
    expect(values(report).map(([marker, value]) => [marker, value])).toEqual([
      ['wbc', 6.1],
      ['platelets', 251],
      ['creatinine', 84],
      ['haematocrit', 0.44],
      ['urea', 5.1],
      ['alp', 71],
      ['free_t4', 15],
      ['lymphocytes_abs', 2.1],
      ['free_testosterone', 0.31],
    ]);
  });
});

describe('Australian and New Zealand hospital abbreviations', () => {
  it('reads WCC as white cells, RCC as red cells and T.Protein as total protein, and corrected calcium as no calcium', () => {
    const report = parseLabReport(
      ['Collected: 22/01/2026 07:15', 'WCC\t5.8\tx10^9/L\t(4.0-11.0)', 'RCC\t4.92\tx10^12/L\t(4.50-6.50)', 'Corr Ca\t2.40\tmmol/L\t(2.10-2.60)', 'T.Protein\t71\tg/L\t(60-80)'].join('\n'),
    );
    expect(report.markers.map(({ marker, value }) => [marker, value])).toEqual([
      ['wbc', 5.8],
      ['rbc', 4.92],
      ['total_protein', 71],
    ]);
  });
});

describe('a cell count whose power of ten OCR garbled', () => {
  const read = (line: string) => parseLabReport(`Collected: 22/01/2026\n${line}`, { ocr: true }).markers.map(({ marker, value, unit }) => [marker, value, unit]);

  it('reads four garbled marks as 10^9/L and five as 10^12/L, where the marker is counted so', () => {
    expect(read('WCC 5.8 x??”?/L (4.0-11.0)')).toEqual([['wbc', 5.8, '10^9/L']]);
    expect(read('Plt 231 x1079/L (150-400)')).toEqual([['platelets', 231, '10^9/L']]);
    expect(read('RCC 4.92 x?????/L (4.50-6.50)')).toEqual([['rbc', 4.92, '10^12/L']]);
  });

  it('reads the same count whatever look-alike OCR made of each figure (property)', () => {
    const looks = (figure: string, alikes: string) => fc.constantFrom(figure, '?', ...alikes);
    fc.assert(
      fc.property(fc.tuple(looks('1', 'lI|'), looks('0', 'oO'), looks('^', '7”*~'), looks('9', 'gq')), (marks) => {
        expect(read(`WCC 5.8 x${marks.join('')}/L (4.0-11.0)`)).toEqual([['wbc', 5.8, '10^9/L']]);
      }),
    );
  });

  it('gives nothing where the marks cannot be that power, or the marker is not counted in it', () => {
    // Letters where figures stand: no power of ten.
    expect(read('WCC 5.8 xabcd/L (4.0-11.0)')).toEqual([]);
    // Red cells are not counted in 10^9/L: four marks give them no unit.
    expect(read('RCC 4.92 x??”?/L (4.50-6.50)')).toEqual([]);
  });
});

describe('a count per microlitre whose power of ten OCR garbled', () => {
  const read = (line: string) => parseLabReport(`Collected: 04/03/2026\n${line}`, { ocr: true }).markers.map(({ marker, value, unit }) => [marker, value, unit]);

  it('reads "10^3" and "10^6" per microlitre from four marks, µ read as "p" and the caret as "A"', () => {
    expect(read('Leucocitos\t6,90\tx??"?/uL\t4,00 - 10,50')).toEqual([['wbc', 6.9, 'x10E3/uL']]);
    expect(read('Globuli bianchi (WBC)\t6,1\tx10A3/pL\t4,0-10,0')).toEqual([['wbc', 6.1, 'x10E3/uL']]);
    expect(read('Hematies\t5,08\tX10”6/uL\t4,30 - 5,70')).toEqual([['rbc', 5.08, 'x10E6/uL']]);
  });

  it('leaves an unread last mark to the marker: 10^3 for white cells and platelets, 10^6 for red cells', () => {
    expect(read('Plaquetas\t246\tx????/uL\t150 - 400')).toEqual([['platelets', 246, 'x10E3/uL']]);
    expect(read('Globuli rossi\t5,10\tx????/pL\t4,50 - 5,90')).toEqual([['rbc', 5.1, 'x10E6/uL']]);
  });

  it('gives nothing when the last mark names a power the marker is not counted in, or the marks are letters', () => {
    expect(read('Hematies\t5,08\tx10^3/uL\t4,30 - 5,70')).toEqual([]);
    expect(read('Leucocitos\t6,90\tx10”6/uL\t4,00 - 10,50')).toEqual([]);
    expect(read('Leucocitos\t6,90\txabcd/uL\t4,00 - 10,50')).toEqual([]);
  });

  it('reads eGFR’s raised 2 read as "?"', () => {
    expect(read('eGFR (CKD-EPI)\t96\tmL/min/1,73m?\t>60')).toEqual([['egfr', 96, 'mL/min/1.73m2']]);
  });
});

describe('unreadRows: what the review lists as not read', () => {
  it('names the rows that look like results and gave nothing, not the patient’s details, methods, bands or rows read', () => {
    const text = [
      'Patient: HAYES, BRANDON\tDOB: 10/02/1979\tSpecimen ID: 027-614-5590-0',
      'Collected: 04/03/2026',
      'Test\tResult\tUnits\tReference range',
      'Testosterone\t18.2\tnmol/L\t8.6 - 29.0',
      'Method: ECLIA',
      'Retic\t52\tx10^9/L\t(20-110)',
      'Free androgen index\t44.3\t%\t35 - 92.6',
      'Sufficient 30-100',
      'Magnesium, RBC\t5.1\tmg/dL\t4.2-6.8',
    ].join('\n');
    const report = parseLabReport(text);
    expect(report.markers.map((m) => m.marker)).toEqual(['total_testosterone']);
    // "Retic" (reticulocytes) is a test the reader does not know: the member sees the row and can add it.
    expect(unreadRows(text, report)).toEqual(['Retic 52 x10^9/L (20-110)', 'Free androgen index 44.3 % 35 - 92.6', 'Magnesium, RBC 5.1 mg/dL 4.2-6.8']);
    // A document nothing was read from lists nothing: its review says so instead.
    expect(unreadRows('Free androgen index\t44.3\t%\t35 - 92.6', parseLabReport('Free androgen index\t44.3\t%\t35 - 92.6'))).toEqual([]);
  });
});
