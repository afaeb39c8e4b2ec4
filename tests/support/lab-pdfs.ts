import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LabMarkerKey } from '@/lib/labs/markers';

// Lab reports built in code, each laid out like a kind of report people upload: text drawn at x/y
// positions as a report generator would, so that PDF text extraction (lib/labs/report-text.ts) meets
// the same line and cell breaks as in a real file. LAB_REPORT_EXPECTED says what parseLabReport must
// find in each, in the order the report prints them: written out by hand, not derived from the drawing
// code, so a slip in either shows.
//
//   uk-table    NHS-style: Test | Result | Units | Reference range columns, SI units, H/L flags,
//               "Sample collected: 03/03/2026 08:15" (day first), and a row the parser must pass over
//               (Cholesterol/HDL ratio) beside Haemoglobin, Sodium and Non-HDL cholesterol (all three read, as markers of the full panel).
//   us-columns  Quest-style: upper-case names, Test Name | In Range | Out Of Range | Reference Range | Lab,
//               the value in one of two columns, the unit printed in the reference column
//               ("250-1100 ng/dL"), "< OR = 4.0", Courier, "Date Collected: 04/15/2026" (month first).
//               PSA, FREE and Chol/HDLC Ratio must be passed over; Non HDL Cholesterol is read.
//   eu-list     German/Dutch-style list over two pages in Times: dot leaders, decimal commas, ranges in
//               (…) or […], "Ref: 50 to 125", a few names on a line of their own with the value below,
//               "Date of collection: 2026-05-20".

export type LabReportLayout = 'uk-table' | 'us-columns' | 'eu-list';

export type ExpectedMarker = {
  marker: LabMarkerKey;
  value: number;
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
};

