// /my_results' summary and matrix (lib/labs/results-summary.ts): what is outside the lab's range,
// what is near an edge of it, and every marker by the day it was taken, in one unit a row.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { EXPLANATIONS, isUrgent, retestBy } from '@/lib/labs/explanations';
import { nearEdge, resultsMatrix, summariseResults } from '@/lib/labs/results-summary';
import type { ResultPanel, ResultValue } from '@/lib/labs/results';

const result = (value: number, unit: string, low: number | null, high: number | null, takenOn = '2026-03-04', comparator: string | null = null): ResultValue => ({
  value,
  comparator,
  unit,
  low,
  high,
  flag: null,
  takenOn,
  report: null,
  printed: null,
});

const panel = (markers: ResultPanel['markers']): ResultPanel[] => [{ key: 'all', title: 'All', markers }];
const history = (marker: ResultPanel['markers'][number]['marker'], label: string, values: ResultValue[]) => ({ marker, label, values, change: null });

describe('nearEdge: a result inside the range, in its outer tenth', () => {
  it('names the edge for a two-sided range, and nothing in the middle, outside, or for a bound', () => {
    expect(nearEdge(result(9.5, 'nmol/L', 8.6, 29))).toBe('Low'); // 8.6 + 2.04
    expect(nearEdge(result(27.5, 'nmol/L', 8.6, 29))).toBe('High');
    expect(nearEdge(result(18, 'nmol/L', 8.6, 29))).toBeNull();
    expect(nearEdge(result(30, 'nmol/L', 8.6, 29))).toBeNull(); // outside: flagged, not borderline
    expect(nearEdge(result(9, 'nmol/L', 8.6, 29, '2026-03-04', '<'))).toBeNull();
  });

  it('measures a one-sided range by a tenth of its limit', () => {
    expect(nearEdge(result(4.6, 'mmol/L', null, 5))).toBe('High');
    expect(nearEdge(result(4.4, 'mmol/L', null, 5))).toBeNull();
    expect(nearEdge(result(1.05, 'mmol/L', 1, null))).toBe('Low');
  });

  it('does not depend on the unit: the same result and range scaled alike keep their verdict (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), fc.constantFrom(10, 100, 1000), (value, low, width, factor) => {
        const plain = nearEdge(result(value, 'a', low, low + width));
        expect(nearEdge(result(value * factor, 'b', low * factor, (low + width) * factor))).toBe(plain);
      }),
    );
  });
});

describe('summariseResults', () => {
  it('counts the latest result of each marker: outside, near an edge, inside, or with no range', () => {
    const summary = summariseResults(
      panel([
        history('vitamin_d', 'Vitamin D', [result(27.4, 'ng/mL', 30, 100), result(41, 'ng/mL', 30, 100, '2025-10-01')]),
        history('haematocrit', 'Haematocrit', [result(0.55, 'L/L', 0.4, 0.54)]),
        history('total_testosterone', 'Total testosterone', [result(9.2, 'nmol/L', 8.6, 29)]),
        history('shbg', 'SHBG', [result(31, 'nmol/L', 18.3, 54.1)]),
        history('psa', 'PSA', [result(0.8, 'ug/L', null, null)]),
      ]),
    );
    expect(summary.total).toBe(5);
    expect(summary.outside.map((entry) => [entry.marker, entry.flag])).toEqual([
      ['vitamin_d', 'Low'],
      ['haematocrit', 'High'],
    ]);
    expect(summary.borderline.map((entry) => [entry.marker, entry.flag])).toEqual([['total_testosterone', 'Low']]);
    expect([summary.inRange, summary.noRange]).toEqual([1, 1]);
  });
});

describe('resultsMatrix', () => {
  it('lays each marker out by day, newest first, in one unit a row', () => {
    const matrix = resultsMatrix(
      panel([
        // Given in two units: the row is in the marker's own (ng/dL), 17.1 nmol/L shown as 493.2.
        history('total_testosterone', 'Total testosterone', [result(17.1, 'nmol/L', 8.6, 29, '2026-03-04'), result(398, 'ng/dL', 264, 916, '2025-10-01')]),
        history('vitamin_d', 'Vitamin D', [result(27.4, 'ng/mL', 30, 100, '2026-03-04')]),
      ]),
    );
    expect(matrix.dates).toEqual(['2026-03-04', '2025-10-01']);
    const [testosterone, vitaminD] = matrix.rows;
    expect(testosterone?.unit).toBe('ng/dL');
    expect(testosterone?.cells.map((cell) => cell?.shown)).toEqual([493.2, 398]);
    expect(vitaminD?.unit).toBe('ng/mL');
    expect(vitaminD?.cells.map((cell) => (cell ? [cell.shown, cell.flag] : null))).toEqual([[27.4, 'Low'], null]);
  });

  it('keeps at most the six newest days', () => {
    const days = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01'];
    const matrix = resultsMatrix(panel([history('shbg', 'SHBG', days.reverse().map((day) => result(30, 'nmol/L', 18.3, 54.1, day)))]));
    expect(matrix.dates).toEqual(['2026-07-01', '2026-06-01', '2026-05-01', '2026-04-01', '2026-03-01', '2026-02-01']);
    expect(matrix.tests).toBe(7);
  });
});

describe('what a flagged result can mean (lib/labs/explanations.ts)', () => {
  it('calls a haematocrit above 54 % urgent in either unit, and 52 % not', () => {
    expect(isUrgent('haematocrit', 0.55, 'L/L')).toBe(true);
    expect(isUrgent('haematocrit', 55, '%')).toBe(true);
    expect(isUrgent('haematocrit', 0.52, 'L/L')).toBe(false);
    expect(isUrgent('potassium', 6.4, 'mmol/L')).toBe(true);
    expect(isUrgent('potassium', 5.4, 'mmol/L')).toBe(false);
    // A marker with no urgent threshold, and a unit the catalogue cannot convert, are never urgent.
    expect(isUrgent('vitamin_d', 3, 'ng/mL')).toBe(false);
    expect(isUrgent('potassium', 6.4, 'furlongs')).toBe(false);
  });

  it('dates the retest from the day the sample was taken, at the interval’s later end', () => {
    expect(retestBy('vitamin_d', '2026-03-03')).toBe('2026-05-26');
    expect(retestBy('psa', '2026-12-30')).toBe('2027-02-24');
    expect(retestBy('uric_acid', '2026-03-03')).toBeNull();
  });

  it('names a source for every text, each an https address of MedlinePlus, the NHS or the guideline’s journal', () => {
    for (const explanation of Object.values(EXPLANATIONS)) {
      expect(explanation.sources.length).toBeGreaterThan(0);
      for (const source of explanation.sources) expect(source.url).toMatch(/^https:\/\/(medlineplus\.gov|www\.nhs\.uk|academic\.oup\.com)\//);
    }
  });
});
