import { describe, expect, it } from '@jest/globals';
import { toNgPerDl } from '@/lib/labs/testosterone';

describe('toNgPerDl', () => {
  it.each([
    [500, 'ng/dL', 500],
    [17.1, 'nmol/L', 493.2],
    [17.1, 'NMOL/L', 493.2],
    [5.2, 'ng/mL', 520],
  ])('%p %s is %p ng/dL', (value, unit, expected) => {
    expect(toNgPerDl(value, unit)).toBe(expected);
  });

  it('refuses units it cannot convert', () => {
    expect(toNgPerDl(10, 'pg/mL')).toBeNull();
    expect(toNgPerDl(Number.NaN, 'ng/dL')).toBeNull();
  });
});
