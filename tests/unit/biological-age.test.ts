// Which results a biological age is made from (lib/labs/biological-age.ts): nine markers taken within 30
// days of each other, each exact and in a unit the catalogue converts, with a date of birth; otherwise no
// figure and a sentence naming the input that is missing, censored or too far apart. Properties: the
// order the results come in, and the unit a lab printed them in, change nothing.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { biologicalAgeOf, type PhenoAgeInput } from '@/lib/labs/biological-age';
import { phenoAge, PHENOAGE_MARKERS, type PhenoAgeMarker, toPaperUnit } from '@/lib/labs/phenoage';

type Row = Parameters<typeof biologicalAgeOf>[0][number];

const BORN = new Date('1980-06-15T00:00:00Z');
let next = 0;
const row = (marker: PhenoAgeMarker, value: number, unit: string, takenOn: string, more: Partial<Row> = {}): Row => ({
  id: `r${(next += 1)}`,
  marker,
  value,
  unit,
  comparator: null,
  takenOn,
  low: null,
  high: null,
  report: { id: 'rep1', fileName: 'March bloods.pdf' },
  ...more,
});

/** A whole panel in US units, on one day. */
const panel = (takenOn: string, overrides: Partial<Record<PhenoAgeMarker, [number, string]>> = {}): Row[] => {
  const values: Record<PhenoAgeMarker, [number, string]> = {
    albumin: [4.6, 'g/dL'],
    creatinine: [0.98, 'mg/dL'],
    glucose: [92, 'mg/dL'],
    crp: [0.8, 'mg/L'],
    lymphocytes_pct: [31, '%'],
    mcv: [89, 'fL'],
    rdw: [12.9, '%'],
    alp: [68, 'U/L'],
    wbc: [5.8, '10^9/L'],
    ...overrides,
  };
  return PHENOAGE_MARKERS.map((marker) => row(marker, values[marker][0], values[marker][1], takenOn, { low: null, high: null }));
};