export const LAB_REPORT_EXPECTED: Readonly<Record<LabReportLayout, { collectedOn: string; markers: readonly ExpectedMarker[] }>> = {
  'uk-table': {
    collectedOn: '2026-03-03',
    markers: [
      { marker: 'total_testosterone', value: 14.2, unit: 'nmol/L', referenceLow: 8.6, referenceHigh: 29.0 },
      { marker: 'free_testosterone', value: 265, unit: 'pmol/L', referenceLow: 200, referenceHigh: 620 },
      { marker: 'shbg', value: 38, unit: 'nmol/L', referenceLow: 18, referenceHigh: 54 },
      { marker: 'oestradiol', value: 96, unit: 'pmol/L', referenceLow: 41, referenceHigh: 159 },
      { marker: 'lh', value: 4.1, unit: 'IU/L', referenceLow: 1.7, referenceHigh: 8.6 },
      { marker: 'fsh', value: 5.3, unit: 'IU/L', referenceLow: 1.5, referenceHigh: 12.4 },
      { marker: 'prolactin', value: 212, unit: 'mIU/L', referenceLow: 86, referenceHigh: 324 },
      { marker: 'psa', value: 0.62, unit: 'µg/L', referenceLow: null, referenceHigh: 2.5 },
      { marker: 'haemoglobin', value: 152, unit: 'g/L', referenceLow: 130, referenceHigh: 170 },
      { marker: 'haematocrit', value: 0.52, unit: 'L/L', referenceLow: 0.4, referenceHigh: 0.5 },
      { marker: 'sodium', value: 139, unit: 'mmol/L', referenceLow: 133, referenceHigh: 146 },
      { marker: 'hba1c', value: 38, unit: 'mmol/mol', referenceLow: 20, referenceHigh: 41 },
      { marker: 'vitamin_d', value: 42, unit: 'nmol/L', referenceLow: 50, referenceHigh: null },
      { marker: 'total_cholesterol', value: 5.2, unit: 'mmol/L', referenceLow: null, referenceHigh: 5.0 },
      { marker: 'non_hdl_cholesterol', value: 3.9, unit: 'mmol/L', referenceLow: null, referenceHigh: 4.0 },
      { marker: 'hdl_cholesterol', value: 1.3, unit: 'mmol/L', referenceLow: 1.0, referenceHigh: null },
      { marker: 'ldl_cholesterol', value: 3.1, unit: 'mmol/L', referenceLow: null, referenceHigh: 3.0 },
      { marker: 'triglycerides', value: 1.45, unit: 'mmol/L', referenceLow: null, referenceHigh: 1.7 },
      { marker: 'tsh', value: 1.85, unit: 'mIU/L', referenceLow: 0.27, referenceHigh: 4.2 },
    ],
  },
  'us-columns': {
    collectedOn: '2026-04-15',
    markers: [
      { marker: 'total_testosterone', value: 612, unit: 'ng/dL', referenceLow: 250, referenceHigh: 1100 },
      { marker: 'free_testosterone', value: 41.2, unit: 'pg/mL', referenceLow: 46, referenceHigh: 224 },
      { marker: 'shbg', value: 36, unit: 'nmol/L', referenceLow: 10, referenceHigh: 50 },
      { marker: 'oestradiol', value: 24, unit: 'pg/mL', referenceLow: null, referenceHigh: 39 },
      { marker: 'lh', value: 4.6, unit: 'mIU/mL', referenceLow: 1.5, referenceHigh: 9.3 },
      { marker: 'fsh', value: 5.9, unit: 'mIU/mL', referenceLow: 1.6, referenceHigh: 8 },
      { marker: 'prolactin', value: 9.4, unit: 'ng/mL', referenceLow: 2, referenceHigh: 18 },
      { marker: 'psa', value: 0.9, unit: 'ng/mL', referenceLow: null, referenceHigh: 4 },
      { marker: 'haematocrit', value: 51.2, unit: '%', referenceLow: 38.5, referenceHigh: 50 },
      { marker: 'vitamin_d', value: 24, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100 },
      { marker: 'hba1c', value: 5.4, unit: '%', referenceLow: null, referenceHigh: 5.7 },
      { marker: 'total_cholesterol', value: 186, unit: 'mg/dL', referenceLow: null, referenceHigh: 200 },
      { marker: 'hdl_cholesterol', value: 48, unit: 'mg/dL', referenceLow: 40, referenceHigh: null },
      { marker: 'triglycerides', value: 162, unit: 'mg/dL', referenceLow: null, referenceHigh: 150 },
      // Quest prints no range on the LDL row, only "(calc)" and a comment underneath.
      { marker: 'ldl_cholesterol', value: 108, unit: 'mg/dL', referenceLow: null, referenceHigh: null },
      { marker: 'non_hdl_cholesterol', value: 138, unit: 'mg/dL', referenceLow: null, referenceHigh: 130 },
      { marker: 'tsh', value: 1.92, unit: 'mIU/L', referenceLow: 0.4, referenceHigh: 4.5 },
    ],
  },
  'eu-list': {
    collectedOn: '2026-05-20',
    markers: [
      { marker: 'total_testosterone', value: 5.12, unit: 'ng/mL', referenceLow: 2.49, referenceHigh: 8.36 },
      { marker: 'free_testosterone', value: 98.6, unit: 'pg/mL', referenceLow: 46, referenceHigh: 224 },
      { marker: 'shbg', value: 41.3, unit: 'nmol/L', referenceLow: 18.3, referenceHigh: 54.1 },
      { marker: 'oestradiol', value: 29.4, unit: 'pg/mL', referenceLow: 11.3, referenceHigh: 43.2 },
      { marker: 'lh', value: 3.9, unit: 'mIU/mL', referenceLow: 1.7, referenceHigh: 8.6 },
      { marker: 'fsh', value: 4.2, unit: 'mIU/mL', referenceLow: 1.5, referenceHigh: 12.4 },
      { marker: 'prolactin', value: 11.2, unit: 'µg/L', referenceLow: 4, referenceHigh: 15.2 },
      { marker: 'psa', value: 1.08, unit: 'ng/mL', referenceLow: null, referenceHigh: 4 },
      { marker: 'tsh', value: 2.14, unit: 'mU/L', referenceLow: 0.27, referenceHigh: 4.2 },
      { marker: 'haematocrit', value: 0.45, unit: 'L/L', referenceLow: 0.4, referenceHigh: 0.52 },
      { marker: 'creatinine', value: 0.94, unit: 'mg/dL', referenceLow: 0.7, referenceHigh: 1.2 },
      { marker: 'vitamin_d', value: 61.5, unit: 'nmol/L', referenceLow: 50, referenceHigh: 125 },
      { marker: 'hba1c', value: 5.4, unit: '%', referenceLow: 4, referenceHigh: 6 },
      { marker: 'total_cholesterol', value: 212, unit: 'mg/dL', referenceLow: null, referenceHigh: 200 },
      { marker: 'ldl_cholesterol', value: 128, unit: 'mg/dL', referenceLow: null, referenceHigh: 130 },
      { marker: 'hdl_cholesterol', value: 58, unit: 'mg/dL', referenceLow: 40, referenceHigh: null },
      { marker: 'non_hdl_cholesterol', value: 154, unit: 'mg/dL', referenceLow: null, referenceHigh: 160 },
      { marker: 'triglycerides', value: 97, unit: 'mg/dL', referenceLow: null, referenceHigh: 150 },
    ],
  },
};

