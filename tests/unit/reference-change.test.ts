// Is a change real (lib/labs/reference-change.ts)? The reference change value against worked
// examples published apart from this code, and properties that must hold whatever the figures: the verdict
// never depends on the unit the two results are in, nor on which of them is called the first.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { BIOLOGICAL_VARIATION, changeVerdict, logLimit, referenceChangeLimits, verdictText } from '@/lib/labs/reference-change';
import { convertToCanonical, LAB_MARKERS, type LabMarkerKey } from '@/lib/labs/markers';

const judged = Object.keys(BIOLOGICAL_VARIATION) as LabMarkerKey[];

describe('the reference change value against published worked examples', () => {
  // Log-normal, Z = 1.96, as their formula states: BMC Vet Res 2020, doi:10.1186/s12917-020-02729-1, Table 4
  // (insulin and HOMA-IR), which gives each limit as a percent of the first result ("increase 364": a
  // second result 364 % of the first, +264 %; "decrease 27": 27 % of the first, −73 %).
  it.each([
    ['insulin, all', 0.066, 0.487, 364, 27],
    ['insulin, lean', 0.066, 0.38, 281, 36],
    ['HOMA-IR, all', 0.074, 0.51, 385, 26],
    ['HOMA-IR, lean', 0.074, 0.382, 284, 35],
  ])('log-normal: %s (CVA %f, CVI %f) gives %i % and %i % of the first result', (_name, cva, cvi, increase, decrease) => {
    const { up, down } = referenceChangeLimits(cvi, cva);
    expect([Math.round((1 + up) * 100), Math.round((1 - down) * 100)]).toEqual([increase, decrease]);
  });

  // The classic (Harris) RCV, √2·Z·√(CVA² + CVI²) at Z = 1.96, as published; for variations this small the
  // log-normal limit, as a percent, is the same figure (Fokkema et al., Clin Chem 2006;52:1602).
  it.each([
    ['troponin I in renal failure (Lan et al., CCLM 2020;58:1941)', 0.058, 0.026, 17.6],
    ['troponin I, hourly (same)', 0.14, 0.088, 45.8],
    ['25-OH vitamin D (Cokluk et al., Clin Lab 2021, doi:10.7754/Clin.Lab.2021.210102)', 0.034, 0.082, 24.7],
    ['ferritin (same)', 0.0227, 0.0621, 18.3],
    ['transferrin (same)', 0.0062, 0.036, 10.1],
    ['folate (same)', 0.0471, 0.103, 31.4],
    ['vitamin B12 (same)', 0.061, 0.0577, 23.4],
  ])('classic: %s (CVA %f, CVI %f) is %f %', (_name, cva, cvi, rcv) => {
    expect(Math.abs(logLimit(cvi, cva) * 100 - rcv)).toBeLessThanOrEqual(0.2);
  });

  it('takes the analytical variation as half the within-person one (Ricós et al. 2004) when none is given', () => {
    expect(referenceChangeLimits(0.16)).toEqual(referenceChangeLimits(0.16, 0.08));
    // Testosterone (CVI 16 %): a rise must pass 64 %, a fall 39 %.
    const { up, down } = referenceChangeLimits(BIOLOGICAL_VARIATION.total_testosterone!.cvi);
    expect([Math.round(up * 100), Math.round(down * 100)]).toEqual([64, 39]);
  });
});

