// A results table read by its geometry (lib/labs/table-columns.ts through lib/labs/layout.ts):
// words placed on a page as a PDF's text layer or OCR gives them, a header naming the columns, and rows
// under it. Metamorphic properties (fast-check): what a lab adds or moves on its page — a site code's
// column, an earlier result's column with its own flag, the columns in another order, another font size,
// the page moved — changes no value read, or leaves it out; it never makes another value.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { layoutText, type PlacedText } from '@/lib/labs/layout';
import { parseLabReport } from '@/lib/labs/parse-report';

type Column = 'name' | 'site' | 'result' | 'flag' | 'previous' | 'unit' | 'range';
type Row = { name: string; site: string; result: string; flag: string; previous: string; unit: string; range: string };

const HEADERS: Record<Column, string> = { name: 'Tests', site: 'Lab', result: 'Result', flag: 'Flag', previous: 'Previous', unit: 'Units', range: 'Reference Interval' };

/** Markers as a US lab prints them, each with a value range around its reference interval. */
const MARKERS = [
  { name: 'Testosterone, Serum', unit: 'ng/dL', low: 264, high: 916, values: [120, 1400], decimals: 0 },
  { name: 'Prolactin', unit: 'ng/mL', low: 4, high: 15.2, values: [2, 30], decimals: 1 },
  { name: 'LH', unit: 'mIU/mL', low: 1.7, high: 8.6, values: [0.5, 15], decimals: 1 },
  { name: 'FSH', unit: 'mIU/mL', low: 1.5, high: 12.4, values: [0.5, 20], decimals: 1 },
  { name: 'Hematocrit', unit: '%', low: 37.5, high: 51, values: [33, 58], decimals: 1 },
  { name: 'Hemoglobin', unit: 'g/dL', low: 13, high: 17.7, values: [11, 19], decimals: 1 },
  { name: 'PSA', unit: 'ng/mL', low: 0, high: 4, values: [0.1, 8], decimals: 2 },
  { name: 'Ferritin', unit: 'ng/mL', low: 30, high: 400, values: [10, 700], decimals: 0 },
  { name: 'Glucose', unit: 'mg/dL', low: 70, high: 99, values: [60, 160], decimals: 0 },
  { name: 'Triglycerides', unit: 'mg/dL', low: 0, high: 149, values: [40, 400], decimals: 0 },
] as const;

const flagOf = (value: number, low: number, high: number) => (value > high ? 'H' : value < low ? 'L' : '');

const rowsArb = fc.shuffledSubarray([...MARKERS], { minLength: 3, maxLength: 8 }).chain((markers) =>
  fc.tuple(
    ...markers.map((m) =>
      fc.tuple(fc.double({ min: m.values[0], max: m.values[1], noNaN: true }), fc.double({ min: m.values[0], max: m.values[1], noNaN: true }), fc.constantFrom('01', '02', '1', '12', 'EN', 'Z4M')).map(([now, before, site]): Row => {
        const result = Number(now.toFixed(m.decimals));
        const previous = Number(before.toFixed(m.decimals));
        const previousFlag = flagOf(previous, m.low, m.high);
        return {
          name: m.name,
          site,
          result: String(result),
          flag: flagOf(result, m.low, m.high),
          previous: `${previous}${previousFlag ? ` ${previousFlag}` : ''}`,
          unit: m.unit,
          range: `${m.low}-${m.high}`,
        };
      }),
    ),
  ),
);

/** Characters' width as a share of the font size: a proportional font's average. */
const CHAR = 0.5;

/**
 * The page's words: the header, then each row, each column at its own x; numbers left- or right-aligned
 * in their column. `size` is the font size, `left` and `top` where the table starts.
 */
function page(rows: readonly Row[], columns: readonly Column[], { size = 9, left = 40, top = 120, rightAligned = false } = {}): PlacedText[] {
  const widths = columns.map((column) => Math.max(HEADERS[column].length, ...rows.map((row) => row[column].length)) * CHAR * size + 3 * size);
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((a, b) => a + b, 0));
  const words: PlacedText[] = [];
  const place = (text: string, column: number, y: number) => {
    if (!text) return;
    const width = text.length * CHAR * size;
    const x = rightAligned && columns[column] !== 'name' ? xs[column]! + widths[column]! - 3 * size - width : xs[column]!;
    // Each word of a cell as its own item, as PDF text layers and OCR give them.
    let at = x;
    for (const word of text.split(' ')) {
      words.push({ text: word, x: at, y, width: word.length * CHAR * size, height: size });
      at += (word.length + 1) * CHAR * size;
    }
  };
  columns.forEach((column, index) => place(HEADERS[column], index, top));
  rows.forEach((row, r) => columns.forEach((column, index) => place(row[column], index, top + (r + 1) * size * 1.8)));
  return [{ text: 'Collected: 05/11/2026', x: left, y: top - 4 * size, width: 21 * CHAR * size, height: size }, ...words];
}