// ─── Drawing ────────────────────────────────────────────────────────────────────────────────────────

const A4: [number, number] = [595.28, 841.89];
const LETTER: [number, number] = [612, 792];
const GREY = rgb(0.45, 0.45, 0.45);

type Fonts = { regular: PDFFont; bold: PDFFont };
/** `dy`: points below the row's baseline; `shaded`: on a grey box, as labs mark a result out of range. */
type Cell = { text: string; x: number; font?: 'regular' | 'bold'; size?: number; align?: 'left' | 'right'; dy?: number; shaded?: boolean };

/** A page that writes rows top-down from `top`, each `cells` at their x on one baseline. */
function writer(page: PDFPage, fonts: Fonts, top: number, lineHeight: number) {
  let y = top;
  return {
    row(cells: readonly Cell[], gap = lineHeight) {
      for (const cell of cells) {
        const font = fonts[cell.font ?? 'regular'];
        const size = cell.size ?? 9;
        const width = font.widthOfTextAtSize(cell.text, size);
        const x = cell.align === 'right' ? cell.x - width : cell.x;
        const baseline = y - (cell.dy ?? 0);
        if (cell.shaded) page.drawRectangle({ x: x - 4, y: baseline - 4, width: width + 8, height: size + 6, color: rgb(0.88, 0.88, 0.88) });
        page.drawText(cell.text, { x, y: baseline, size, font });
      }
      y -= gap;
    },
    rule() {
      page.drawLine({ start: { x: 40, y: y + lineHeight - 3 }, end: { x: page.getWidth() - 40, y: y + lineHeight - 3 }, thickness: 0.5, color: GREY });
    },
    skip(points: number) {
      y -= points;
    },
  };
}

async function newDocument(title: string, regular: StandardFonts, bold: StandardFonts) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('tests/support/lab-pdfs.ts');
  // Fixed dates, so that two builds of one layout are the same bytes.
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const fonts: Fonts = { regular: await doc.embedFont(regular), bold: await doc.embedFont(bold) };
  return { doc, fonts };
}

// ─── uk-table ───────────────────────────────────────────────────────────────────────────────────────

const UK_COLUMNS = { test: 50, result: 235, units: 300, range: 375 };
type UkRow = readonly [test: string, result: string, units: string, range: string];

const UK_SECTIONS: ReadonlyArray<readonly [string, readonly UkRow[]]> = [
  [
    'Endocrinology',
    [
      ['Testosterone', '14.2', 'nmol/L', '8.6 - 29.0'],
      ['Free testosterone (calculated)', '265', 'pmol/L', '200 - 620'],
      ['SHBG', '38', 'nmol/L', '18 - 54'],
      ['Oestradiol', '96', 'pmol/L', '41 - 159'],
      ['LH', '4.1', 'IU/L', '1.7 - 8.6'],
      ['FSH', '5.3', 'IU/L', '1.5 - 12.4'],
      ['Prolactin', '212', 'mIU/L', '86 - 324'],
      ['PSA', '0.62', 'µg/L', '< 2.5'],
    ],
  ],
  [
    'Haematology',
    [
      ['Haemoglobin', '152', 'g/L', '130 - 170'],
      ['Haematocrit', '0.52 H', 'L/L', '0.40 - 0.50'],
    ],
  ],
  [
    'Clinical biochemistry',
    [
      ['Sodium', '139', 'mmol/L', '133 - 146'],
      ['HbA1c (IFCC)', '38', 'mmol/mol', '20 - 41'],
      ['Vitamin D (25-OH)', '42 L', 'nmol/L', '> 50'],
      ['Total cholesterol', '5.2 H', 'mmol/L', '< 5.0'],
      ['Non-HDL cholesterol', '3.9', 'mmol/L', '< 4.0'],
      ['HDL cholesterol', '1.30', 'mmol/L', '> 1.00'],
      ['LDL cholesterol', '3.1 *', 'mmol/L', '< 3.0'],
      ['Cholesterol/HDL ratio', '4.0', '', '< 5.0'],
      ['Triglycerides', '1.45', 'mmol/L', '< 1.70'],
      ['TSH', '1.85', 'mIU/L', '0.27 - 4.20'],
    ],
  ],
];

