// The member's lab units (lib/labs/lab-units.ts): each marker in his system, the conversions
// checked against figures published apart from this code's catalogue, and properties that must hold
// whatever the figure: a round trip gives it back, the system never moves a result across its lab's limit.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { rangeFlag } from '@/lib/labs/flags';
import { convertedFigure, defaultLabUnits, inMemberUnits, inSystem, LAB_UNIT_SYSTEMS, testosteroneFigure, unitIn, unitLabel } from '@/lib/labs/lab-units';
import { LAB_MARKER_KEYS, listedUnit } from '@/lib/labs/markers';

describe('the units of each system', () => {
  it('names, for every marker in each system, a unit the catalogue converts', () => {
    for (const system of LAB_UNIT_SYSTEMS) for (const marker of LAB_MARKER_KEYS) expect([marker, listedUnit(marker, unitIn(marker, system))]).toEqual([marker, unitIn(marker, system)]);
  });

  it('starts a member in the United States on conventional units, one elsewhere on SI, one who gave no country on the SPEC’s ng/dL', () => {
    expect([defaultLabUnits('us'), defaultLabUnits('US'), defaultLabUnits('gb'), defaultLabUnits('de'), defaultLabUnits(null)]).toEqual(['conventional', 'conventional', 'si', 'si', 'conventional']);
  });

  it('writes a count’s power of ten raised and µ for u', () => {
    expect([unitLabel('10^9/L'), unitLabel('x10E3/uL'), unitLabel('x10E6/uL'), unitLabel('10^12/L'), unitLabel('ug/L'), unitLabel('nmol/L')]).toEqual(['×10⁹/L', '×10³/µL', '×10⁶/µL', '×10¹²/L', 'µg/L', 'nmol/L']);
  });
});

describe('conversions against published figures', () => {
  // Each pair as a clinical reference prints it, not from the catalogue: testosterone 1 nmol/L = 28.84
  // ng/dL; glucose 1 mmol/L = 18.0 mg/dL; 25-hydroxyvitamin D 1 ng/mL = 2.496 nmol/L (the Endocrine
  // Society's "30 ng/mL (75 nmol/L)"); cholesterol 1 mmol/L = 38.67 mg/dL; HbA1c 48 mmol/mol is the 6.5 %
  // of the WHO's diabetes threshold (IFCC–NGSP master equation); creatinine 1 mg/dL = 88.4 µmol/L.
  const cases: [Parameters<typeof inSystem>[0], number, string, 'conventional' | 'si', number, string][] = [
    ['total_testosterone', 17.1, 'nmol/L', 'conventional', 493, 'ng/dL'],
    ['total_testosterone', 612, 'ng/dL', 'si', 21.2, 'nmol/L'],
    ['glucose', 5.5, 'mmol/L', 'conventional', 99.1, 'mg/dL'],
    ['glucose', 126, 'mg/dL', 'si', 7, 'mmol/L'],
    ['vitamin_d', 30, 'ng/mL', 'si', 74.9, 'nmol/L'],
    ['vitamin_d', 50, 'nmol/L', 'conventional', 20, 'ng/mL'],
    ['total_cholesterol', 5, 'mmol/L', 'conventional', 193, 'mg/dL'],
    ['hba1c', 48, 'mmol/mol', 'conventional', 6.54, '%'],
    ['hba1c', 6.5, '%', 'si', 47.5, 'mmol/mol'],
    ['creatinine', 1, 'mg/dL', 'si', 88.4, 'µmol/L'],
  ];
  it.each(cases)('%s %d %s in %s units is %d %s', (marker, value, unit, system, expected, expectedUnit) => {
    const shown = inSystem(marker, value, unit, system)!;
    expect(shown.unit).toBe(expectedUnit);
    expect(convertedFigure(shown.value)).toBeCloseTo(expected, 1);
  });

  it('leaves a result in the member’s unit as printed, and one the catalogue cannot convert as printed', () => {
    expect(inMemberUnits('total_testosterone', { value: 17.1, unit: 'nmol/L', low: 8.6, high: 29 }, 'si')).toEqual({ value: 17.1, unit: 'nmol/L', low: 8.6, high: 29, printed: null });
    expect(inMemberUnits('total_testosterone', { value: 17.1, unit: 'furlongs', low: null, high: null }, 'si')).toEqual({ value: 17.1, unit: 'furlongs', low: null, high: null, printed: null });
  });

  it('writes the dashboard’s testosterone as /my_results writes the same result', () => {
    const shown = inMemberUnits('total_testosterone', { value: 17.1, unit: 'nmol/L', low: 8.6, high: 29 }, 'conventional');
    expect(shown).toEqual({ value: 493, unit: 'ng/dL', low: 248, high: 836, printed: { value: 17.1, unit: 'nmol/L', low: 8.6, high: 29 } });
    // The dashboard holds it in ng/dL as stored (17.1 × 28.842 = 493.2).
    expect(testosteroneFigure(493.2, 'conventional')).toEqual({ value: 493, unit: 'ng/dL' });
    expect(testosteroneFigure(493.2, 'si')).toEqual({ value: 17.1, unit: 'nmol/L' });
  });
});

describe('properties', () => {
  const markers = fc.constantFrom(...LAB_MARKER_KEYS);
  const systems = fc.constantFrom(...LAB_UNIT_SYSTEMS);

  it('a round trip into the other system and back gives the figure again (before rounding)', () => {
    fc.assert(
      fc.property(markers, systems, fc.double({ min: 0.01, max: 5000, noNaN: true }), (marker, system, value) => {
        const other = system === 'si' ? 'conventional' : 'si';
        const there = inSystem(marker, value, unitIn(marker, system), other)!;
        const back = inSystem(marker, there.value, there.unit, system)!;
        expect(back.value).toBeCloseTo(value, 6);
      }),
    );
  });

  it('the system never moves a result across its lab’s limit: the flag is the same in either', () => {
    fc.assert(
      fc.property(markers, fc.double({ min: 0.1, max: 1000, noNaN: true }), fc.double({ min: 0.1, max: 1000, noNaN: true }), (marker, a, b) => {
        const printed = { value: a, unit: unitIn(marker, 'conventional'), low: Math.min(a, b) === a ? null : b / 2, high: b };
        const shown = LAB_UNIT_SYSTEMS.map((system) => inMemberUnits(marker, printed, system));
        const flags = shown.map((figure) => rangeFlag({ value: figure.value, comparator: null, low: figure.low, high: figure.high }));
        const printedFlag = rangeFlag({ value: a, comparator: null, low: printed.low, high: printed.high });
        // A converted figure is rounded (three significant digits): only a result within that rounding of its
        // limit may read otherwise. Judged in each unit as shown, since a conversion with an offset (HbA1c's
        // % to mmol/mol) makes a figure near zero in one unit a large one in the other.
        const near = (value: number, limit: number | null) => limit !== null && Math.abs(value - limit) <= Math.abs(limit) * 0.01;
        const nearLimit = [printed, ...shown].some((figure) => near(figure.value, figure.low) || near(figure.value, figure.high));
        if (!nearLimit) expect(flags).toEqual([printedFlag, printedFlag]);
      }),
      // The seed of a run that once failed here (HbA1c 0.101 % against a limit of 0.1 %), kept as a regression.
      { examples: [['hba1c', 0.101, 0.1]] },
    );
  });
});