/** What a page gives for each marker: value, comparator, unit and range. */
const reading = (items: readonly PlacedText[]) =>
  Object.fromEntries(parseLabReport(layoutText([items])).markers.map((m) => [m.marker, [m.value, m.comparator, m.unit, m.referenceLow, m.referenceHigh]]));

const BASE: readonly Column[] = ['name', 'result', 'flag', 'unit', 'range'];

describe('a results table read by its columns', () => {
  it('reads each row of a plain table, and nothing from a site code', () => {
    const rows: Row[] = [
      { name: 'Testosterone, Serum', site: '02', result: '612', flag: '', previous: '398 L', unit: 'ng/dL', range: '264-916' },
      { name: 'Prolactin', site: '02', result: '9.8', flag: '', previous: '11.2', unit: 'ng/mL', range: '4.0-15.2' },
    ];
    const expected = { total_testosterone: [612, null, 'ng/dL', 264, 916], prolactin: [9.8, null, 'ng/mL', 4, 15.2] };
    expect(reading(page(rows, BASE))).toEqual(expected);
    expect(reading(page(rows, ['name', 'site', 'result', 'flag', 'unit', 'range']))).toEqual(expected);
    expect(reading(page(rows, ['name', 'result', 'flag', 'previous', 'unit', 'range', 'site']))).toEqual(expected);
  });

  it('a site-code column, anywhere, changes no value', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 1, max: 5 }), (rows, at) => {
        const columns = [...BASE];
        columns.splice(at, 0, 'site');
        expect(reading(page(rows, columns))).toEqual(reading(page(rows, BASE)));
      }),
      { numRuns: 60 },
    );
  });

  it('an earlier result’s column with its own flags changes no value', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 1, max: 5 }), (rows, at) => {
        const columns = [...BASE];
        columns.splice(at, 0, 'previous');
        expect(reading(page(rows, columns))).toEqual(reading(page(rows, BASE)));
      }),
      { numRuns: 60 },
    );
  });

  it('the columns after the name in any order, right-aligned numbers, another font size or place change no value', () => {
    const orders = fc.shuffledSubarray(['result', 'flag', 'unit', 'range'] as Column[], { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(rowsArb, orders, fc.integer({ min: 7, max: 14 }), fc.integer({ min: 20, max: 90 }), fc.boolean(), (rows, order, size, left, rightAligned) => {
        const base = reading(page(rows, BASE));
        expect(reading(page(rows, ['name', ...order], { size, left, rightAligned }))).toEqual(base);
      }),
      { numRuns: 80 },
    );
  });

  it('a result column lost whole (its header and figures unread in a photo) never lets the earlier column stand in', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 1, max: 4 }), (rows, at) => {
        const columns: Column[] = ['name', 'flag', 'unit', 'range'];
        columns.splice(at, 0, 'previous');
        expect(reading(page(rows, columns))).toEqual({});
      }),
      { numRuns: 60 },
    );
  });

  it('the base reading is whole: every row’s value, unit and range', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        expect(Object.keys(reading(page(rows, ['name', 'site', 'result', 'flag', 'previous', 'unit', 'range'])))).toHaveLength(rows.length);
      }),
      { numRuns: 40 },
    );
  });

  it('a comment across the table and a title are left as printed, and end no row', () => {
    const rows: Row[] = [{ name: 'Testosterone, Serum', site: '02', result: '612', flag: '', previous: '', unit: 'ng/dL', range: '264-916' }];
    const items = page(rows, ['name', 'site', 'result', 'flag', 'unit', 'range']);
    let x = 40;
    const comment: PlacedText[] = 'Please note: the reference interval changed on 01/02/2026 for all adult males.'.split(' ').map((text) => {
      const word = { text, x, y: 300, width: text.length * 4.5, height: 9 };
      x += (text.length + 1) * 4.5;
      return word;
    });
    expect(layoutText([[...items, ...comment]]).split('\n').at(-1)).toBe('Please note: the reference interval changed on 01/02/2026 for all adult males.');
    expect(reading([...items, ...comment])).toEqual({ total_testosterone: [612, null, 'ng/dL', 264, 916] });
  });
});