async function ukTable(): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument('Blood results', StandardFonts.Helvetica, StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const w = writer(page, fonts, 790, 14);
  w.row([{ text: 'Riverside Pathology Laboratory', x: 50, font: 'bold', size: 14 }], 18);
  w.row([{ text: 'Riverside Hospital NHS Trust, Blood Sciences, Tel 01632 960 123', x: 50, size: 8 }], 22);
  w.row([
    { text: 'Patient: John EXAMPLE', x: 50 },
    { text: 'DOB: 14/07/1979', x: 235 },
    { text: 'NHS No: 943 476 5919', x: 375 },
  ]);
  w.row([
    { text: 'Sample collected: 03/03/2026 08:15', x: 50 },
    { text: 'Received: 03/03/2026 11:02', x: 235 },
    { text: 'Reported: 04/03/2026', x: 375 },
  ]);
  w.row([{ text: 'Requested by: Dr A Patel, Riverside Surgery', x: 50 }], 26);
  w.row([
    { text: 'Test', x: UK_COLUMNS.test, font: 'bold' },
    { text: 'Result', x: UK_COLUMNS.result, font: 'bold' },
    { text: 'Units', x: UK_COLUMNS.units, font: 'bold' },
    { text: 'Reference range', x: UK_COLUMNS.range, font: 'bold' },
  ]);
  w.rule();
  for (const [section, rows] of UK_SECTIONS) {
    w.skip(4);
    w.row([{ text: section, x: UK_COLUMNS.test, font: 'bold', size: 10 }]);
    for (const [test, result, units, range] of rows) {
      w.row(
        [
          { text: test, x: UK_COLUMNS.test },
          { text: result, x: UK_COLUMNS.result },
          { text: units, x: UK_COLUMNS.units },
          { text: range, x: UK_COLUMNS.range },
        ].filter((cell) => cell.text !== ''),
      );
    }
  }
  w.skip(10);
  w.row([{ text: 'Comments', x: 50, font: 'bold' }]);
  w.row([{ text: 'PSA: age-specific reference range applied (50-59 years).', x: 50 }]);
  w.row([{ text: 'Testosterone: morning sample; repeat if below 12 nmol/L with symptoms.', x: 50 }]);
  w.row([{ text: 'Authorised by Dr S Jones, Consultant Chemical Pathologist, 04/03/2026', x: 50, size: 8 }]);
  return doc.save();
}

// ─── us-columns ─────────────────────────────────────────────────────────────────────────────────────

const US_COLUMNS = { name: 36, inRange: 290, outOfRange: 360, reference: 380, lab: 560 };
/** Test name, in-range value, out-of-range value (with its flag), reference range with unit, lab code. */
type UsRow = readonly [name: string, inRange: string, outOfRange: string, reference: string, lab: string];

