import { describe, expect, it } from '@jest/globals';
import { cmToFeetInches, feetInchesToCm, kgToLbs, lbsToKg, roundToTenth } from '@/lib/units';

describe('cmToFeetInches (inches = cm × 0.393701)', () => {
  it.each<[number, number, number]>([
    [175, 5, 9],
    [250, 8, 2],
    [180, 5, 11],
    [160, 5, 3],
    [100, 3, 3],
  ])('%d cm is %d ft %d in', (cm, feet, inches) => {
    expect(cmToFeetInches(cm)).toEqual({ feet, inches });
  });

  it.each<[number, number]>([
    // 30 cm is 11.81 in: 0 ft 12 in after rounding.
    [30, 1],
    // 182 cm is 71.65 in: 5 ft 11.65 in.
    [182, 6],
    // 152 cm is 59.84 in: 4 ft 11.84 in.
    [152, 5],
  ])('%d cm carries 12 rounded inches into %d ft 0 in', (cm, feet) => {
    expect(cmToFeetInches(cm)).toEqual({ feet, inches: 0 });
  });

  it('never gives 12 inches anywhere in the allowed range', () => {
    for (let cm = 30; cm <= 250; cm += 1) expect(cmToFeetInches(cm).inches).toBeLessThan(12);
  });
});

describe('feetInchesToCm (1 ft = 30.48 cm, 1 in = 2.54 cm, whole cm)', () => {
  it.each<[number, number, number]>([
    [5, 9, 175], // 175.26
    [6, 0, 183], // 182.88
    [1, 0, 30], // 30.48
    [8, 2, 249], // 248.92: 250 cm shows as 8 ft 2 in, which is 249 cm back
    [5, 10, 178], // 177.8
    [0, 0, 0],
  ])('%d ft %d in is %d cm', (feet, inches, cm) => {
    expect(feetInchesToCm({ feet, inches })).toBe(cm);
  });

  it('reads inches past 11 as more feet', () => {
    expect(feetInchesToCm({ feet: 5, inches: 12 })).toBe(feetInchesToCm({ feet: 6, inches: 0 }));
  });

  it('gives back every whole cm from 30 to 250 within half an inch', () => {
    for (let cm = 30; cm <= 250; cm += 1) expect(Math.abs(feetInchesToCm(cmToFeetInches(cm)) - cm)).toBeLessThanOrEqual(1.27);
  });
});

describe('kg and lbs (1 kg = 2.20462 lbs, to 0.1)', () => {
  it.each<[number, number]>([
    [95, 209.4],
    [80, 176.4],
    [200, 440.9],
    [30, 66.1],
  ])('%d kg is %d lbs and back', (kg, lbs) => {
    expect(kgToLbs(kg)).toBe(lbs);
    expect(lbsToKg(lbs)).toBe(kg);
  });

  it.each<[number, number]>([
    [200, 90.7],
    [180, 81.6],
    [150.5, 68.3],
  ])('%d lbs is %d kg', (lbs, kg) => {
    expect(lbsToKg(lbs)).toBe(kg);
  });

  it('keeps the lbs slider ends inside 30 to 200 kg', () => {
    expect(lbsToKg(66.1)).toBe(30);
    expect(lbsToKg(440.9)).toBe(200);
  });
});

describe('roundToTenth', () => {
  it.each<[number, number]>([
    [94.96, 95],
    [94.94, 94.9],
    [0.05, 0.1],
    [72.25, 72.3],
  ])('%d → %d', (value, rounded) => {
    expect(roundToTenth(value)).toBe(rounded);
  });
});
