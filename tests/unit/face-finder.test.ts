// The face finder's own arithmetic (lib/client/face-finder.ts), without the detector: the brightness
// stretch that lets a dark face in a dim room reach the detector as a well-exposed one does, and the
// overlap that keeps a found face tracked at a lower score. The detector itself runs in Chromium
// (tests/e2e/vitals-scan.spec.ts: a type VI face at 70 % light is found).
import { describe, expect, it } from '@jest/globals';
import { brightnessTable, overlap } from '@/lib/client/face-finder';

/** An RGBA frame whose pixels take the given colours in turn. */
const frame = (colours: readonly (readonly [number, number, number])[], pixels = 4000) =>
  Uint8ClampedArray.from({ length: pixels * 4 }, (_, i) => (i % 4 === 3 ? 255 : colours[Math.floor(i / 4) % colours.length]![i % 4]!));

describe('brightnessTable', () => {
  it('spreads a dim frame (a type VI face at 70 % light on its wall) over the whole range, and lifts its middle', () => {
    const dim = frame([
      [43, 29, 22],
      [30, 20, 15],
      [78, 85, 97],
      [55, 60, 70],
    ]);
    const table = brightnessTable(dim)!;
    expect(table).not.toBeNull();
    expect(table[22]).toBe(0);
    expect(table[90]).toBe(255);
    // The face's middle tone, about a third of the way up the frame's range, comes out brighter than a linear stretch would put it.
    expect(table[45]!).toBeGreaterThan(((45 - 22) / (84 - 22)) * 255);
  });

  it('never darkens a well-exposed frame: the stretch alone, no gamma', () => {
    const bright = frame([
      [20, 20, 20],
      [140, 140, 140],
      [160, 160, 160],
      [240, 240, 240],
    ]);
    const table = brightnessTable(bright)!;
    expect(table[140]).toBe(Math.round(((140 - 20) / 220) * 255));
  });

  it('leaves a flat frame (a covered lens) as it is', () => {
    expect(brightnessTable(frame([[12, 12, 12], [14, 14, 14]]))).toBeNull();
  });
});

describe('overlap', () => {
  it('is the share of the union two boxes have in common', () => {
    expect(overlap({ x: 0, y: 0, w: 1, h: 1 }, { x: 0, y: 0, w: 1, h: 1 })).toBe(1);
    expect(overlap({ x: 0, y: 0, w: 0.2, h: 0.2 }, { x: 0.5, y: 0.5, w: 0.2, h: 0.2 })).toBe(0);
    expect(overlap({ x: 0, y: 0, w: 2, h: 1 }, { x: 1, y: 0, w: 2, h: 1 })).toBeCloseTo(1 / 3, 9);
  });
});