const US_ROWS: readonly UsRow[] = [
  // A panel heading that starts like a marker's name and has no value: passed over.
  ['TESTOSTERONE, FREE (DIALYSIS) AND TOTAL (MS)', '', '', '', ''],
  ['  TESTOSTERONE, TOTAL, MS', '612', '', '250-1100 ng/dL', 'EN'],
  ['  FREE TESTOSTERONE', '', '41.2 L', '46.0-224.0 pg/mL', 'EN'],
  ['SEX HORMONE BINDING GLOBULIN', '36', '', '10-50 nmol/L', 'EN'],
  ['ESTRADIOL', '24', '', '< OR = 39 pg/mL', 'EN'],
  ['LH', '4.6', '', '1.5-9.3 mIU/mL', 'EN'],
  ['FSH', '5.9', '', '1.6-8.0 mIU/mL', 'EN'],
  ['PROLACTIN', '9.4', '', '2.0-18.0 ng/mL', 'EN'],
  ['PSA, TOTAL', '0.9', '', '< OR = 4.0 ng/mL', 'EN'],
  ['PSA, FREE', '0.3', '', 'ng/mL', 'EN'],
  ['HEMATOCRIT', '', '51.2 H', '38.5-50.0 %', 'EN'],
  ['VITAMIN D,25-OH,TOTAL,IA', '', '24 L', '30-100 ng/mL', 'EN'],
  ['HEMOGLOBIN A1c', '5.4', '', '<5.7 % of total Hgb', 'EN'],
  ['LIPID PANEL', '', '', '', ''],
  ['  CHOLESTEROL, TOTAL', '186', '', '<200 mg/dL', 'EN'],
  ['  HDL CHOLESTEROL', '48', '', '> OR = 40 mg/dL', 'EN'],
  ['  TRIGLYCERIDES', '', '162 H', '<150 mg/dL', 'EN'],
  ['  LDL-CHOLESTEROL', '108', '', 'mg/dL (calc)', 'EN'],
  ['  CHOL/HDLC RATIO', '3.9', '', '<5.0 (calc)', 'EN'],
  ['  NON HDL CHOLESTEROL', '', '138 H', '<130 mg/dL (calc)', 'EN'],
  ['TSH', '1.92', '', '0.40-4.50 mIU/L', 'EN'],
];

async function usColumns(): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument('Lab Report', StandardFonts.Courier, StandardFonts.CourierBold);
  const page = doc.addPage(LETTER);
  const w = writer(page, fonts, 750, 12);
  w.row([{ text: 'MERIDIAN CLINICAL LABORATORIES', x: 36, font: 'bold', size: 13 }], 16);
  w.row([{ text: '1200 Harbor Blvd, Springfield, NJ 07081   CLIA: 31D0696246', x: 36, size: 7 }], 20);
  // Three blocks side by side, as the lab prints its header: their lines share baselines.
  w.row([
    { text: 'Patient Information', x: 36, font: 'bold', size: 8 },
    { text: 'Specimen Information', x: 230, font: 'bold', size: 8 },
    { text: 'Client Information', x: 430, font: 'bold', size: 8 },
  ]);
  w.row([
    { text: 'DOE, JOHN', x: 36, size: 8 },
    { text: 'Specimen: WX123456T', x: 230, size: 8 },
    { text: 'Client #: 97531', x: 430, size: 8 },
  ]);
  w.row([
    { text: 'DOB: 07/14/1979  AGE: 46', x: 36, size: 8 },
    { text: 'Date Collected: 04/15/2026 07:42 EDT', x: 230, size: 8 },
    { text: 'DR J SMITH MD', x: 430, size: 8 },
  ]);
  w.row([
    { text: 'Gender: M', x: 36, size: 8 },
    { text: 'Date Received: 04/15/2026', x: 230, size: 8 },
    { text: 'Fasting: Y', x: 430, size: 8 },
  ]);
  w.row([{ text: 'Date Reported: 04/17/2026', x: 230, size: 8 }], 22);
  w.row([
    { text: 'Test Name', x: US_COLUMNS.name, font: 'bold', size: 8 },
    { text: 'In Range', x: US_COLUMNS.inRange - 40, font: 'bold', size: 8 },
    { text: 'Out Of Range', x: US_COLUMNS.outOfRange - 50, font: 'bold', size: 8 },
    { text: 'Reference Range', x: US_COLUMNS.reference, font: 'bold', size: 8 },
    { text: 'Lab', x: US_COLUMNS.lab, font: 'bold', size: 8 },
  ]);
  w.rule();
  for (const [name, inRange, outOfRange, reference, lab] of US_ROWS) {
    const cells: Cell[] = [
      { text: name.trimStart(), x: US_COLUMNS.name + (name.length - name.trimStart().length) * 5, size: 8, font: name.startsWith(' ') ? 'regular' : 'bold' },
      // Values right-aligned in their column. A row with a result out of range is twice as tall, its
      // result bold on a grey box in the row's lower half: PDF.js then ends the line before and after
      // the result, and the row comes out as three lines, "FREE TESTOSTERONE" / "41.2 L" / "46.0-224.0 pg/mL EN".
      { text: inRange, x: US_COLUMNS.inRange, size: 8, align: 'right' },
      { text: outOfRange, x: US_COLUMNS.outOfRange, size: 8, align: 'right', font: 'bold', dy: 12, shaded: true },
      { text: reference, x: US_COLUMNS.reference, size: 8 },
      { text: lab, x: US_COLUMNS.lab, size: 8 },
    ];
    w.row(
      cells.filter((cell) => cell.text !== ''),
      outOfRange === '' ? 12 : 26,
    );
  }
  w.skip(6);
  w.row([{ text: 'Desirable range <100 mg/dL for primary prevention;', x: 60, size: 7 }]);
  w.row([{ text: '<70 mg/dL for patients with CHD or diabetic patients with > or = 2 CHD risk factors.', x: 60, size: 7 }]);
  w.row([{ text: 'LDL-C is now calculated using the Martin-Hopkins calculation.', x: 60, size: 7 }], 20);
  w.row([{ text: 'PERFORMING SITE: EN MERIDIAN CLINICAL LABORATORIES, SPRINGFIELD, NJ', x: 36, size: 7 }]);
  return doc.save();
}

