// Metamorphic properties of the lab-report parser: changes a lab or a scanner makes to a report
// that must never change a value read from it. fast-check builds results tables of markers the reader
// knows, in several layouts; each property compares the reading of a table with the reading of the same
// table changed: an earlier-results column added, the table turned into a cumulative report, a paragraph
// of prose with numbers added, a value replaced by "Pending". The base reading need not be complete: what
// is checked is that the change adds no value and alters none.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseLabReport, type ParsedMarker } from '@/lib/labs/parse-report';

/** A row as a lab prints it: the name, the value, the unit and the range. */
type Row = { name: string; value: string; unit: string; range: string };

// Names, units and typical values as labs print them (one spelling each; other tests cover spellings).
const MARKERS: readonly { name: string; unit: string; values: [number, number]; decimals: number; range: string }[] = [
  { name: 'Testosterone', unit: 'nmol/L', values: [3, 40], decimals: 1, range: '8.6 - 29.0' },
  { name: 'SHBG', unit: 'nmol/L', values: [10, 90], decimals: 0, range: '18 - 54' },
  { name: 'Oestradiol', unit: 'pmol/L', values: [40, 250], decimals: 0, range: '< 156' },
  { name: 'LH', unit: 'IU/L', values: [0.5, 15], decimals: 1, range: '1.7 - 8.6' },
  { name: 'FSH', unit: 'IU/L', values: [0.5, 20], decimals: 1, range: '1.5 - 12.4' },
  { name: 'Prolactin', unit: 'mIU/L', values: [60, 500], decimals: 0, range: '86 - 324' },
  { name: 'PSA', unit: 'ug/L', values: [0.2, 6], decimals: 2, range: '< 4.0' },
  { name: 'Haematocrit', unit: 'L/L', values: [0.38, 0.56], decimals: 2, range: '0.40 - 0.52' },
  { name: 'Total cholesterol', unit: 'mmol/L', values: [3, 8], decimals: 1, range: '< 5.0' },
  { name: 'Triglycerides', unit: 'mmol/L', values: [0.5, 4], decimals: 1, range: '< 1.7' },
  { name: 'HbA1c', unit: 'mmol/mol', values: [30, 60], decimals: 0, range: '20 - 41' },
  { name: 'TSH', unit: 'mU/L', values: [0.3, 6], decimals: 2, range: '0.27 - 4.20' },
  // The full panel: a unit with digits in it (10^9/L), a name shared by the percentage and the
  // count (the unit tells them apart), units in g/L and µmol/L.
  { name: 'Sodium', unit: 'mmol/L', values: [128, 150], decimals: 0, range: '133 - 146' },
  { name: 'Creatinine', unit: 'umol/L', values: [50, 160], decimals: 0, range: '59 - 104' },
  { name: 'Haemoglobin', unit: 'g/L', values: [110, 185], decimals: 0, range: '130 - 170' },
  { name: 'White cell count', unit: '10^9/L', values: [2.5, 15], decimals: 1, range: '4.0 - 11.0' },
  { name: 'Neutrophils', unit: '%', values: [30, 85], decimals: 1, range: '40 - 75' },
  { name: 'Ferritin', unit: 'ug/L', values: [15, 600], decimals: 0, range: '30 - 400' },
  { name: 'Albumin', unit: 'g/L', values: [30, 52], decimals: 0, range: '35 - 50' },
  { name: 'ALT', unit: 'U/L', values: [8, 90], decimals: 0, range: '0 - 50' },
  // Fewer than the white cells at their fewest (2.5): a count above the white cells is left out as misread.
  { name: 'Lymphocytes', unit: 'x10^9/L', values: [0.8, 2.4], decimals: 2, range: '1.0 - 4.0' },
  { name: 'eGFR', unit: 'mL/min/1.73m2', values: [45, 120], decimals: 0, range: '> 60' },
];

const value = (marker: (typeof MARKERS)[number]) => fc.double({ min: marker.values[0], max: marker.values[1], noNaN: true }).map((v) => v.toFixed(marker.decimals));

/** Three to ten distinct markers, each with a value and an earlier one. */
const tableArb = fc
  .shuffledSubarray([...MARKERS], { minLength: 3, maxLength: 10 })
  .chain((markers) => fc.tuple(...markers.map((marker) => fc.tuple(value(marker), value(marker), value(marker)).map(([now, before, older]) => ({ row: { name: marker.name, value: now, unit: marker.unit, range: marker.range }, earlier: [before, older] })))));