describe('the verdict', () => {
  it('says a testosterone rise from 398 to 493 ng/dL is within its usual variation, and one to 700 is likely real', () => {
    expect(verdictText(changeVerdict('total_testosterone', 398, 493)!)).toBe('up 24 %, within this test’s usual variation of 64 %');
    expect(verdictText(changeVerdict('total_testosterone', 398, 700)!)).toBe('up 76 %, more than this test’s usual variation of 64 %, so likely a real change');
    expect(verdictText(changeVerdict('total_testosterone', 700, 398)!)).toBe('down 43 %, more than this test’s usual variation of 39 %, so likely a real change');
    // Vitamin D (CVI 8.2 %, CVA 4.1 %): k = 1.96·√2·√(ln 1.006724 + ln 1.001681) = 0.2538, and e^k − 1 = 29 %.
    expect(verdictText(changeVerdict('vitamin_d', 27.4, 27.4)!)).toBe('no change, within this test’s usual variation of 29 %');
  });

  it('gives a decimal where whole percents would read the same on both sides', () => {
    const { up } = referenceChangeLimits(BIOLOGICAL_VARIATION.total_testosterone!.cvi);
    const text = verdictText(changeVerdict('total_testosterone', 100, 100 * (1 + up) + 0.1)!);
    expect(text).toMatch(/^up 63\.\d %, more than this test’s usual variation of 63\.\d %/);
    const [moved, usual] = [...text.matchAll(/(\d+\.\d) %/g)].map((m) => Number(m[1]));
    expect(moved).toBeGreaterThan(usual!);
  });

  it('gives none for a marker without a published variation, or a figure that is not above 0', () => {
    expect(changeVerdict('ferritin', 40, 120)).toBeNull();
    expect(changeVerdict('hba1c', 5.4, 6.1)).toBeNull();
    expect(changeVerdict('vitamin_d', 0, 30)).toBeNull();
    expect(changeVerdict('vitamin_d', 30, Number.NaN)).toBeNull();
  });

  it('cites a source for every marker it judges', () => {
    for (const marker of judged) expect(BIOLOGICAL_VARIATION[marker]!.source.url).toMatch(/^https:\/\//);
  });
});

describe('properties', () => {
  const figure = fc.double({ min: 0.01, max: 10_000, noNaN: true });

  it('judges only markers whose units convert by a factor, so a percent change is the same in every unit', () => {
    for (const marker of judged) {
      for (const { unit } of LAB_MARKERS[marker].alternatives) {
        const [one, two] = [convertToCanonical(marker, 1, unit)!, convertToCanonical(marker, 2, unit)!];
        expect([marker, unit, two / one]).toEqual([marker, unit, expect.closeTo(2, 9)]);
      }
    }
  });

  it('gives the same verdict whichever result is the first', () => {
    fc.assert(
      fc.property(fc.constantFrom(...judged), figure, figure, (marker, a, b) => {
        expect(changeVerdict(marker, a, b)!.real).toBe(changeVerdict(marker, b, a)!.real);
      }),
    );
  });

  it('gives the same verdict and percent in any unit the lab printed the two in', () => {
    const withUnits = judged.filter((marker) => LAB_MARKERS[marker].alternatives.length);
    fc.assert(
      fc.property(
        fc.constantFrom(...withUnits).chain((marker) => fc.tuple(fc.constant(marker), fc.constantFrom(...LAB_MARKERS[marker].alternatives.map((a) => a.unit)))),
        figure,
        figure,
        ([marker, unit], a, b) => {
          const inUnit = changeVerdict(marker, a, b)!;
          const inOwn = changeVerdict(marker, convertToCanonical(marker, a, unit)!, convertToCanonical(marker, b, unit)!)!;
          // Away from the limit itself, and from no change at all, where a conversion's last binary digit could
          // tip either way (0.010000000000000024 against …23 is a fall in one unit and none in another).
          fc.pre(Math.abs(Math.abs(Math.log(b / a)) - logLimit(BIOLOGICAL_VARIATION[marker]!.cvi)) > 1e-9);
          fc.pre(Math.abs(b / a - 1) > 1e-9);
          expect([inUnit.real, inUnit.direction]).toEqual([inOwn.real, inOwn.direction]);
          // The percent alike to nine significant digits: a change of a million percent carries its rounding in its own size.
          expect(Math.abs(inUnit.change - inOwn.change)).toBeLessThanOrEqual(1e-9 * Math.max(1, inOwn.change));
        },
      ),
      { examples: [[['cortisol', 'ng/mL'], 0.010000000000000024, 0.010000000000000023]] },
    );
  });

  it('calls a change real exactly when it passes the limit of its direction', () => {
    fc.assert(
      fc.property(fc.constantFrom(...judged), figure, figure, (marker, a, b) => {
        const verdict = changeVerdict(marker, a, b)!;
        fc.pre(Math.abs(verdict.change - verdict.usual) > 1e-9);
        expect(verdict.real).toBe(verdict.direction !== 'same' && verdict.change > verdict.usual);
      }),
    );
  });
});