// ─── eu-list ────────────────────────────────────────────────────────────────────────────────────────

/** A name with dot leaders and its result on one line, or (`split`) the name alone and the result below it. */
type EuEntry = { name: string; result: string; range: string; split?: boolean };

const EU_PAGES: ReadonlyArray<ReadonlyArray<string | EuEntry>> = [
  [
    'Hormones',
    { name: 'Testosterone (total)', result: '5,12 ng/mL', range: '(2,49 - 8,36)' },
    { name: 'Free testosterone', result: '98,6 pg/mL', range: '(46,0 - 224,0)' },
    { name: 'SHBG', result: '41,3 nmol/L', range: '(18,3 - 54,1)' },
    { name: 'Estradiol (E2)', result: '29,4 pg/mL', range: '(11,3 - 43,2)', split: true },
    { name: 'LH', result: '3,9 mIU/mL', range: '[1,7 - 8,6]' },
    { name: 'FSH', result: '4,2 mIU/mL', range: '[1,5 - 12,4]', split: true },
    { name: 'Prolactin', result: '11,2 µg/L', range: '(4,0 - 15,2)' },
    { name: 'PSA total', result: '1,08 ng/mL', range: '(< 4,0)' },
    { name: 'PSA free', result: '0,31 ng/mL', range: '' },
    { name: 'TSH basal', result: '2,14 mU/L', range: '(0,27 - 4,20)' },
  ],
  [
    'Haematology',
    { name: 'Haematocrit', result: '0,45 l/l', range: '(0,40 - 0,52)' },
    'Clinical chemistry',
    { name: 'Creatinine', result: '0,94 mg/dL', range: '(0,70 - 1,20)' },
    { name: '25-OH Vitamin D', result: '61,5 nmol/L', range: 'Ref: 50 to 125', split: true },
    { name: 'HbA1c', result: '5,4 %', range: '(4,0 - 6,0)' },
    { name: 'Cholesterol', result: '212 mg/dL', range: '(< 200) H' },
    { name: 'LDL-C', result: '128 mg/dL', range: '(< 130)' },
    { name: 'HDL-C', result: '58 mg/dL', range: '(> 40)' },
    { name: 'Non-HDL-C', result: '154 mg/dL', range: '(< 160)' },
    { name: 'Triglyceride', result: '97 mg/dL', range: '(< 150)' },
  ],
];

