import { describe, expect, it } from '@jest/globals';
import { chartDayLabel } from '@/lib/format';

// A chart's day labels: a year's range (which always crosses into another calendar year) names the year,
// so that its two "3 Mar"s are told apart; a range within one year does not repeat it.
describe('chartDayLabel', () => {
  it('names the year when the days cross into another calendar year', () => {
    const days = ['2025-11-28', '2026-03-03', '2026-11-27'];
    expect(days.map(chartDayLabel(days))).toEqual(['28 Nov 2025', '3 Mar 2026', '27 Nov 2026']);
  });

  it('leaves it out within one year', () => {
    const days = ['2026-01-01', '2026-03-03', '2026-12-31'];
    expect(days.map(chartDayLabel(days))).toEqual(['1 Jan', '3 Mar', '31 Dec']);
  });
});
