import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  feetInchesText,
  HEIGHT_INCH_RANGE,
  readWeight,
  splitInches,
  totalInches,
  WEIGHT_RANGE,
  weightRangeMessage,
  weightText,
} from '@/lib/onboarding/body-entry';
import { feetInchesToCm, weightToKg, WEIGHT_UNITS } from '@/lib/units';
import { heightSchema, weightSchema } from '@/lib/validation/onboarding';

describe('the typed weight', () => {
  it('has the sliders’ ends: 30 to 200 kg, 66.1 to 440.9 lbs', () => {
    expect(WEIGHT_RANGE).toEqual({ kg: { min: 30, max: 200 }, lbs: { min: 66.1, max: 440.9 } });
  });

  it('says SPEC §5’s words in the unit shown', () => {
    expect(weightRangeMessage('Current weight', 'kg')).toBe('Current weight must be between 30 and 200 kg.');
    expect(weightRangeMessage('Goal weight', 'lbs')).toBe('Goal weight must be between 66.1 and 440.9 lbs.');
  });

  it.each<[string, 'kg' | 'lbs', number | null]>([
    ['72.5', 'kg', 72.5],
    [' 72,5 ', 'kg', 72.5],
    ['88', 'kg', 88],
    ['88.45', 'kg', 88.5],
    ['30', 'kg', 30],
    ['200', 'kg', 200],
    ['29.9', 'kg', null],
    ['200.1', 'kg', null],
    ['', 'kg', null],
    ['abc', 'kg', null],
    ['7e1', 'kg', null],
    ['-50', 'kg', null],
    ['66', 'lbs', null],
    ['66.1', 'lbs', 66.1],
    ['440.9', 'lbs', 440.9],
    ['441', 'lbs', null],
  ])('reads %j in %s as %p', (text, unit, expected) => {
    expect(readWeight(text, unit)).toBe(expected);
  });

  it('reads back every weight the slider can show, and the server accepts it once in kg', () => {
    const unitAndTenths = fc.constantFrom(...WEIGHT_UNITS).chain((unit) =>
      fc.tuple(fc.constant(unit), fc.integer({ min: Math.round(WEIGHT_RANGE[unit].min * 10), max: Math.round(WEIGHT_RANGE[unit].max * 10) })),
    );
    fc.assert(
      fc.property(unitAndTenths, ([unit, tenths]) => {
        const value = tenths / 10;
        expect(readWeight(weightText(value), unit)).toBe(value);
        expect(weightSchema.safeParse({ current_weight: weightToKg(unit, value) }).success).toBe(true);
      }),
    );
  });
});

describe('the height slider in feet and inches', () => {
  it('runs from 1 ft 0 in to 8 ft 2 in, both inside the 30 to 250 cm the server takes', () => {
    expect(HEIGHT_INCH_RANGE).toEqual({ min: 12, max: 98 });
    expect(feetInchesText(HEIGHT_INCH_RANGE.min)).toBe('1 ft 0 in');
    expect(feetInchesText(HEIGHT_INCH_RANGE.max)).toBe('8 ft 2 in');
    expect(heightSchema.safeParse({ height: feetInchesToCm({ feet: 1, inches: 0 }) }).success).toBe(true);
    expect(heightSchema.safeParse({ height: feetInchesToCm({ feet: 8, inches: 2 }) }).success).toBe(true);
  });

  it('splits any slider value into fields that add back up to it', () => {
    fc.assert(
      fc.property(fc.integer(HEIGHT_INCH_RANGE), (inches) => {
        const fields = splitInches(inches);
        expect(Number(fields.inches)).toBeLessThan(12);
        expect(totalInches(fields.feet, fields.inches)).toBe(inches);
      }),
    );
  });

  it('has no height while both fields are empty', () => {
    expect(totalInches('', '')).toBeUndefined();
    expect(totalInches('5', '')).toBe(60);
  });
});