async function euList(): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument('Befund', StandardFonts.TimesRoman, StandardFonts.TimesRomanBold);
  const leaders = (name: string) => `${name} ${'.'.repeat(Math.max(4, 40 - name.length))}`;
  for (const [index, entries] of EU_PAGES.entries()) {
    const page = doc.addPage(A4);
    const w = writer(page, fonts, 780, 15);
    w.row([{ text: 'Labor Dr. Keller & Partner - Medizinisches Versorgungszentrum', x: 60, font: 'bold', size: 12 }], 18);
    w.row([
      { text: 'Patient: Jan de Vries, born 02.09.1981', x: 60, size: 10 },
      { text: `Page ${index + 1} of ${EU_PAGES.length}`, x: 460, size: 10 },
    ]);
    if (index === 0) {
      w.row([{ text: 'Date of collection: 2026-05-20 07:55', x: 60, size: 10 }]);
      w.row([{ text: 'Report date: 2026-05-21', x: 60, size: 10 }], 26);
    } else {
      w.skip(16);
    }
    for (const entry of entries) {
      if (typeof entry === 'string') {
        w.skip(6);
        w.row([{ text: entry, x: 60, font: 'bold', size: 11 }], 17);
      } else if (entry.split) {
        w.row([{ text: entry.name, x: 60, size: 10 }]);
        w.row(
          [
            { text: entry.result, x: 80, size: 10 },
            { text: entry.range, x: 360, size: 10 },
          ].filter((cell) => cell.text !== ''),
        );
      } else {
        w.row(
          [
            { text: leaders(entry.name), x: 60, size: 10 },
            { text: entry.result, x: 260, size: 10 },
            { text: entry.range, x: 360, size: 10 },
          ].filter((cell) => cell.text !== ''),
        );
      }
    }
    if (index === EU_PAGES.length - 1) {
      w.skip(12);
      w.row([{ text: 'Validated by Dr. med. P. Keller, 21.05.2026', x: 60, size: 9 }]);
    }
  }
  return doc.save();
}

// ─── Entry points ───────────────────────────────────────────────────────────────────────────────────

/** A lab report in one of three layouts; LAB_REPORT_EXPECTED[layout] is what it holds. */
export function labReportPdf(layout: LabReportLayout): Promise<Uint8Array> {
  const build: Record<LabReportLayout, () => Promise<Uint8Array>> = { 'uk-table': ukTable, 'us-columns': usColumns, 'eu-list': euList };
  return build[layout]();
}

/** A clinic letter: text, a date, prose that names markers, but no results. */
export async function unrecognisablePdf(): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument('Letter', StandardFonts.Helvetica, StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const w = writer(page, fonts, 780, 15);
  w.row([{ text: 'Riverside Men\'s Health Clinic', x: 60, font: 'bold', size: 13 }], 30);
  w.row([{ text: 'Date: 14 March 2026', x: 60, size: 10 }], 24);
  w.row([{ text: 'Dear Mr Example,', x: 60, size: 10 }], 20);
  for (const sentence of [
    'Thank you for coming to the clinic. We talked about tiredness, sleep and low mood.',
    'Testosterone replacement was discussed; we will review your symptoms in 3 months.',
    'PSA testing is offered to men over 50 after a talk about its benefits and harms.',
    'Please book a fasting blood test at the surgery before your next appointment.',
  ]) {
    w.row([{ text: sentence, x: 60, size: 10 }]);
  }
  w.skip(20);
  w.row([{ text: 'Yours sincerely,', x: 60, size: 10 }], 30);
  w.row([{ text: 'Dr A Patel', x: 60, size: 10 }]);
  return doc.save();
}

/** A scan as a PDF without a text layer: only drawn shapes. */
export async function imageOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  page.drawRectangle({ x: 40, y: 700, width: 515, height: 100, color: rgb(0.9, 0.9, 0.95) });
  for (let row = 0; row < 12; row += 1) {
    page.drawRectangle({ x: 50, y: 650 - row * 20, width: 180, height: 8, color: GREY });
    page.drawRectangle({ x: 260, y: 650 - row * 20, width: 40, height: 8, color: GREY });
    page.drawRectangle({ x: 330, y: 650 - row * 20, width: 90, height: 8, color: GREY });
  }
  return doc.save();
}