describe('biologicalAgeOf', () => {
  it('computes from one report, dated by it, with each input’s report and a calendar age on that day', () => {
    const result = biologicalAgeOf(panel('2026-03-04'), BORN);
    expect(result.refusal).toBeNull();
    expect(result.current?.on).toBe('2026-03-04');
    expect(result.current?.calendarAge).toBeCloseTo(45.72, 2);
    expect(result.current?.inputs.map((i) => i.report?.fileName)).toEqual(Array(9).fill('March bloods.pdf'));
    expect(result.trend).toHaveLength(1);
    const paper = Object.fromEntries(result.current!.inputs.map((i: PhenoAgeInput) => [i.marker, toPaperUnit(i.marker, i)!]));
    expect(result.current?.phenoAge).toBeCloseTo(phenoAge({ ...(paper as Record<PhenoAgeMarker, number>), age: result.current!.calendarAge }), 10);
  });

  it('combines reports within 30 days, and names the results too far apart when they are not', () => {
    const near = [...panel('2026-03-04').filter((r) => r.marker !== 'crp'), row('crp', 0.8, 'mg/L', '2026-02-02')];
    expect(biologicalAgeOf(near, BORN).current?.on).toBe('2026-03-04');
    const far = [...panel('2026-03-04').filter((r) => r.marker !== 'crp'), row('crp', 0.8, 'mg/L', '2026-02-01')];
    const refused = biologicalAgeOf(far, BORN);
    expect(refused.current).toBeNull();
    expect(refused.refusal).toBe(
      'Your newest CRP (1 Feb 2026) is more than 30 days before your newest albumin (4 Mar 2026): a biological age needs its nine results within 30 days of each other.',
    );
  });

  it('names the markers not measured yet', () => {
    const partial = panel('2026-03-04').filter((r) => r.marker !== 'rdw' && r.marker !== 'crp');
    expect(biologicalAgeOf(partial, BORN).refusal).toBe(
      'A biological age needs nine results from one blood test, or from tests within 30 days of each other. Not in your results yet: CRP and RDW.',
    );
  });

  it('refuses a CRP below the detection limit, saying so, and keeps the earlier figure in the trend', () => {
    const older = panel('2025-10-01');
    const newer = panel('2026-03-04', { crp: [0.3, 'mg/L'] }).map((r) => (r.marker === 'crp' ? { ...r, comparator: '<' } : r));
    const result = biologicalAgeOf([...older, ...newer], BORN);
    expect(result.current).toBeNull();
    expect(result.refusal).toBe('Your CRP on 4 Mar 2026 was < 0.3 mg/L, beyond what the lab could measure exactly, so a biological age from it would be a guess. A test that gives an exact CRP will give one.');
    expect(result.trend.map((e) => e.on)).toEqual(['2025-10-01']);
  });

  it('refuses without a date of birth, and a unit it cannot convert', () => {
    expect(biologicalAgeOf(panel('2026-03-04'), null).refusal).toBe('A biological age needs your date of birth: add it in your profile.');
    const odd = panel('2026-03-04', { alp: [1.1, 'µkat/L'], albumin: [46, 'mg/L'] });
    expect(biologicalAgeOf(odd, BORN).refusal).toBe('Your albumin on 4 Mar 2026 is in mg/L, which the biological age can’t convert to its own unit. Check the unit in your results.');
  });

  it('gives a trend over reports, oldest first, one figure per distinct set of results', () => {
    const result = biologicalAgeOf([...panel('2025-06-01'), ...panel('2025-12-01', { rdw: [14.1, '%'] }), ...panel('2026-03-04')], BORN);
    expect(result.trend.map((e) => e.on)).toEqual(['2025-06-01', '2025-12-01', '2026-03-04']);
    expect(result.trend[1]!.phenoAge).toBeGreaterThan(result.trend[0]!.phenoAge);
    expect(result.current).toBe(result.trend.at(-1));
  });

  it('says what a high CRP or white count cannot say', () => {
    const inflamed = panel('2026-03-04', { crp: [24, 'mg/L'], wbc: [12.4, '10^9/L'] }).map((r) => (r.marker === 'wbc' ? { ...r, low: 4, high: 11 } : r));
    const cautions = biologicalAgeOf(inflamed, BORN).current!.cautions;
    expect(cautions).toHaveLength(3);
    expect(cautions[1]).toMatch(/^Your CRP is above 10 mg\/L/);
    expect(cautions[2]).toMatch(/^Your white cell count is above your lab’s range/);
  });

  it('moves a result by its distance from the middle of the lab’s range, none without a two-ended range', () => {
    const ranged = panel('2026-03-04').map((r) => (r.marker === 'rdw' ? { ...r, value: 14.5, low: 11.5, high: 14.5 } : r));
    const inputs = biologicalAgeOf(ranged, BORN).current!.inputs;
    // RDW 1.5 points above the middle of 11.5–14.5: 0.3306 × 1.5 / 0.090165 years.
    expect(inputs.find((i) => i.marker === 'rdw')!.years).toBeCloseTo((0.3306 * 1.5) / 0.090165, 6);
    expect(inputs.find((i) => i.marker === 'albumin')!.years).toBeNull();
  });

  it('does not depend on the order of the results, nor on the SI or US units a lab printed', () => {
    const us = panel('2026-03-04');
    const si = panel('2026-03-04', { albumin: [46, 'g/L'], creatinine: [0.98 * 88.42, 'µmol/L'], glucose: [92 / 18.016, 'mmol/L'], crp: [0.08, 'mg/dL'], wbc: [5.8, 'x10E3/uL'] });
    const expected = biologicalAgeOf(us, BORN).current!.phenoAge;
    expect(biologicalAgeOf(si, BORN).current!.phenoAge).toBeCloseTo(expected, 2);
    fc.assert(
      fc.property(fc.shuffledSubarray([...us, ...panel('2025-01-10')], { minLength: 18, maxLength: 18 }), (shuffled) => {
        expect(biologicalAgeOf(shuffled, BORN).current!.phenoAge).toBeCloseTo(expected, 10);
      }),
    );
  });
});