const HEAD = ['Northfield Pathology', 'Patient: Example PATIENT\tDOB: 14/07/1979', 'Collected: 04/03/2026'];
const plain = (rows: readonly Row[]) => [...HEAD, 'Test\tResult\tUnits\tReference range', ...rows.map((r) => [r.name, r.value, r.unit, r.range].join('\t'))].join('\n');

/** What the reading says of each marker: its value, comparator, unit and range (not the source line). */
const reading = (text: string) =>
  Object.fromEntries(parseLabReport(text).markers.map((m: ParsedMarker) => [m.marker, [m.value, m.comparator, m.unit, m.referenceLow, m.referenceHigh]]));

describe('lab-report parser: metamorphic properties', () => {
  it('an earlier-results column beside the result changes no value', () => {
    fc.assert(
      fc.property(tableArb, (table) => {
        const rows = table.map((t) => t.row);
        const withPrevious = [...HEAD, 'Test\tResult\tPrevious (12/01/2025)\tUnits\tReference range', ...table.map((t) => [t.row.name, t.row.value, t.earlier[0], t.row.unit, t.row.range].join('\t'))].join('\n');
        expect(reading(withPrevious)).toEqual(reading(plain(rows)));
      }),
    );
  });

  it('turning the report into a cumulative one (the newest column anywhere) changes no value, and dates it by its column', () => {
    fc.assert(
      fc.property(tableArb, fc.integer({ min: 0, max: 2 }), (table, newestAt) => {
        const dates = ['12/06/2025', '03/11/2025'];
        dates.splice(newestAt, 0, '04/03/2026');
        const cells = (t: (typeof table)[number]) => {
          const values = [...t.earlier].reverse();
          values.splice(newestAt, 0, t.row.value);
          return values;
        };
        const cumulative = [...HEAD.slice(0, 2), ['Test', ...dates, 'Units', 'Reference range'].join('\t'), ...table.map((t) => [t.row.name, ...cells(t), t.row.unit, t.row.range].join('\t'))].join('\n');
        const report = parseLabReport(cumulative);
        expect(report.collectedOn).toBe('2026-03-04');
        expect(reading(cumulative)).toEqual(reading(plain(table.map((t) => t.row))));
      }),
    );
  });

  it('a paragraph of prose with numbers, before or after the table, changes no value', () => {
    const prose = [
      'Comment: a testosterone below 8 nmol/L on two morning samples suggests deficiency; PSA above 3.0 ug/L should be repeated in 6 weeks.',
      'Interpretation: HbA1c 42 to 47 mmol/mol indicates a raised risk of diabetes, and 48 mmol/mol or more is diagnostic when confirmed.',
      'Haematocrit above 0.54 L/L on testosterone therapy: pause treatment and refer.',
    ];
    fc.assert(
      fc.property(tableArb, fc.constantFrom(...prose), fc.boolean(), (table, paragraph, before) => {
        const text = plain(table.map((t) => t.row));
        const lines = text.split('\n');
        const changed = before ? [...lines.slice(0, 3), paragraph, ...lines.slice(3)].join('\n') : `${text}\n${paragraph}`;
        expect(reading(changed)).toEqual(reading(text));
      }),
    );
  });

  it('a value replaced by "Pending" (or another word for no result) gives nothing for it and changes no other value', () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), fc.constantFrom('Pending', 'To follow', 'Haemolysed', 'QNS', 'Cancelled'), fc.boolean(), (table, pick, word, previous) => {
        const at = pick % table.length;
        const build = (replace: boolean) =>
          [...HEAD, `Test\tResult\t${previous ? 'Previous\t' : ''}Units\tReference range`, ...table.map((t, i) => [t.row.name, replace && i === at ? word : t.row.value, ...(previous ? [t.earlier[0]] : []), t.row.unit, t.row.range].join('\t'))].join('\n');
        const before = reading(build(false));
        const after = reading(build(true));
        // The replaced row's marker, as the reader names it.
        const replaced = parseLabReport(plain([table[at]!.row])).markers[0]?.marker;
        expect(replaced).toBeDefined();
        expect(Object.keys(after)).not.toContain(replaced);
        expect(after).toEqual(Object.fromEntries(Object.entries(before).filter(([marker]) => marker !== replaced)));
      }),
    );
  });
});
