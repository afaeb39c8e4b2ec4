import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { dayCount, draftFromSaved, draftToIso, EMPTY_BIRTH_DATE, missingParts, withPart } from '@/lib/onboarding/birth-date-draft';
import { birthYears, daysInMonth } from '@/lib/onboarding/birth-date';

describe('draftFromSaved', () => {
  it('starts empty when nothing is saved: no made-up date', () => {
    expect(draftFromSaved(null)).toEqual({ day: '', month: '', year: '' });
    expect(draftToIso(draftFromSaved(null))).toBe('');
  });

  it('shows a saved date as the selects hold it', () => {
    expect(draftFromSaved('1988-04-30')).toEqual({ day: '30', month: '4', year: '1988' });
    expect(draftFromSaved('1984-02-29')).toEqual({ day: '29', month: '2', year: '1984' });
  });

  it('starts empty, never at a default, for a saved date the selects cannot show', () => {
    expect(draftFromSaved('1901-03-04')).toEqual(EMPTY_BIRTH_DATE);
    expect(draftFromSaved('not a date')).toEqual(EMPTY_BIRTH_DATE);
  });

  it('gives back every date the selects can show, unchanged', () => {
    const offered = fc
      .record({ year: fc.constantFrom(...birthYears()), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
      .filter(({ year, month, day }) => day <= daysInMonth(year, month))
      .map(({ year, month, day }) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    fc.assert(fc.property(offered, (iso) => expect(draftToIso(draftFromSaved(iso))).toBe(iso)));
  });
});

describe('withPart and dayCount', () => {
  it('offers 31 days before a month is chosen, and 29 for February before a year is', () => {
    expect(dayCount(EMPTY_BIRTH_DATE)).toBe(31);
    expect(dayCount({ day: '', month: '2', year: '' })).toBe(29);
    expect(dayCount({ day: '', month: '2', year: '2023' })).toBe(28);
  });

  it("moves a day the new month or year lacks to that month's last day", () => {
    const feb29 = withPart(withPart(withPart(EMPTY_BIRTH_DATE, 'day', '29'), 'month', '2'), 'year', '2024');
    expect(feb29).toEqual({ day: '29', month: '2', year: '2024' });
    expect(withPart(feb29, 'year', '2023').day).toBe('28');
    expect(withPart({ day: '31', month: '1', year: '' }, 'month', '4').day).toBe('30');
  });

  it('leaves an empty day empty', () => {
    expect(withPart(EMPTY_BIRTH_DATE, 'month', '4')).toEqual({ day: '', month: '4', year: '' });
  });
});

describe('missingParts and draftToIso', () => {
  it('names the parts not chosen, in the order shown, and gives no date until all are', () => {
    expect(missingParts(EMPTY_BIRTH_DATE)).toEqual(['day', 'month', 'year']);
    expect(missingParts({ day: '3', month: '', year: '1990' })).toEqual(['month']);
    expect(draftToIso({ day: '3', month: '', year: '1990' })).toBe('');
    expect(draftToIso({ day: '3', month: '5', year: '1990' })).toBe('1990-05-03');
  });
});
